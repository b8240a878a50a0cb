package dev.boxoffice.eventstore;

import java.time.Duration;

/**
 * @param maxConcurrentStatements append statements in flight at once; further appends wait and are grouped
 * @param maxEventsPerStatement   events in one append statement at most
 * @param timeout                 an append or a stream's read is given up on once the database has answered nothing
 *                                for this long ({@link DatabaseLiveness})
 */
public record EventStoreSettings(int maxConcurrentStatements, int maxEventsPerStatement, Duration timeout) {

    /** What the service runs with unless configured otherwise (boxoffice.event-store.timeout). */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofMillis(800);

    public EventStoreSettings {
        if (maxConcurrentStatements < 1 || maxEventsPerStatement < 1 || timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("event store settings must be positive");
        }
    }
}
