package dev.boxoffice.eventstore;

import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.Tuple;
import java.time.Duration;
import java.util.Optional;

/** The keyed records on PostgreSQL, in the {@code keyed_records} table that appends write too ({@link AppendStatement}). */
public final class PostgresKeyedRecords implements KeyedRecords {

    /* One round trip: the key's row if it is live, and the row deleted if it has expired, so that it can be used again. */
    private static final String FIND_SQL = """
            WITH expired AS (
                DELETE FROM keyed_records
                WHERE key_hash = $1 AND created_at < now() - make_interval(secs => $2))
            SELECT value FROM keyed_records
            WHERE key_hash = $1 AND created_at >= now() - make_interval(secs => $2)
            """;

    private static final String INSERT_SQL = """
            INSERT INTO keyed_records (key_hash, value) VALUES ($1, $2) ON CONFLICT (key_hash) DO NOTHING
            """;

    /* A batch of the oldest expired rows; rows another node is deleting are skipped, not waited for. */
    private static final String PURGE_SQL = """
            DELETE FROM keyed_records WHERE ctid = ANY (ARRAY(
                SELECT ctid FROM keyed_records WHERE created_at < now() - make_interval(secs => $1)
                LIMIT $2 FOR UPDATE SKIP LOCKED))
            """;

    private final Pool pool;
    private final double ttlSeconds;

    public PostgresKeyedRecords(Pool pool, Duration timeToLive) {
        this.pool = pool;
        this.ttlSeconds = timeToLive.toMillis() / 1000.0;
    }

    @Override
    public Future<Optional<KeyedRecord>> find(String key) {
        return pool.preparedQuery(FIND_SQL).execute(Tuple.of(Buffer.buffer(KeyedRecord.hashOf(key)), ttlSeconds))
                .map(rows -> first(key, rows));
    }

    @Override
    public Future<Optional<KeyedRecord>> insertUnlessTaken(KeyedRecord record) {
        return pool.preparedQuery(INSERT_SQL).execute(Tuple.of(Buffer.buffer(record.keyHash()), Buffer.buffer(record.value())))
                .compose(inserted -> inserted.rowCount() == 1 ? Future.succeededFuture(Optional.empty()) : find(record.key()));
    }

    @Override
    public Future<Integer> purgeExpired(int batch) {
        return pool.preparedQuery(PURGE_SQL).execute(Tuple.of(ttlSeconds, batch)).map(RowSet::rowCount);
    }

    private static Optional<KeyedRecord> first(String key, RowSet<Row> rows) {
        return rows.size() == 0 ? Optional.empty() : Optional.of(new KeyedRecord(key, rows.iterator().next().getBuffer(0).getBytes()));
    }
}
