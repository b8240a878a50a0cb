package dev.boxoffice.eventstore;

import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.util.Optional;

/** The latest snapshot of each stream, in a table of its own. */
public final class PostgresSnapshotStore implements SnapshotStore {

    private static final String LOAD_SQL = "SELECT version, payload FROM snapshots WHERE stream_id = $1";

    private static final String SAVE_SQL = """
            INSERT INTO snapshots (stream_id, version, payload) VALUES ($1, $2, $3)
            ON CONFLICT (stream_id) DO UPDATE SET version = excluded.version, payload = excluded.payload, taken_at = now()
            WHERE snapshots.version < excluded.version
            """;

    private final Pool pool;

    public PostgresSnapshotStore(Pool pool) {
        this.pool = pool;
    }

    @Override
    public Future<Optional<Snapshot>> load(StreamName stream) {
        return pool.preparedQuery(LOAD_SQL).execute(Tuple.of(stream.value())).map(rows -> {
            if (rows.size() == 0) {
                return Optional.empty();
            }
            Row row = rows.iterator().next();
            return Optional.of(new Snapshot(stream, row.getLong(0), row.getBuffer(1).getBytes()));
        });
    }

    /**
     * Commits without waiting for its WAL flush ({@link PostgresEventStore#commitWithoutFlush}): a snapshot only
     * shortens a replay of events already durable.
     */
    @Override
    public Future<Void> save(Snapshot snapshot) {
        return pool.withTransaction(connection -> PostgresEventStore.commitWithoutFlush(connection)
                .compose(v -> connection.preparedQuery(SAVE_SQL).execute(Tuple.of(snapshot.stream().value(),
                        snapshot.version(), Buffer.buffer(snapshot.payload()))))
                .mapEmpty());
    }
}
