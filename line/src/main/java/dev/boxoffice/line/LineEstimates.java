package dev.boxoffice.line;

import dev.boxoffice.domain.WaitingRoom;
import java.util.concurrent.ThreadLocalRandom;

/**
 * What a waiting ticket is told: its position, the estimated wait, and when to ask again. The wait comes from the
 * room's rate, which the line keeper keeps to while admitted buyers leave as fast as they come (a rate measured while a
 * crowd arrives is a fraction of it, and overstated waits by a factor of ten in the queue benchmark). Retry-After is
 * that wait, a little later rather than earlier, so that a buyer who follows it is usually called by then and asks once
 * or twice, and buyers called together do not all come back in the same second. The nodes and the line service answer
 * alike from these.
 */
public final class LineEstimates {

    /** Retry-After at most: a buyer comes back within a place's claim window ({@link WaitingRoom#CLAIM_WINDOW}). */
    public static final long MAX_RETRY_AFTER_SECONDS = WaitingRoom.CLAIM_WINDOW.toSeconds() / 2;

    /**
     * A ticket told SOLD_OUT keeps its place, should a reservation be cancelled: asking again is worth it only after
     * a while, and the answer is the same until then.
     */
    public static final long SOLD_OUT_RETRY_SECONDS = 60;

    /**
     * A paused line calls nobody: a ticket polled meanwhile asks again after this long (its stream is told of the
     * resume at once).
     */
    public static final long PAUSED_RETRY_SECONDS = 10;

    /**
     * A waiting ticket's position (null before the draw), estimated wait (null while the line is paused: nobody is
     * called until its operators resume it) and Retry-After, in seconds.
     */
    public record Estimate(Long position, Long waitSeconds, long retryAfterSeconds) {

        public boolean paused() {
            return waitSeconds == null;
        }
    }

    private LineEstimates() {
    }

    /** A ticket {@code position} places from being called. */
    public static Estimate waiting(long position, int admitPerSecond) {
        double seconds = (double) position / admitPerSecond;
        return new Estimate(position, (long) Math.ceil(seconds), retryAfter(seconds, Math.min(5, seconds / 10)));
    }

    /** The line is paused: the ticket keeps its place, and no wait can be told until it is resumed. */
    public static Estimate paused(Long position) {
        return new Estimate(position, null, PAUSED_RETRY_SECONDS);
    }

    /** Before the draw a place is not known: the wait is until the on-sale, and half the line so far after it. */
    public static Estimate beforeDraw(long onSaleAtMillis, long numbered, int admitPerSecond, long nowMillis) {
        double untilStart = Math.max(0, onSaleAtMillis - nowMillis) / 1000.0;
        double lineSoFar = (double) numbered / admitPerSecond;
        return new Estimate(null, (long) Math.ceil(untilStart + lineSoFar / 2),
                retryAfter(untilStart, Math.min(30, Math.max(1, lineSoFar))));
    }

    /** {@code seconds}, then up to {@code spread} seconds later, at random; at least 1, at most the cap. */
    private static long retryAfter(double seconds, double spread) {
        double jittered = seconds + ThreadLocalRandom.current().nextDouble() * Math.max(spread, 0.0);
        return Math.max(1, Math.min(MAX_RETRY_AFTER_SECONDS, (long) Math.ceil(jittered)));
    }
}
