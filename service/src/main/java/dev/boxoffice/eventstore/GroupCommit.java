package dev.boxoffice.eventstore;

import dev.boxoffice.eventstore.AppendResult.Appended;
import dev.boxoffice.eventstore.AppendResult.IdempotencyKeyTaken;
import dev.boxoffice.eventstore.AppendResult.WrongExpectedVersion;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.buffer.Buffer;
import io.vertx.pgclient.PgException;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.Tuple;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Appends of many streams share one statement, hence one round trip and one transaction.
 *
 * <p>No timer: an append is written at once while fewer than {@code maxConcurrentStatements} statements are in
 * flight; otherwise it waits and joins the next statement with everything else that arrived meanwhile. Light load
 * pays no batching delay; heavy load gets large batches. A conflict refuses only its own append: a statement that
 * hits one is run again with each of its appends on its own.
 */
final class GroupCommit {

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
     * The same, and the answers remembered under idempotency keys in the same statement, hence the same transaction,
     * only for the streams whose events went in. A stream with an answer under a key already used (a retry decided
     * again, or a key reused) gets no events: "taken" lists those keys, returned with a null position. It probes the
     * primary key once per key (a scalar subquery, which the planner never turns into a join): planned as a join
     * while the table was empty, a statement cached on a connection went on scanning the whole table. Should two
     * writers insert one key at once, its primary key refuses the second, as a version taken does. Used only for a
     * batch that carries answers, so that appends without keys run exactly the statement above.
     */
    private static final String APPEND_WITH_ANSWERS_SQL = """
            WITH taken AS (
                SELECT a.stream_id, a.key_hash
                FROM unnest($8::text[], $9::bytea[]) AS a(stream_id, key_hash)
                WHERE (SELECT true FROM idempotency_keys k WHERE k.key_hash = a.key_hash)
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
            ), remembered AS (
                INSERT INTO idempotency_keys (key_hash, request_fingerprint, status, location, body)
                SELECT a.key_hash, a.request_fingerprint, a.status, a.location, a.body
                FROM unnest($8::text[], $9::bytea[], $10::bytea[], $11::smallint[], $12::text[], $13::bytea[])
                     AS a(stream_id, key_hash, request_fingerprint, status, location, body)
                WHERE a.stream_id IN (SELECT stream_id FROM appended))
            SELECT stream_id, position, NULL::bytea FROM appended
            UNION ALL SELECT stream_id, NULL::bigint, key_hash FROM taken
            """;

    /** A stream's version, or an idempotency key, that another writer took first. */
    private static final Set<String> CONFLICT_CONSTRAINTS = Set.of("events_stream_version_unique", "idempotency_keys_pkey");

    /** Deadlock and serialisation failures between instances: the whole statement is safe to run again. */
    private static final Set<String> RETRYABLE_SQL_STATES = Set.of("40P01", "40001");
    private static final String UNIQUE_VIOLATION = "23505";
    private static final int MAX_ATTEMPTS = 3;

    private final Pool pool;
    private final int maxConcurrentStatements;
    private final int maxEventsPerStatement;
    private final List<CommitListener> listeners = new CopyOnWriteArrayList<>();

    private final ArrayDeque<PendingAppend> waiting = new ArrayDeque<>();
    private int statementsInFlight; // guarded by this

    GroupCommit(Pool pool, int maxConcurrentStatements, int maxEventsPerStatement) {
        this.pool = pool;
        this.maxConcurrentStatements = maxConcurrentStatements;
        this.maxEventsPerStatement = maxEventsPerStatement;
    }

    void onCommit(CommitListener listener) {
        listeners.add(listener);
    }

    Future<AppendResult> append(StreamName stream, ExpectedVersion expected, List<NewEvent> events,
            List<IdempotencyRecord> answers) {
        PendingAppend pending = new PendingAppend(stream, expected, List.copyOf(events), List.copyOf(answers),
                Promise.promise());
        synchronized (this) {
            waiting.addLast(pending);
        }
        writeIfCapacity();
        return pending.promise.future();
    }

    private void writeIfCapacity() {
        List<PendingAppend> batch;
        synchronized (this) {
            if (statementsInFlight >= maxConcurrentStatements || waiting.isEmpty()) {
                return;
            }
            batch = takeBatch();
            statementsInFlight++;
        }
        long started = System.nanoTime();
        boolean withAnswers = batch.stream().anyMatch(append -> !append.answers.isEmpty());
        Tuple parameters = withAnswers ? withAnswers(parameters(batch), batch) : parameters(batch);
        pool.preparedQuery(withAnswers ? APPEND_WITH_ANSWERS_SQL : APPEND_SQL).execute(parameters).onComplete(ar -> {
            synchronized (this) {
                statementsInFlight--;
            }
            if (ar.succeeded()) {
                long nanos = System.nanoTime() - started;
                int events = countEvents(batch);
                listeners.forEach(listener -> listener.committed(batch.size(), events, nanos));
                complete(batch, ar.result());
            } else {
                fail(batch, ar.cause());
            }
            writeIfCapacity();
        });
    }

