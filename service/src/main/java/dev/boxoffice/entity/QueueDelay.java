package dev.boxoffice.entity;

/**
 * The bound on an entity's queueing delay: work is refused when the oldest work queued has already waited longer
 * than the bound, because the entity gets through less than arrives and queueing more would only make every caller
 * wait longer (CoDel's insight: a queue's delay, not its length, tells a standing queue from a burst).
 *
 * <p>The wait counts from the end of the entity's first load, not before: a load is paid once per residency, and at a
 * cold start (every show loading at once, the JIT still compiling) it alone outlasts the bound, so counting it
 * refused requests that were all served within seconds (measured: docs/decisions/0001).
 */
final class QueueDelay {

    /** The time an entity is serving since while its first load has not ended. */
    static final long NOT_SERVING = Long.MIN_VALUE;

    private QueueDelay() {
    }

    /** Whether work arriving at {@code now} must be refused, the oldest work queued having arrived at {@code oldestNanos}. */
    static boolean exceeded(long now, long oldestNanos, long servingSinceNanos, long maxDelayNanos) {
        return servingSinceNanos != NOT_SERVING
                && Math.min(now - oldestNanos, now - servingSinceNanos) >= maxDelayNanos;
    }
}
