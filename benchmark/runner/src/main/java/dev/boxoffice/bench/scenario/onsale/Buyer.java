package dev.boxoffice.bench.scenario.onsale;

import dev.boxoffice.bench.client.ShowsApi;
import dev.boxoffice.bench.load.LoadClient;
import dev.boxoffice.bench.load.Request;
import dev.boxoffice.bench.load.StepRecorder;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import java.net.URI;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * One buyer of an on-sale crowd, modelled on a load test written against the reference implementation: it arrives,
 * opens a connection of its own, reserves a random seat of the show it wants and cancels it, and on any failure (a
 * 409 for a seat taken meanwhile, a 503, no answer) tries again, up to a number of retries. How soon it tries again is
 * its client type. All its callbacks run on the generator's event loop.
 */
final class Buyer {

    /** How a buyer's client retries. */
    enum Client {
        /** At once, whatever the answer said, as many real clients do. */
        IMPATIENT,
        /** After the answer's Retry-After (1 s without one), plus up to a second of jitter. */
        POLITE
    }

    /** What a buyer tells the step when it is done. */
    record Outcome(boolean completed, int attempts, int refusals, int noAnswer, long completionNanos) {
    }

    private final LoadClient client;
    private final StepRecorder recorder;
    private final Client type;
    private final UUID show;
    private final int seats;
    private final int retries;
    private final long arrivedNanos;
    private final SplittableRandom random;
    private final Consumer<Outcome> done;
    private int seat;
    private long retryAfterSeconds;
    private int attempts;
    private int refusals;
    private int noAnswer;

    Buyer(Vertx vertx, URI base, int timeoutMillis, StepRecorder recorder, Client type, UUID show, int seats,
            int retries, long arrivedNanos, SplittableRandom random, Consumer<Outcome> done) {
        this.client = LoadClient.pooled(vertx, base, 1, timeoutMillis);
        this.recorder = recorder;
        this.type = type;
        this.show = show;
        this.seats = seats;
        this.retries = retries;
        this.arrivedNanos = arrivedNanos;
        this.random = random;
        this.done = done;
    }

    void start() {
        seat = random.nextInt(seats);
        reserve(0, arrivedNanos);
    }

    private void reserve(int retry, long intendedNanos) {
        send(ShowsApi.RESERVE, intendedNanos, status -> {
            if (status == 200) {
                cancel(0, System.nanoTime()); // even once the step is over: its seat must not stay taken
            } else if (retry < retries) {
                if (status == 409) {
                    seat = random.nextInt(seats); // taken meanwhile: another one
                }
                later(status, at -> reserve(retry + 1, at));
            } else {
                finish(false);
            }
        });
    }

    private void cancel(int retry, long intendedNanos) {
        send(ShowsApi.CANCEL, intendedNanos, status -> {
            if (status == 200) {
                finish(true);
            } else if (retry < retries) {
                later(status, at -> cancel(retry + 1, at));
            } else {
                finish(false);
            }
        });
    }

    /** Sends one request on the buyer's connection; hands on its status, 0 for no answer. */
    private void send(Buffer action, long intendedNanos, Consumer<Integer> then) {
        attempts++;
        client.send(Request.of(HttpMethod.PATCH, ShowsApi.seat(show, seat), action), intendedNanos, recorder, true)
                .onSuccess(reply -> {
                    if (reply.isFailure()) {
                        noAnswer++;
                    } else if (reply.status() == 503 || reply.status() == 429) {
                        refusals++;
                        retryAfterSeconds = reply.retryAfterSeconds();
                    }
                    then.accept(reply.status());
                });
    }

    /**
     * Runs {@code retry} at once (impatient), or after Retry-After and jitter (polite), with its intended time; once
     * the step is over, the buyer gives up instead.
     */
    private void later(int status, Consumer<Long> retry) {
        if (type == Client.IMPATIENT) {
            retryUnlessOver(retry);
            return;
        }
        long seconds = status == 503 || status == 429 ? retryAfterSeconds : status == 409 ? 0 : 1;
        long waitMillis = seconds * 1000 + random.nextLong(1000);
        client.vertx().setTimer(Math.max(1, waitMillis), t -> retryUnlessOver(retry));
    }

    private void retryUnlessOver(Consumer<Long> retry) {
        if (recorder.closing()) {
            finish(false);
        } else {
            retry.accept(System.nanoTime());
        }
    }

    private void finish(boolean completed) {
        client.close();
        done.accept(new Outcome(completed, attempts, refusals, noAnswer, System.nanoTime() - arrivedNanos));
    }
}
