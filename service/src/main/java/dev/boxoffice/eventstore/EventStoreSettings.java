package dev.boxoffice.eventstore;

import java.time.Duration;

/**
 * @param maxConcurrentStatements append statements in flight at once; further appends wait and are grouped
 * @param maxEventsPerStatement   events in one append statement at most
 * @param commitTimeout           an append is answered within this long: committed, or failed
 */
public record EventStoreSettings(int maxConcurrentStatements, int maxEventsPerStatement, Duration commitTimeout) {

    /** What the service runs with unless configured otherwise (boxoffice.event-store.timeout). */
    public static final Duration DEFAULT_COMMIT_TIMEOUT = Duration.ofMillis(800);

    public EventStoreSettings {
        if (maxConcurrentStatements < 1 || maxEventsPerStatement < 1 || commitTimeout.isNegative() || commitTimeout.isZero()) {
            throw new IllegalArgumentException("event store settings must be positive");
        }
    }
}
