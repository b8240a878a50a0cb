package dev.boxoffice.bench.scenario.queue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.boxoffice.bench.load.StepRecorder;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.UUID;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * One buyer of an on-sale through its show's waiting room, as a page that polls would be: it joins the line, asks
 * again after each answer's Retry-After until it is admitted, then holds the best seat available with its admission
 * token and confirms the hold. Its callbacks run on the generator's event loop.
 */
final class QueueBuyer {

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * What a buyer tells the step when it is done.
     *
     * @param number          the arrival number its ticket carries (-1 if it never joined)
     * @param estimatedWait   the wait the queue estimated when it joined, seconds (NaN if it never joined, or joined a paused line)
     * @param joinSentNanos   when the join that got its ticket was sent
     * @param joinedNanos     when its join was answered
     * @param ticketMillis    when the line signed its ticket, epoch milliseconds (the ticket says)
     * @param admittedNanos   when it learned it was admitted (0 if never)
     * @param purchasedNanos  when its confirmation was answered (0 if it bought nothing)
     */
    record Outcome(UUID show, long number, double estimatedWait, long joinSentNanos, long joinedNanos, long ticketMillis,
            long admittedNanos, long purchasedNanos, int requests, int refusals, boolean expired) {

        boolean purchased() {
            return purchasedNanos > 0;
        }
    }

    private final Vertx vertx;
    private final HttpClient client;
    private final StepRecorder recorder;
    private final UUID show;
    private final long arrivedNanos;
    private final Consumer<Outcome> done;
    private final long timeoutMillis;
    private final Consumer<String> instead; // of holding once admitted: given the admission token
    private String ticket; // signed, not secret: kind, show, arrival number (at byte 17), time (at 25), MAC
    private String token;
    private long number = -1;
    private double estimatedWait = Double.NaN;
    private long joinSentNanos;
    private long joinedNanos;
    private long ticketMillis;
    private long admittedNanos;
    private int requests;
    private int refusals;

    QueueBuyer(Vertx vertx, HttpClient client, StepRecorder recorder, UUID show, long arrivedNanos,
            long timeoutMillis, Consumer<Outcome> done) {
        this(vertx, client, recorder, show, arrivedNanos, timeoutMillis, null, done);
    }

    /** With {@code admitted}, a buyer that stops once admitted and hands it its admission token. */
    QueueBuyer(Vertx vertx, HttpClient client, StepRecorder recorder, UUID show, long arrivedNanos,
            long timeoutMillis, Consumer<String> admitted, Consumer<Outcome> done) {
        this.instead = admitted;
        this.vertx = vertx;
        this.client = client;
        this.recorder = recorder;
        this.show = show;
        this.arrivedNanos = arrivedNanos;
        this.timeoutMillis = timeoutMillis;
        this.done = done;
    }

    void start() {
        long sentNanos = System.nanoTime();
        send(HttpMethod.POST, "/shows/" + show + "/queue", null, arrivedNanos, (status, headers, body) -> {
            if (status == 201) {
                joinSentNanos = sentNanos;
                joinedNanos = System.nanoTime();
                ticket = body.get("ticket").asText();
                ByteBuffer signed = ByteBuffer.wrap(Base64.getUrlDecoder().decode(ticket));
                number = signed.getLong(17);
                ticketMillis = signed.getLong(25);
                estimatedWait = body.path("estimatedWaitSeconds").asDouble(Double.NaN); // none while the line is paused
                standing(status, headers, body);
            } else {
                retryOrGiveUp(status, headers, this::start);
            }
        });
    }

    private void poll() {
        send(HttpMethod.GET, "/shows/" + show + "/queue/" + ticket, null, System.nanoTime(), (status, headers, body) -> {
            if (status == 200) {
                standing(status, headers, body);
            } else {
                retryOrGiveUp(status, headers, this::poll);
            }
        });
    }

