package dev.boxoffice.eventstore;

/**
 * @param maxConcurrentStatements append statements in flight at once; further appends wait and are grouped
 * @param maxEventsPerStatement   events in one append statement at most
 */
public record EventStoreSettings(int maxConcurrentStatements, int maxEventsPerStatement) {

    public EventStoreSettings {
        if (maxConcurrentStatements < 1 || maxEventsPerStatement < 1) {
            throw new IllegalArgumentException("event store settings must be positive");
        }
    }
}
