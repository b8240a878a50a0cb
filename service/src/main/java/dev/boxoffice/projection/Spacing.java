package dev.boxoffice.projection;

import io.vertx.core.Vertx;
import java.time.Duration;

/**
 * Spaces the starts of a repeated piece of work at least {@code interval} apart, so that a burst of wake-ups becomes
 * one run per interval. Confined to one Vert.x context, like the work it spaces.
 */
final class Spacing {

    private final Vertx vertx;
    private final long intervalNanos;
    private long lastStart;
    private boolean retryScheduled;

    Spacing(Vertx vertx, Duration interval) {
        this.vertx = vertx;
        this.intervalNanos = interval.toNanos();
        this.lastStart = System.nanoTime() - intervalNanos;
    }

    /**
     * True, counting it as a start, if the interval since the last start has passed; else false, and {@code retry}
     * runs once when it has (however many calls came meanwhile).
     */
    boolean tryStart(Runnable retry) {
        long wait = intervalNanos - (System.nanoTime() - lastStart);
        if (wait <= 0) {
            started();
            return true;
        }
        if (!retryScheduled) {
            retryScheduled = true;
            vertx.setTimer(Math.max(1, wait / 1_000_000), t -> {
                retryScheduled = false;
                retry.run();
            });
        }
        return false;
    }

    /** Counts a start made regardless of the interval. */
    void started() {
        lastStart = System.nanoTime();
    }
}
