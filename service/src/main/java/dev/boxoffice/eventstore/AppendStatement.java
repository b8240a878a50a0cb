package dev.boxoffice.eventstore;

import dev.boxoffice.eventstore.AppendResult.Appended;
import dev.boxoffice.eventstore.AppendResult.KeyTaken;
import dev.boxoffice.eventstore.AppendResult.WrongExpectedVersion;
import io.vertx.core.buffer.Buffer;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The one statement of a group commit: its SQL, its parameters (a column array per field), and the reading of its
 * rows into each append's result. A batch without keyed records runs the plain insert.
 */
final class AppendStatement {

    /*
     * One plain INSERT, the cheapest statement PostgreSQL can run for it. The unique index on (stream_id, version)
     * is the optimistic-concurrency check: an append whose first version exists already violates it (and a
     * concurrent writer of the same version waits for the other's commit, then violates it), across instances
     * too. The filter admits a stream's events only if the stream is at the expected version or beyond (the
     * expected version exists, or is 0), so an expected version ahead of the stream never leaves a gap: all the
     * events of one append carry the same expected version, so they pass or fail together.
     */
    private static final String APPEND_SQL = """
            INSERT INTO events (stream_id, version, event_type, schema_version, payload, correlation_id)
            SELECT e.stream_id, e.version, e.event_type, e.schema_version, e.payload, e.correlation_id
            FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::text[], $5::smallint[], $6::bytea[], $7::text[])
                 WITH ORDINALITY AS e(stream_id, expected_version, version, event_type, schema_version, payload,
                                      correlation_id, ord)
            WHERE e.expected_version = 0
               OR e.expected_version = (SELECT p.version FROM events p
                                        WHERE p.stream_id = e.stream_id AND p.version = e.expected_version)
            ORDER BY e.ord
            RETURNING stream_id, position
            """;

    /*
     * The same, and the keyed records in the same statement, hence the same transaction, only for the streams whose
     * events went in. A stream with a record under a key taken already (an idempotent retry decided again, or a key
     * reused) gets no events: "taken" lists those keys, returned with a null position. It probes the primary key once
     * per key (a scalar subquery, which the planner never turns into a join): planned as a join while the table was
     * empty, a statement cached on a connection went on scanning the whole table. Should two writers insert one key at
     * once, its primary key refuses the second, as a version taken does. Used only for a batch that carries records,
     * so that appends without them run exactly the statement above.
     */
    private static final String APPEND_WITH_RECORDS_SQL = """
            WITH taken AS (
                SELECT r.stream_id, r.key_hash
                FROM unnest($8::text[], $9::bytea[]) AS r(stream_id, key_hash)
                WHERE (SELECT true FROM keyed_records k WHERE k.key_hash = r.key_hash)
            ), appended AS (
                INSERT INTO events (stream_id, version, event_type, schema_version, payload, correlation_id)
                SELECT e.stream_id, e.version, e.event_type, e.schema_version, e.payload, e.correlation_id
                FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::text[], $5::smallint[], $6::bytea[], $7::text[])
                     WITH ORDINALITY AS e(stream_id, expected_version, version, event_type, schema_version, payload,
                                          correlation_id, ord)
                WHERE (e.expected_version = 0
                       OR e.expected_version = (SELECT p.version FROM events p
                                                WHERE p.stream_id = e.stream_id AND p.version = e.expected_version))
                  AND e.stream_id NOT IN (SELECT stream_id FROM taken)
                ORDER BY e.ord
                RETURNING stream_id, position
            ), recorded AS (
                INSERT INTO keyed_records (key_hash, value)
                SELECT r.key_hash, r.value
                FROM unnest($8::text[], $9::bytea[], $10::bytea[]) AS r(stream_id, key_hash, value)
                WHERE r.stream_id IN (SELECT stream_id FROM appended))
            SELECT stream_id, position, NULL::bytea FROM appended
            UNION ALL SELECT stream_id, NULL::bigint, key_hash FROM taken
            """;