    /**
     * Oldest first, at most one append per stream (its versions would collide), up to the event budget. An append
     * that must go alone (after a conflict in a shared statement) is never joined by others.
     */
    private List<PendingAppend> takeBatch() {
        List<PendingAppend> batch = new ArrayList<>();
        Set<StreamName> streams = new HashSet<>();
        int events = 0;
        for (Iterator<PendingAppend> it = waiting.iterator(); it.hasNext(); ) {
            PendingAppend next = it.next();
            if (!batch.isEmpty() && (next.alone || events + next.events.size() > maxEventsPerStatement)) {
                break;
            }
            if (streams.add(next.stream)) {
                it.remove();
                batch.add(next);
                events += next.events.size();
                if (next.alone) {
                    break;
                }
            }
        }
        return batch;
    }

    private static Tuple parameters(List<PendingAppend> batch) {
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
            long version = append.expected.value();
            for (NewEvent event : append.events) {
                streamIds[e] = append.stream.value();
                expectedVersions[e] = append.expected.value();
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

    private static Tuple withAnswers(Tuple parameters, List<PendingAppend> batch) {
        List<String> streamIds = new ArrayList<>();
        List<Buffer> keys = new ArrayList<>();
        List<Buffer> fingerprints = new ArrayList<>();
        List<Short> statuses = new ArrayList<>();
        List<String> locations = new ArrayList<>();
        List<Buffer> bodies = new ArrayList<>();
        for (PendingAppend append : batch) {
            for (IdempotencyRecord answer : append.answers) {
                streamIds.add(append.stream.value());
                keys.add(Buffer.buffer(answer.keyHash()));
                fingerprints.add(Buffer.buffer(answer.requestFingerprint()));
                statuses.add((short) answer.status());
                locations.add(answer.location());
                bodies.add(Buffer.buffer(answer.body()));
            }
        }
        return parameters.addArrayOfString(streamIds.toArray(String[]::new))
                .addArrayOfBuffer(keys.toArray(Buffer[]::new))
                .addArrayOfBuffer(fingerprints.toArray(Buffer[]::new))
                .addArrayOfShort(statuses.toArray(Short[]::new))
                .addArrayOfString(locations.toArray(String[]::new))
                .addArrayOfBuffer(bodies.toArray(Buffer[]::new));
    }

    private static void complete(List<PendingAppend> batch, RowSet<Row> rows) {
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
            long[] positions = positionsByStream.get(append.stream.value());
            Set<Buffer> taken = takenKeysByStream.get(append.stream.value());
            if (taken != null) {
                Set<String> keys = new HashSet<>();
                for (IdempotencyRecord answer : append.answers) {
                    if (taken.contains(Buffer.buffer(answer.keyHash()))) {
                        keys.add(answer.key());
                    }
                }
                append.promise.complete(new IdempotencyKeyTaken(append.stream, Set.copyOf(keys)));
                continue;
            }
            append.promise.complete(positions == null
                    ? new WrongExpectedVersion(append.stream, append.expected)
                    : new Appended(append.expected.value() + append.events.size(), positions[0], positions[1]));
        }
    }

    /**
     * A version conflict of a lone append is its typed refusal. In a shared statement it does not say whose it
     * was, so each append of the statement goes again on its own. Deadlocks and serialisation failures between
     * instances: the whole statement is safe to run again.
     */
    private void fail(List<PendingAppend> batch, Throwable cause) {
        if (isVersionConflict(cause)) {
            if (batch.size() == 1) {
                PendingAppend append = batch.get(0);
                append.promise.complete(new WrongExpectedVersion(append.stream, append.expected));
            } else {
                requeue(batch.stream().map(PendingAppend::goingAlone).toList());
            }
            return;
        }
        boolean retryable = cause instanceof PgException pg && RETRYABLE_SQL_STATES.contains(pg.getSqlState());
        List<PendingAppend> again = new ArrayList<>();
        for (PendingAppend append : batch) {
            if (retryable && append.attempt < MAX_ATTEMPTS) {
                again.add(append.nextAttempt());
            } else {
                append.promise.fail(cause);
            }
        }
        requeue(again);
    }

    private static boolean isVersionConflict(Throwable cause) {
        return cause instanceof PgException pg && UNIQUE_VIOLATION.equals(pg.getSqlState())
                && CONFLICT_CONSTRAINTS.contains(pg.getConstraint());
    }

    /** Back to the head of the queue, in their order: they are older than anything waiting. */
    private void requeue(List<PendingAppend> appends) {
        synchronized (this) {
            for (int i = appends.size() - 1; i >= 0; i--) {
                waiting.addFirst(appends.get(i));
            }
        }
    }

    private static int countEvents(List<PendingAppend> batch) {
        int events = 0;
        for (PendingAppend append : batch) {
            events += append.events.size();
        }
        return events;
    }

    private record PendingAppend(StreamName stream, ExpectedVersion expected, List<NewEvent> events,
            List<IdempotencyRecord> answers, Promise<AppendResult> promise, int attempt, boolean alone) {

        PendingAppend(StreamName stream, ExpectedVersion expected, List<NewEvent> events,
                List<IdempotencyRecord> answers, Promise<AppendResult> promise) {
            this(stream, expected, events, answers, promise, 1, false);
        }

        PendingAppend nextAttempt() {
            return new PendingAppend(stream, expected, events, answers, promise, attempt + 1, alone);
        }

        PendingAppend goingAlone() {
            return new PendingAppend(stream, expected, events, answers, promise, attempt, true);
        }
    }
}
