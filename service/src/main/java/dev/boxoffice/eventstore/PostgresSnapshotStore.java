package dev.boxoffice.eventstore;

import dev.boxoffice.database.DerivedWrites;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.buffer.Buffer;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The latest snapshot of each stream, in a table of its own. Saving is background work that must never stand in
 * front of an append: snapshots wait in a buffer bounded in bytes, where a newer snapshot of a stream replaces the
 * one waiting, and are written by one statement at a time, all those waiting together. Shows that reach a snapshot
 * at once (they do: a multiple of the same count) would otherwise take every pooled connection, and appends would
 * queue behind them. A snapshot that finds the buffer full is skipped: it is only a shortcut through events that are
 * durable already.
 */
public final class PostgresSnapshotStore implements SnapshotStore {

    private static final String LOAD_SQL = "SELECT version, schema_version, payload FROM snapshots WHERE stream_id = $1";

    private static final String SAVE_SQL = """
            INSERT INTO snapshots (stream_id, version, schema_version, payload)
            SELECT * FROM unnest($1::text[], $2::bigint[], $3::smallint[], $4::bytea[])
            ON CONFLICT (stream_id) DO UPDATE
            SET version = excluded.version, schema_version = excluded.schema_version, payload = excluded.payload,
                taken_at = now()
            WHERE snapshots.version < excluded.version
            """;

    private final Pool pool;
    private final DatabaseLiveness liveness;
    private final long maxBufferedBytes;
    private final AtomicLong skipped = new AtomicLong();

    // Guarded by this:
    private final Map<StreamName, Waiting> waiting = new LinkedHashMap<>();
    private long bufferedBytes;
    private boolean writing;

    private record Waiting(Snapshot snapshot, List<Promise<Void>> savers) {
    }

    /**
     * @param liveness         bounds a snapshot's load as the event store's reads are bounded
     * @param maxBufferedBytes payload bytes of the snapshots waiting to be written, at most
     */
    public PostgresSnapshotStore(Pool pool, DatabaseLiveness liveness, long maxBufferedBytes) {
        this.pool = pool;
        this.liveness = liveness;
        this.maxBufferedBytes = maxBufferedBytes;
    }

    @Override
    public Future<Optional<Snapshot>> load(StreamName stream) {
        return liveness.bounded(() -> pool.preparedQuery(LOAD_SQL).execute(Tuple.of(stream.value()))).map(rows -> {
            if (rows.size() == 0) {
                return Optional.empty();
            }
            Row row = rows.iterator().next();
            return Optional.of(new Snapshot(stream, row.getLong(0), row.getShort(1), row.getBuffer(2).getBytes()));
        });
    }

    /** Completes once written, replaced by a newer one that was written, or skipped because the buffer was full. */
    @Override
    public Future<Void> save(Snapshot snapshot) {
        Promise<Void> saved = Promise.promise();
        synchronized (this) {
            Waiting before = waiting.get(snapshot.stream());
            long bytes = bufferedBytes - (before == null ? 0 : before.snapshot().payload().length) + snapshot.payload().length;
            if (before != null && before.snapshot().version() >= snapshot.version()) {
                before.savers().add(saved);
                return saved.future();
            }
            if (bytes > maxBufferedBytes) {
                skipped.incrementAndGet();
                return Future.succeededFuture();
            }
            List<Promise<Void>> savers = before == null ? new ArrayList<>(1) : before.savers();
            savers.add(saved);
            waiting.put(snapshot.stream(), new Waiting(snapshot, savers));
            bufferedBytes = bytes;
        }
        writeNext();
        return saved.future();
    }

    /** Snapshots skipped so far because the buffer was full. */
    public long skippedSnapshots() {
        return skipped.get();
    }

    /** Payload bytes waiting to be written. */
    public synchronized long bufferedBytes() {
        return bufferedBytes;
    }

    private void writeNext() {
        List<Waiting> batch;
        synchronized (this) {
            if (writing || waiting.isEmpty()) {
                return;
            }
            writing = true;
            batch = new ArrayList<>(waiting.values());
            waiting.clear();
            bufferedBytes = 0;
        }
        write(batch).onComplete(result -> {
            synchronized (this) {
                writing = false;
            }
            batch.forEach(w -> w.savers().forEach(saver -> saver.handle(result)));
            writeNext();
        });
    }

    /**
     * One statement for the whole batch, committed without waiting for its WAL flush
     * ({@link DerivedWrites#commitWithoutFlush}): a snapshot only shortens a replay of events already durable.
     */
    private Future<Void> write(List<Waiting> batch) {
        String[] streams = new String[batch.size()];
        Long[] versions = new Long[batch.size()];
        Short[] schemaVersions = new Short[batch.size()];
        Buffer[] payloads = new Buffer[batch.size()];
        for (int i = 0; i < batch.size(); i++) {
            Snapshot snapshot = batch.get(i).snapshot();
            streams[i] = snapshot.stream().value();
            versions[i] = snapshot.version();
            schemaVersions[i] = (short) snapshot.schemaVersion();
            payloads[i] = Buffer.buffer(snapshot.payload());
        }
        return pool.withTransaction(connection -> DerivedWrites.commitWithoutFlush(connection)
                .compose(v -> connection.preparedQuery(SAVE_SQL).execute(Tuple.of(streams, versions, schemaVersions, payloads)))
                .mapEmpty());
    }
}
