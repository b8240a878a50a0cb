package dev.boxoffice.bench.scenario.queue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.boxoffice.bench.load.StepRecorder;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.parsetools.RecordParser;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.UUID;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * One buyer of an on-sale through its show's waiting room, as a page would be: it joins the line, asks again after
 * each answer's Retry-After until it is admitted (or, {@link #following}, follows its ticket's stream, as the served
 * page does), then holds the best seat available with its admission token and confirms the hold. Its callbacks run
 * on the generator's event loop.
 */
final class QueueBuyer {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** A stream sends at least every 10 s; one silent three times as long is gone. */
    private static final long STREAM_IDLE_MILLIS = 30_000;

    /** How a buyer's try ended. */
    enum Ending {
        PURCHASED,
        /** Told that every seat is sold (its ticket's answer, or its stream's last event). */
        SOLD_OUT,
        /** Its join was refused with SOLD_OUT: the line took no one more. */
        REFUSED_SOLD_OUT,
        /** Admitted, and its hold was refused: no seat was left to hold. */
        NO_SEAT_LEFT,
        EXPIRED,
        /** Admitted, and handed its admission token on instead of holding. */
        ADMITTED,
        /** Anything else: another refusal, or the step's end. */
        GAVE_UP
    }

    /** Each answer a buyer had about where its ticket stands (polled or streamed), with when it arrived. */
    @FunctionalInterface
    interface Standings {
        void seen(long atNanos, JsonNode standing);
    }

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
            long admittedNanos, long purchasedNanos, int requests, int refusals, Ending ending) {

        boolean purchased() {
            return ending == Ending.PURCHASED;
        }

        boolean expired() {
            return ending == Ending.EXPIRED;
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
    private Standings standings; // with it, the buyer follows its ticket's stream instead of polling
    private boolean waitOver; // admitted, expired or sold out: its stream, if any, is done with
    private HttpClientResponse stream; // the ticket's stream while open
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

    /** The buyer follows its ticket's stream instead of polling, and shows {@code standings} every answer it has. */
    QueueBuyer following(Standings standings) {
        this.standings = standings;
        return this;
    }

    /** Stops waiting, its stream closed, without telling the step: the step is over. On the buyer's event loop. */
    void stop() {
        waitOver = true;
        if (stream != null) {
            stream.request().reset();
        }
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
            } else if (status == 409 && "SOLD_OUT".equals(body.path("code").asText())) {
                finish(0, Ending.REFUSED_SOLD_OUT);
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

    /** A polled answer, or the join's: the buyer then asks again later, or follows the stream. */
    private void standing(int status, MultiMap headers, JsonNode body) {
        if (standings != null) {
            standings.seen(System.nanoTime(), body);
        }
        if (!"WAITING".equals(body.path("status").asText())) {
            settled(body);
        } else if (standings != null) {
            follow();
        } else {
            later(seconds(headers.get("Retry-After")), this::poll);
        }
    }

    /** An answer that ends the wait: admitted, expired or sold out. */
    private void settled(JsonNode body) {
        waitOver = true;
        switch (body.path("status").asText()) {
            case "ADMITTED" -> {
                admittedNanos = System.nanoTime();
                token = body.get("admissionToken").asText();
                if (instead == null) {
                    hold();
                } else {
                    instead.accept(token);
                    finish(0, Ending.ADMITTED);
                }
            }
            case "SOLD_OUT" -> finish(0, Ending.SOLD_OUT);
            default -> finish(0, Ending.EXPIRED);
        }
    }

    /**
     * The ticket's stream: each event where it stands, until one ends the wait; a stream refused or cut is opened
     * again after a second. Counted as a request answered at its first event.
     */
    private void follow() {
        long sent = System.nanoTime();
        requests++;
        recorder.sent();
        client.request(new RequestOptions().setMethod(HttpMethod.GET).setURI("/shows/" + show + "/queue/" + ticket + "/stream")
                        .putHeader("Accept", "text/event-stream").setIdleTimeout(STREAM_IDLE_MILLIS))
                .compose(HttpClientRequest::send)
                .onFailure(failure -> {
                    recorder.failed(sent, timedOut(failure));
                    later(1, this::follow);
                })
                .onSuccess(response -> {
                    if (response.statusCode() != 200) {
                        recorder.answered(sent, response.statusCode(), false);
                        response.body().onComplete(body -> retryOrGiveUp(response.statusCode(), response.headers(), this::follow));
                        return;
                    }
                    recorder.answered(sent, 200, false);
                    stream = response;
                    response.handler(RecordParser.newDelimited("\n\n", event -> streamed(response, event)));
                    response.exceptionHandler(failure -> streamEnded(response));
                    response.endHandler(end -> streamEnded(response));
                });
    }

    /** One event of the stream: its data line is where the ticket stands. */
    private void streamed(HttpClientResponse response, Buffer event) {
        String text = event.toString();
        int data = text.indexOf("data:");
        if (data < 0 || waitOver) {
            return;
        }
        int end = text.indexOf('\n', data);
        JsonNode standing = parse(Buffer.buffer(text.substring(data + 5, end < 0 ? text.length() : end).strip()));
        standings.seen(System.nanoTime(), standing);
        if (!"WAITING".equals(standing.path("status").asText())) {
            response.request().reset();
            settled(standing);
        }
    }

    /** A stream that ended before the wait did is opened again (once: it may both fail and end). */
    private void streamEnded(HttpClientResponse ended) {
        if (ended == stream && !waitOver) {
            stream = null;
            later(1, this::follow);
        }
    }

    private void hold() {
        send(HttpMethod.POST, "/shows/" + show + "/holds", QueueLoad.HOLD_BEST_SEAT, System.nanoTime(), (status, headers, body) -> {
            if (status == 201) {
                confirm(headers.get("Location"));
            } else if (status == 409 && "NO_SEATS_TOGETHER".equals(body.path("code").asText())) {
                finish(0, Ending.NO_SEAT_LEFT);
            } else {
                retryOrGiveUp(status, headers, this::hold);
            }
        });
    }

    private void confirm(String location) {
        String path = location.substring(location.indexOf("/shows/")) + "/confirm";
        send(HttpMethod.POST, path, null, System.nanoTime(), (status, headers, body) -> {
            if (status == 200) {
                finish(System.nanoTime(), Ending.PURCHASED);
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
            finish(0, Ending.GAVE_UP);
        }
    }

    private void later(long seconds, Runnable then) {
        recorder.retryScheduled();
        vertx.setTimer(Math.max(1, seconds * 1000), t -> {
            recorder.retryDue();
            if (recorder.closing()) {
                finish(0, Ending.GAVE_UP);
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
                        recorder.failed(intendedNanos, timedOut(result.cause()));
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

    private void finish(long purchasedNanos, Ending ending) {
        done.accept(new Outcome(show, number, estimatedWait, joinSentNanos, joinedNanos, ticketMillis, admittedNanos,
                purchasedNanos, requests, refusals, ending));
    }

    private static boolean timedOut(Throwable failure) {
        return failure instanceof TimeoutException || String.valueOf(failure.getMessage()).contains("timeout");
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
