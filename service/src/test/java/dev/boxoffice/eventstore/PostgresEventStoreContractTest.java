package dev.boxoffice.eventstore;

import dev.boxoffice.support.TestPostgres;

/** PostgreSQL's stores keep the ports' contract; what only they do (the log, durability) is in PostgresEventStoreTest. */
class PostgresEventStoreContractTest extends EventStoreContract {

    @Override
    EventStore eventStore() {
        return TestPostgres.eventStore();
    }

    @Override
    SnapshotStore snapshotStore() {
        return new PostgresSnapshotStore(TestPostgres.pool(), TestPostgres.liveness(), 1 << 20);
    }

    @Override
    KeyedRecords keyedRecords(EventStore store) {
        return new PostgresKeyedRecords(TestPostgres.pool(), java.time.Duration.ofHours(1));
    }
}
