package dev.boxoffice.http;

/**
 * The API requests in flight, oldest first, so that admission can ask how long the oldest has waited: a bound on that
 * age is a bound in time, which a burst the service can serve within it never reaches, whatever its size, and which
 * a standing queue reaches whatever the service's speed (a count is both too small for a burst and too large for a
 * slow service). Entering and leaving are O(1): a doubly linked list in arrival order under one lock, taken for a few
 * nanoseconds by at most one thread per event loop.
 *
 * <p>A request in flight longer than {@code forgetAfterNanos} is no queue any more but a request stuck somewhere (a
 * client that never reads its answer, say): it is forgotten, so that one stuck request cannot make the service refuse
 * everyone else for ever.
 */
final class RequestsInFlight {

    /** One request in flight; {@code null} links once it has left or been forgotten. */
    static final class Entry {
        private final long enteredNanos;
        private Entry previous;
        private Entry next;
        private boolean listed = true;

        private Entry(long enteredNanos) {
            this.enteredNanos = enteredNanos;
        }
    }

    private final long forgetAfterNanos;
    private Entry oldest;
    private Entry newest;
    private int count;

    RequestsInFlight(long forgetAfterNanos) {
        this.forgetAfterNanos = forgetAfterNanos;
    }

    /** A request enters at {@code nowNanos} ({@link System#nanoTime()}); pass the entry to {@link #leave}. */
    synchronized Entry enter(long nowNanos) {
        Entry entry = new Entry(nowNanos);
        entry.previous = newest;
        if (newest == null) {
            oldest = entry;
        } else {
            newest.next = entry;
        }
        newest = entry;
        count++;
        return entry;
    }

    /** The request has been answered (or its connection closed); leaving twice, or after being forgotten, does nothing. */
    synchronized void leave(Entry entry) {
        if (entry.listed) {
            unlink(entry);
        }
    }

    /** How long the oldest request in flight has waited at {@code nowNanos}; 0 when none is. */
    synchronized long oldestAgeNanos(long nowNanos) {
        while (oldest != null && nowNanos - oldest.enteredNanos > forgetAfterNanos) {
            unlink(oldest);
        }
        return oldest == null ? 0 : Math.max(0, nowNanos - oldest.enteredNanos);
    }

    synchronized int count() {
        return count;
    }

    private void unlink(Entry entry) {
        if (entry.previous == null) {
            oldest = entry.next;
        } else {
            entry.previous.next = entry.next;
        }
        if (entry.next == null) {
            newest = entry.previous;
        } else {
            entry.next.previous = entry.previous;
        }
        entry.previous = null;
        entry.next = null;
        entry.listed = false;
        count--;
    }
}
