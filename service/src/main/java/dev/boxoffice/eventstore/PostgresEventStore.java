package dev.boxoffice.eventstore;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;

/**
 * The event store on PostgreSQL, through the non-blocking Vert.x client: every method returns a Vert.x
 * {@link Future} at once, completed when the database has answered. Appends are group-committed (see
 * {@link GroupCommit}). Snapshots live in a store of their own ({@link PostgresSnapshotStore}). Appends and the reads
 * that load a stream fail fast once the database stops answering ({@link DatabaseLiveness}).
 */
public final class PostgresEventStore implements EventStore, SqlEventLog {

    private static final String READ_STREAM_SQL = """
            SELECT stream_id, version, position, transaction_id::text::bigint, event_type, schema_version, payload,
                   correlation_id, recorded_at
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
            SELECT stream_id, version, position, transaction_id::text::bigint, event_type, schema_version, payload,
                   correlation_id, recorded_at
            FROM events
            WHERE (transaction_id, position) > ($1::text::xid8, $2)
              AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
            ORDER BY events.transaction_id, events.position
            LIMIT $3
            """;

    /*
     * The tails of several streams in one statement: one index range per stream. A stream's events become visible in
     * version order (an append needs the version before it committed), so reading by version never skips one.
     */
    private static final String READ_STREAM_TAILS_SQL = """
            SELECT e.stream_id, e.version, e.position, e.transaction_id::text::bigint, e.event_type, e.schema_version,
                   e.payload, e.correlation_id, e.recorded_at
            FROM unnest($1::text[], $2::bigint[]) AS tail(stream_id, after)
            CROSS JOIN LATERAL (SELECT * FROM events
                WHERE events.stream_id = tail.stream_id AND events.version > tail.after
                ORDER BY events.version LIMIT $3) e
            """;
    private static final String POSITION_SQL = "SELECT position FROM events WHERE stream_id = $1 AND version = $2";
    private static final String VERSION_SQL = "SELECT version FROM events WHERE position = $1 AND stream_id = $2";

    private final Pool pool;
    private final DatabaseLiveness liveness;
    private final GroupCommit groupCommit;
    private final TailReads tailReads;

    public PostgresEventStore(Vertx vertx, Pool pool, EventStoreSettings settings) {
        this.pool = pool;
        this.liveness = new DatabaseLiveness(vertx, settings.timeout());
        this.groupCommit = new GroupCommit(vertx, pool, liveness, settings.maxConcurrentStatements(),
                settings.maxEventsPerStatement());
        this.tailReads = new TailReads(pool, liveness, READ_STREAM_SQL, READ_STREAM_TAILS_SQL, PostgresEventStore::toEvents);
    }

    /** Whether the database still answers, as this store sees it; the snapshot store shares it. */
    public DatabaseLiveness liveness() {
        return liveness;
    }

    /** Told once per append statement, which commits the appends of several streams (group commit). */
    @Override
    public void onCommit(CommitListener listener) {
        groupCommit.onCommit(listener);
    }

    @Override
    public Future<AppendResult> append(StreamName stream, ExpectedVersion expected, List<NewEvent> events,
            List<KeyedRecord> records) {
        if (events.isEmpty()) {
            throw new IllegalArgumentException("an append needs at least one event");
        }
        return groupCommit.append(stream, expected, events, records);
    }

    @Override
    public Future<List<RecordedEvent>> readStream(StreamName stream, long afterVersion) {
        return liveness.bounded(() -> pool.preparedQuery(READ_STREAM_SQL).execute(Tuple.of(stream.value(), afterVersion)))
                .map(PostgresEventStore::toEvents);
    }

    /** Reads of tails arriving together share a statement ({@link TailReads}). */
    @Override
    public Future<List<RecordedEvent>> readTail(StreamName stream, long afterVersion) {
        return tailReads.read(stream, afterVersion);
    }

    @Override
    public Future<List<RecordedEvent>> readStreamTails(List<StreamName> streams, long[] afterVersions, int limitPerStream) {
        if (streams.size() != afterVersions.length) {
            throw new IllegalArgumentException("one version per stream");
        }
        String[] names = streams.stream().map(StreamName::value).toArray(String[]::new);
        Long[] after = Arrays.stream(afterVersions).boxed().toArray(Long[]::new);
        return liveness.bounded(() -> pool.preparedQuery(READ_STREAM_TAILS_SQL).execute(Tuple.of(names, after, limitPerStream)))
                .map(PostgresEventStore::toEvents);
    }

    @Override
    public Future<OptionalLong> positionOf(StreamName stream, long version) {
        return pool.preparedQuery(POSITION_SQL).execute(Tuple.of(stream.value(), version)).map(rows ->
                rows.size() == 0 ? OptionalLong.empty() : OptionalLong.of(rows.iterator().next().getLong(0)));
    }

    @Override
    public Future<OptionalLong> versionAt(StreamName stream, long position) {
        return pool.preparedQuery(VERSION_SQL).execute(Tuple.of(position, stream.value())).map(rows ->
                rows.size() == 0 ? OptionalLong.empty() : OptionalLong.of(rows.iterator().next().getLong(0)));
    }

    @Override
    public Future<List<RecordedEvent>> readAll(LogPosition after, int limit) {
        return readAll(pool, after, limit);
    }

    @Override
    public Future<List<RecordedEvent>> readAll(SqlClient client, LogPosition after, int limit) {
        return client.preparedQuery(READ_ALL_SQL)
                .execute(Tuple.of(Long.toString(after.transactionId()), after.position(), limit))
                .map(PostgresEventStore::toEvents);
    }

    private static List<RecordedEvent> toEvents(RowSet<Row> rows) {
        List<RecordedEvent> events = new ArrayList<>(rows.size());
        for (Row row : rows) {
            events.add(new RecordedEvent(new StreamName(row.getString(0)), row.getLong(1), row.getLong(2), row.getLong(3),
                    row.getString(4), row.getShort(5), row.getBuffer(6).getBytes(), row.getString(7), row.getOffsetDateTime(8)));
        }
        return events;
    }
}
