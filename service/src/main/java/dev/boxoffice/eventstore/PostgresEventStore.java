package dev.boxoffice.eventstore;

import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.vertx.UniHelper;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The event store on PostgreSQL, through the non-blocking Vert.x client: every method returns at once and
 * completes when the database has answered. Appends are group-committed (see {@link GroupCommit}).
 */
public final class PostgresEventStore {

    private static final String READ_STREAM_SQL = """
            SELECT stream_id, version, position, transaction_id::text::bigint, event_type, payload, correlation_id, recorded_at
            FROM events WHERE stream_id = $1 AND version > $2 ORDER BY version
            """;

    /*
     * Commit-safe read of the whole log. Positions are taken at insert time, not at commit, so a transaction can
     * commit an event with a lower position after others with higher ones are visible. Reading only rows whose
     * writing transaction is older than every transaction still running (the snapshot's xmin) and ordering by
     * (transaction id, position) means no later read can ever find an event before a point already passed.
     * The ORDER BY names the table's columns: a bare "transaction_id" would mean the bigint output column of the
     * same name, which no index can deliver in order (a full scan and sort per page instead of an index range).
     */
    static final String READ_ALL_SQL = """
            SELECT stream_id, version, position, transaction_id::text::bigint, event_type, payload, correlation_id, recorded_at
            FROM events
            WHERE (transaction_id, position) > ($1::text::xid8, $2)
              AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
            ORDER BY events.transaction_id, events.position
            LIMIT $3
            """;

    private static final String LOAD_SNAPSHOT_SQL = "SELECT version, payload FROM snapshots WHERE stream_id = $1";

    private static final String SAVE_SNAPSHOT_SQL = """
            INSERT INTO snapshots (stream_id, version, payload) VALUES ($1, $2, $3)
            ON CONFLICT (stream_id) DO UPDATE SET version = excluded.version, payload = excluded.payload, taken_at = now()
            WHERE snapshots.version < excluded.version
            """;

    private final Pool pool;
    private final GroupCommit groupCommit;

    public PostgresEventStore(Pool pool, EventStoreSettings settings, AppendMetrics metrics) {
        this.pool = pool;
        this.groupCommit = new GroupCommit(pool, settings.maxConcurrentAppends(), settings.maxEventsPerAppend(),
                metrics);
    }

    /**
     * Appends {@code events} to a stream atomically if it is at {@code expectedVersion}
     * ({@link ExpectedVersion#NO_STREAM} for a new stream). Completes after the commit; a version conflict is an
     * {@link AppendResult.WrongExpectedVersion}, not a failure.
     */
    public Uni<AppendResult> append(String streamId, long expectedVersion, List<NewEvent> events) {
        if (events.isEmpty()) {
            throw new IllegalArgumentException("an append needs at least one event");
        }
        if (expectedVersion < 0) {
            throw new IllegalArgumentException("expected version must not be negative: " + expectedVersion);
        }
        return uni(() -> groupCommit.append(streamId, expectedVersion, events));
    }

    /** The events of one stream with a version above {@code afterVersion}, in version order. */
    public Uni<List<RecordedEvent>> readStream(String streamId, long afterVersion) {
        return uni(() -> pool.preparedQuery(READ_STREAM_SQL).execute(Tuple.of(streamId, afterVersion))
                .map(PostgresEventStore::toEvents));
    }

    /** Up to {@code limit} committed events of all streams after {@code after}, in commit-safe order. */
    public Uni<List<RecordedEvent>> readAll(LogPosition after, int limit) {
        return uni(() -> readAll(pool, after, limit));
    }

    /**
     * The same read on a given connection, so that a projection reads and updates its read model and checkpoint
     * in one transaction.
     */
    public Future<List<RecordedEvent>> readAll(SqlClient client, LogPosition after, int limit) {
        return client.preparedQuery(READ_ALL_SQL)
                .execute(Tuple.of(Long.toString(after.transactionId()), after.position(), limit))
                .map(PostgresEventStore::toEvents);
    }

    public Uni<Optional<Snapshot>> loadSnapshot(String streamId) {
        return uni(() -> pool.preparedQuery(LOAD_SNAPSHOT_SQL).execute(Tuple.of(streamId)).map(rows -> {
            if (rows.size() == 0) {
                return Optional.empty();
            }
            Row row = rows.iterator().next();
            return Optional.of(new Snapshot(streamId, row.getLong(0), row.getBuffer(1).getBytes()));
        }));
    }

    /**
     * Stores a snapshot unless a newer one is already stored. It commits without waiting for its WAL flush (see
     * {@link #commitWithoutFlush}): a snapshot only shortens a replay of events that are already durable.
     */
    public Uni<Void> saveSnapshot(Snapshot snapshot) {
        return uni(() -> pool.withTransaction(connection -> commitWithoutFlush(connection)
                .compose(v -> connection.preparedQuery(SAVE_SNAPSHOT_SQL).execute(Tuple.of(snapshot.streamId(),
                        snapshot.version(), io.vertx.core.buffer.Buffer.buffer(snapshot.payload()))))
                .<Void>mapEmpty()));
    }

    /**
     * Lets the caller's transaction commit without waiting for its WAL flush, for writes derived from events that
     * are already durable (snapshots, read models with their checkpoints). A crash can lose such a transaction, but
     * never keep it while losing the events it was derived from (the WAL is replayed in order); whatever it wrote is
     * derived again. Acknowledged appends always wait for their flush; this spares them the extra flushes.
     */
    public static Future<Void> commitWithoutFlush(SqlClient transaction) {
        return transaction.query("SET LOCAL synchronous_commit TO off").execute().mapEmpty();
    }

    private static List<RecordedEvent> toEvents(RowSet<Row> rows) {
        List<RecordedEvent> events = new ArrayList<>(rows.size());
        for (Row row : rows) {
            events.add(new RecordedEvent(row.getString(0), row.getLong(1), row.getLong(2), row.getLong(3),
                    row.getString(4), row.getBuffer(5).getBytes(), row.getString(6), row.getOffsetDateTime(7)));
        }
        return events;
    }

    /** Lazy, as a Uni should be: nothing is sent until subscription, and every subscription sends again. */
    private static <T> Uni<T> uni(Supplier<Future<T>> operation) {
        return Uni.createFrom().deferred(() -> UniHelper.toUni(operation.get()));
    }
}
