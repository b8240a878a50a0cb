package dev.boxoffice.eventstore;

import java.time.Clock;

/** The store in memory keeps the ports' contract, as PostgreSQL's does. */
class InMemoryEventStoreTest extends EventStoreContract {

    @Override
    EventStore eventStore() {
        return new InMemoryEventStore(Clock.systemUTC());
    }

    @Override
    SnapshotStore snapshotStore() {
        return new InMemorySnapshotStore();
    }

    @Override
    KeyedRecords keyedRecords(EventStore store) {
        return ((InMemoryEventStore) store).keyedRecords();
    }
}
