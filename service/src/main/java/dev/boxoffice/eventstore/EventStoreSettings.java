package dev.boxoffice.eventstore;

/**
 * @param maxConcurrentAppends append statements in flight at once; more appends wait and are grouped
 * @param maxEventsPerAppend   events in one append statement at most
 */
public record EventStoreSettings(int maxConcurrentAppends, int maxEventsPerAppend) {

    public EventStoreSettings {
        if (maxConcurrentAppends < 1 || maxEventsPerAppend < 1) {
            throw new IllegalArgumentException("event store settings must be positive");
        }
    }
}
