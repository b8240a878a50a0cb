package dev.boxoffice.app;

import io.quarkus.runtime.configuration.MemorySize;
import java.util.Optional;

/** The memory budgets left unset default to a share of the maximum heap, so that -Xmx alone scales them all. */
enum HeapShare {
    SHOWS_IN_MEMORY(30),
    HALL_ANSWERS(5),
    REQUESTS_IN_FLIGHT(5),
    SEAT_MAP_STREAMS(20),
    CONNECTIONS(16);

    private final long percent;

    HeapShare(long percent) {
        this.percent = percent;
    }

    /** {@code configured} if set, else this share of the maximum heap. */
    long bytesOr(Optional<MemorySize> configured) {
        return configured.map(MemorySize::asLongValue).orElseGet(() -> Runtime.getRuntime().maxMemory() * percent / 100);
    }
}
