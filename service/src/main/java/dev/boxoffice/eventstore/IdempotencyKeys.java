package dev.boxoffice.eventstore;

import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.Tuple;
import java.time.Duration;
import java.util.Optional;

/**
 * The answers remembered under idempotency keys, on PostgreSQL. An answer that comes with events is written by the
 * append itself ({@link EventStore#append(StreamName, ExpectedVersion, java.util.List, java.util.List)}); this finds
 * one, remembers an answer that changed nothing, and purges expired keys. A key older than its time to live is
 * treated as never used.
 */
public final class IdempotencyKeys {

    /* One round trip: the key's row if it is live, and the row deleted if it has expired, so that it can be used again. */
    private static final String FIND_SQL = """
            WITH expired AS (
                DELETE FROM idempotency_keys
                WHERE key_hash = $1 AND created_at < now() - make_interval(secs => $2))
            SELECT request_fingerprint, status, location, body FROM idempotency_keys
            WHERE key_hash = $1 AND created_at >= now() - make_interval(secs => $2)
            """;

    private static final String REMEMBER_SQL = """
            INSERT INTO idempotency_keys (key_hash, request_fingerprint, status, location, body)
            VALUES ($1, $2, $3, $4, $5) ON CONFLICT (key_hash) DO NOTHING
            """;

    /* A batch of the oldest expired rows; rows another node is deleting are skipped, not waited for. */
    private static final String PURGE_SQL = """
            DELETE FROM idempotency_keys WHERE ctid = ANY (ARRAY(
                SELECT ctid FROM idempotency_keys WHERE created_at < now() - make_interval(secs => $1)
                LIMIT $2 FOR UPDATE SKIP LOCKED))
            """;

    private final Pool pool;
    private final double ttlSeconds;

    public IdempotencyKeys(Pool pool, Duration timeToLive) {
        this.pool = pool;
        this.ttlSeconds = timeToLive.toMillis() / 1000.0;
    }

    /** The answer remembered under {@code key}, if it is live. */
    public Future<Optional<IdempotencyRecord>> find(String key) {
        return pool.preparedQuery(FIND_SQL).execute(Tuple.of(Buffer.buffer(IdempotencyRecord.hashOf(key)), ttlSeconds))
                .map(rows -> first(key, rows));
    }

    /**
     * Remembers an answer that came with no event, unless its key is taken: then the answer already remembered under
     * it (a concurrent request with the same key got there first).
     */
    public Future<Optional<IdempotencyRecord>> rememberUnlessTaken(IdempotencyRecord record) {
        Tuple row = Tuple.of(Buffer.buffer(record.keyHash()), Buffer.buffer(record.requestFingerprint()), (short) record.status(),
                record.location(), Buffer.buffer(record.body()));
        return pool.preparedQuery(REMEMBER_SQL).execute(row).compose(inserted -> inserted.rowCount() == 1
                ? Future.succeededFuture(Optional.empty())
                : find(record.key()));
    }

    /** Deletes up to {@code batch} expired keys; completes with how many. */
    public Future<Integer> purgeExpired(int batch) {
        return pool.preparedQuery(PURGE_SQL).execute(Tuple.of(ttlSeconds, batch)).map(RowSet::rowCount);
    }

    private static Optional<IdempotencyRecord> first(String key, RowSet<Row> rows) {
        if (rows.size() == 0) {
            return Optional.empty();
        }
        Row row = rows.iterator().next();
        return Optional.of(new IdempotencyRecord(key, row.getBuffer(0).getBytes(), row.getShort(1),
                row.getString(2), row.getBuffer(3).getBytes()));
    }
}