    private final List<PendingAppend> batch;
    private final boolean withRecords;

    AppendStatement(List<PendingAppend> batch) {
        this.batch = batch;
        this.withRecords = batch.stream().anyMatch(append -> !append.records().isEmpty());
    }

    String sql() {
        return withRecords ? APPEND_WITH_RECORDS_SQL : APPEND_SQL;
    }

    Tuple parameters() {
        return withRecords ? withRecords(events(batch), batch) : events(batch);
    }

    private static Tuple events(List<PendingAppend> batch) {
        int events = countEvents(batch);
        String[] streamIds = new String[events];
        Long[] expectedVersions = new Long[events];
        Long[] versions = new Long[events];
        String[] types = new String[events];
        Short[] schemaVersions = new Short[events];
        Buffer[] payloads = new Buffer[events];
        String[] correlationIds = new String[events];
        int e = 0;
        for (PendingAppend append : batch) {
            long version = append.expected().value();
            for (NewEvent event : append.events()) {
                streamIds[e] = append.stream().value();
                expectedVersions[e] = append.expected().value();
                versions[e] = ++version;
                types[e] = event.type();
                schemaVersions[e] = (short) event.schemaVersion();
                payloads[e] = Buffer.buffer(event.payload());
                correlationIds[e] = event.correlationId();
                e++;
            }
        }
        return Tuple.of(streamIds, expectedVersions, versions, types)
                .addArrayOfShort(schemaVersions)
                .addArrayOfBuffer(payloads)
                .addArrayOfString(correlationIds);
    }

    private static Tuple withRecords(Tuple parameters, List<PendingAppend> batch) {
        List<String> streamIds = new ArrayList<>();
        List<Buffer> keys = new ArrayList<>();
        List<Buffer> values = new ArrayList<>();
        for (PendingAppend append : batch) {
            for (KeyedRecord record : append.records()) {
                streamIds.add(append.stream().value());
                keys.add(Buffer.buffer(record.keyHash()));
                values.add(Buffer.buffer(record.value()));
            }
        }
        return parameters.addArrayOfString(streamIds.toArray(String[]::new))
                .addArrayOfBuffer(keys.toArray(Buffer[]::new))
                .addArrayOfBuffer(values.toArray(Buffer[]::new));
    }

    /** Completes each append of the batch from the rows the statement returned. */
    void complete(RowSet<Row> rows) {
        Map<String, long[]> positionsByStream = new HashMap<>();
        Map<String, Set<Buffer>> takenKeysByStream = new HashMap<>();
        for (Row row : rows) {
            if (row.size() > 2 && row.getBuffer(2) != null) {
                takenKeysByStream.computeIfAbsent(row.getString(0), stream -> new HashSet<>()).add(row.getBuffer(2));
                continue;
            }
            long position = row.getLong(1);
            positionsByStream.merge(row.getString(0), new long[] {position, position},
                    (a, b) -> new long[] {Math.min(a[0], b[0]), Math.max(a[1], b[1])});
        }
        for (PendingAppend append : batch) {
            long[] positions = positionsByStream.get(append.stream().value());
            Set<Buffer> taken = takenKeysByStream.get(append.stream().value());
            if (taken != null) {
                Set<String> keys = new HashSet<>();
                for (KeyedRecord record : append.records()) {
                    if (taken.contains(Buffer.buffer(record.keyHash()))) {
                        keys.add(record.key());
                    }
                }
                append.promise().tryComplete(new KeyTaken(append.stream(), Set.copyOf(keys)));
                continue;
            }
            append.promise().tryComplete(positions == null
                    ? new WrongExpectedVersion(append.stream(), append.expected())
                    : new Appended(append.expected().value() + append.events().size(), positions[0], positions[1]));
        }
    }

    static int countEvents(List<PendingAppend> batch) {
        int events = 0;
        for (PendingAppend append : batch) {
            events += append.events().size();
        }
        return events;
    }

}