    private void standing(int status, MultiMap headers, JsonNode body) {
        switch (body.get("status").asText()) {
            case "ADMITTED" -> {
                admittedNanos = System.nanoTime();
                token = body.get("admissionToken").asText();
                if (instead == null) {
                    hold();
                } else {
                    instead.accept(token);
                    finish(0, false);
                }
            }
            case "WAITING" -> later(seconds(headers.get("Retry-After")), this::poll);
            default -> finish(0, true);
        }
    }

    private void hold() {
        send(HttpMethod.POST, "/shows/" + show + "/holds", QueueLoad.HOLD_BEST_SEAT, System.nanoTime(), (status, headers, body) -> {
            if (status == 201) {
                confirm(headers.get("Location"));
            } else {
                retryOrGiveUp(status, headers, this::hold);
            }
        });
    }

    private void confirm(String location) {
        String path = location.substring(location.indexOf("/shows/")) + "/confirm";
        send(HttpMethod.POST, path, null, System.nanoTime(), (status, headers, body) -> {
            if (status == 200) {
                finish(System.nanoTime(), false);
            } else {
                retryOrGiveUp(status, headers, () -> confirm(location));
            }
        });
    }

    /** A refusal (503, 429) or no answer is asked again after Retry-After; anything else ends the buyer's try. */
    private void retryOrGiveUp(int status, MultiMap headers, Runnable again) {
        if (status == 503 || status == 429 || status == 0) {
            later(status == 0 ? 1 : seconds(headers.get("Retry-After")), again);
        } else {
            finish(0, false);
        }
    }

    private void later(long seconds, Runnable then) {
        recorder.retryScheduled();
        vertx.setTimer(Math.max(1, seconds * 1000), t -> {
            recorder.retryDue();
            if (recorder.closing()) {
                finish(0, false);
            } else {
                then.run();
            }
        });
    }

    private record Received(int status, MultiMap headers, Buffer body) {
    }

    @FunctionalInterface
    private interface Answer {
        void handle(int status, MultiMap headers, JsonNode body);
    }

    private void send(HttpMethod method, String path, Buffer body, long intendedNanos, Answer then) {
        requests++;
        recorder.sent();
        RequestOptions request = new RequestOptions().setMethod(method).setURI(path).setTimeout(timeoutMillis);
        if (body != null) {
            request.putHeader("Content-Type", "application/json");
        }
        if (token != null) {
            request.putHeader("Admission-Token", token);
        }
        client.request(request)
                .compose(sent -> body == null ? sent.send() : sent.send(body))
                .compose(response -> response.body().map(bytes -> new Received(response.statusCode(), response.headers(), bytes)))
                .onComplete(result -> {
                    if (result.failed()) {
                        recorder.failed(intendedNanos, result.cause() instanceof TimeoutException
                                || String.valueOf(result.cause().getMessage()).contains("timeout"));
                        then.handle(0, MultiMap.caseInsensitiveMultiMap(), JSON.nullNode());
                        return;
                    }
                    int status = result.result().status();
                    recorder.answered(intendedNanos, status, status == 409);
                    if (status == 503 || status == 429) {
                        refusals++;
                    }
                    then.handle(status, result.result().headers(), parse(result.result().body()));
                });
    }

    private void finish(long purchasedNanos, boolean expired) {
        done.accept(new Outcome(show, number, estimatedWait, joinSentNanos, joinedNanos, ticketMillis, admittedNanos,
                purchasedNanos, requests, refusals, expired));
    }

    private static JsonNode parse(Buffer bytes) {
        try {
            return bytes.length() == 0 ? JSON.nullNode() : JSON.readTree(bytes.getBytes());
        } catch (IOException e) {
            return JSON.nullNode();
        }
    }

    private static long seconds(String retryAfter) {
        try {
            return retryAfter == null ? 1 : Math.max(1, Long.parseLong(retryAfter.trim()));
        } catch (NumberFormatException e) {
            return 1;
        }
    }
}
