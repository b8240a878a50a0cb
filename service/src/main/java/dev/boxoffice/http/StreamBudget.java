package dev.boxoffice.http;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The bytes that open seat-map streams may hold at once, across the service: each stream's fixed cost while it is
 * open, plus its frames written but not yet taken by its client. A stream that does not fit is refused (a new one)
 * or dropped (one whose client falls behind).
 */
final class StreamBudget {

    private final long maxBytes;
    private final AtomicLong used = new AtomicLong();

    StreamBudget(long maxBytes) {
        this.maxBytes = maxBytes;
    }

    /** Charges {@code bytes} if they fit; false, charging nothing, if not. */
    boolean tryCharge(long bytes) {
        if (used.addAndGet(bytes) > maxBytes) {
            used.addAndGet(-bytes);
            return false;
        }
        return true;
    }

    void release(long bytes) {
        used.addAndGet(-bytes);
    }

    long usedBytes() {
        return used.get();
    }

    long maxBytes() {
        return maxBytes;
    }
}
