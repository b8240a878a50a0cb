package dev.boxoffice.bench.scenario.queue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.boxoffice.bench.load.LoadClient;
import dev.boxoffice.bench.load.Reply;
import dev.boxoffice.bench.load.Request;
import dev.boxoffice.bench.load.StepRecorder;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.parsetools.RecordParser;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * One buyer of an on-sale through its show's waiting room, as a page would be, in four steps: it joins the line;
 * waits, asking again after each answer's Retry-After until it is admitted (or, {@link #following}, following its
 * ticket's stream, as the served page does); holds the best seat available with its admission token; and confirms the
 * hold. A refusal (503, 429) or a request without an answer is sent again after the Retry-After (a second without
 * one); every request goes through the step's {@link LoadClient}, which classifies how each ended. Its callbacks run
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
        /** Answered with a status that ends the try: a refusal other than 503 or 429 (which it asks again after). */
        REFUSED,
        /** The step ended while it waited to ask again. */
        STEP_ENDED
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

    private final LoadClient client;
    private final StepRecorder recorder;
    private final UUID show;
    private final long arrivedNanos;
    private final Consumer<Outcome> done;
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

    QueueBuyer(LoadClient client, StepRecorder recorder, UUID show, long arrivedNanos, Consumer<Outcome> done) {
        this(client, recorder, show, arrivedNanos, null, done);
    }

    /** With {@code admitted}, a buyer that stops once admitted and hands it its admission token. */
    QueueBuyer(LoadClient client, StepRecorder recorder, UUID show, long arrivedNanos, Consumer<String> admitted,
            Consumer<Outcome> done) {
        this.instead = admitted;
        this.client = client;
        this.recorder = recorder;
        this.show = show;
        this.arrivedNanos = arrivedNanos;
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
        join(arrivedNanos);
    }

    /** 1. Joins the line: a ticket, where it stands, and how long the line thinks it will wait. */
    private void join(long intendedNanos) {
        long sentNanos = System.nanoTime();
        send(Request.post("/shows/" + show + "/queue", null), intendedNanos, (reply, body) -> {
            if (reply.status() == 201) {
                joinSentNanos = sentNanos;
                joinedNanos = System.nanoTime();
                ticket = body.get("ticket").asText();
                ByteBuffer signed = ByteBuffer.wrap(Base64.getUrlDecoder().decode(ticket));
                number = signed.getLong(17);
                ticketMillis = signed.getLong(25);
                estimatedWait = body.path("estimatedWaitSeconds").asDouble(Double.NaN); // none while the line is paused
                standing(reply, body);
            } else if (reply.status() == 409 && "SOLD_OUT".equals(body.path("code").asText())) {
                finish(0, Ending.REFUSED_SOLD_OUT);
            } else {
                askAgainOrEnd(reply, () -> join(System.nanoTime()));
            }
        });
    }

    /** 2. Waits: asks where its ticket stands after each answer's Retry-After... */
    private void poll() {
        send(Request.get("/shows/" + show + "/queue/" + ticket), System.nanoTime(), (reply, body) -> {
            if (reply.status() == 200) {
                standing(reply, body);
            } else {
                askAgainOrEnd(reply, this::poll);
            }
        });
    }

    /** A polled answer, or the join's: the buyer then asks again later, or follows the stream. */
    private void standing(Reply reply, JsonNode body) {
        if (standings != null) {
            standings.seen(System.nanoTime(), body);
        }
        if (!"WAITING".equals(body.path("status").asText())) {
            settled(body);
        } else if (standings != null) {
            follow();
        } else {
            client.later(reply.retryAfterSeconds() * 1000, recorder, () -> unlessStepEnded(this::poll));
        }
    }

    /**
     * ...or follows its ticket's stream: each event where it stands, until one ends the wait; a stream refused or cut
     * is opened again after a second. Counted as a request answered when its status arrives.
     */
    private void follow() {
        requests++;
        client.stream("/shows/" + show + "/queue/" + ticket + "/stream", STREAM_IDLE_MILLIS, System.nanoTime(), recorder)
                .onFailure(failure -> client.later(1000, recorder, () -> unlessStepEnded(this::follow)))
                .onSuccess(response -> {
                    if (response.statusCode() != 200) {
                        response.body().onComplete(body -> askAgainOrEnd(new Reply(response.statusCode(),
                                response.headers(), Buffer.buffer(), null), this::follow));
                        return;
                    }
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
            client.later(1000, recorder, () -> unlessStepEnded(this::follow));
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

    /** 3. Admitted: holds the best seat available, with its admission token. */
    private void hold() {
        send(Request.post("/shows/" + show + "/holds", QueueLoad.HOLD_BEST_SEAT), System.nanoTime(), (reply, body) -> {
            if (reply.status() == 201) {
                confirm(reply.location().substring(reply.location().indexOf("/shows/")));
            } else if (reply.status() == 409 && "NO_SEATS_TOGETHER".equals(body.path("code").asText())) {
                finish(0, Ending.NO_SEAT_LEFT);
            } else {
                askAgainOrEnd(reply, this::hold);
            }
        });
    }

    /** 4. Confirms its hold: a purchase. */
    private void confirm(String holdPath) {
        send(Request.post(holdPath + "/confirm", null), System.nanoTime(), (reply, body) -> {
            if (reply.status() == 200) {
                finish(System.nanoTime(), Ending.PURCHASED);
            } else {
                askAgainOrEnd(reply, () -> confirm(holdPath));
            }
        });
    }

    /** A refusal (503, 429) or no answer is asked again after its Retry-After; any other answer ends the try. */
    private void askAgainOrEnd(Reply reply, Runnable again) {
        if (reply.status() == 503 || reply.status() == 429 || reply.isFailure()) {
            client.later(reply.retryAfterSeconds() * 1000, recorder, () -> unlessStepEnded(again));
        } else {
            finish(0, Ending.REFUSED);
        }
    }

    private void unlessStepEnded(Runnable next) {
        if (recorder.closing()) {
            finish(0, Ending.STEP_ENDED);
        } else {
            next.run();
        }
    }

    @FunctionalInterface
    private interface Answer {
        void handle(Reply reply, JsonNode body);
    }

    /** One request of the buyer's, with its admission token once it has one. */
    private void send(Request request, long intendedNanos, Answer then) {
        requests++;
        // a 409 is the sale's answer (sold out, no seat left), not an error
        client.send(request.with("Admission-Token", token), intendedNanos, recorder, true)
                .onSuccess(reply -> {
                    if (reply.status() == 503 || reply.status() == 429) {
                        refusals++;
                    }
                    then.handle(reply, parse(reply.body()));
                });
    }

    private void finish(long purchasedNanos, Ending ending) {
        done.accept(new Outcome(show, number, estimatedWait, joinSentNanos, joinedNanos, ticketMillis, admittedNanos,
                purchasedNanos, requests, refusals, ending));
    }

    private static JsonNode parse(Buffer bytes) {
        try {
            return bytes.length() == 0 ? JSON.nullNode() : JSON.readTree(bytes.getBytes());
        } catch (IOException e) {
            return JSON.nullNode();
        }
    }
}
