package dev.boxoffice.bench.load;

import io.vertx.core.Vertx;
import java.util.function.LongConsumer;

/**
 * Open-model arrivals: new users start at a constant rate whatever the server does, each at its own intended time
 * {@code start + i / rate}. A one-shot timer wakes up when the next arrival is due (at most every millisecond) and
 * releases every arrival that is due by then; if the generator itself falls behind, the delay still counts in
 * latency, because users measure from the intended time they are given.
 */
public final class OpenLoop {

    private final Vertx vertx;
    private final StepRecorder recorder;
    private final LongConsumer arrival;
    private final long startNanos = System.nanoTime();
    private final double nanosBetween;
    private long released;

    private OpenLoop(Vertx vertx, double arrivalsPerSecond, StepRecorder recorder, LongConsumer arrival) {
        this.vertx = vertx;
        this.recorder = recorder;
        this.arrival = arrival;
        this.nanosBetween = 1e9 / arrivalsPerSecond;
    }

    /** Starts arrivals on the calling event loop; they stop when the step's recorder closes. */
    public static void start(Vertx vertx, double arrivalsPerSecond, StepRecorder recorder, LongConsumer arrival) {
        new OpenLoop(vertx, arrivalsPerSecond, recorder, arrival).releaseDue();
    }

    private void releaseDue() {
        if (recorder.closing()) {
            return;
        }
        long now = System.nanoTime();
        long due = (long) ((now - startNanos) / nanosBetween) + 1;
        while (released < due) {
            arrival.accept(intendedTime(released++));
        }
        long wait = intendedTime(released) - now;
        vertx.setTimer(Math.max(1, (wait + 999_999) / 1_000_000), timer -> releaseDue());
    }

    private long intendedTime(long index) {
        return startNanos + (long) (index * nanosBetween);
    }
}
