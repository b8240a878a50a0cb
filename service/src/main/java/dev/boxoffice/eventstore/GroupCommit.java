package dev.boxoffice.eventstore;

import dev.boxoffice.eventstore.AppendResult.Appended;
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

/**
 * Appends of many streams share one statement, hence one round trip and one transaction.
 *
 * <p>No timer: an append is written at once while fewer than {@code maxConcurrentFlushes} statements are in
 * flight; otherwise it waits and joins the next statement with everything else that arrived meanwhile. Light load
 * pays no batching delay; heavy load gets large batches. Each stream's expected version is checked on its own, so
 * a conflicting append fails only its own caller.
 */
final class GroupCommit {

    /*
     * One statement: advance each stream's version with a compare-and-set (or create it), then insert the events
     * of exactly the streams that passed. Row locks on streams serialise writers of one stream across instances.
     */
    private static final String APPEND_SQL = """
            WITH appends AS (
                SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[]) AS a(stream_id, expected_version, new_version)
            ), created AS (
                INSERT INTO streams (stream_id, version)
                SELECT stream_id, new_version FROM appends WHERE expected_version = 0
                ON CONFLICT (stream_id) DO NOTHING
                RETURNING stream_id
            ), advanced AS (
                UPDATE streams s SET version = a.new_version
                FROM appends a
                WHERE a.expected_version > 0 AND s.stream_id = a.stream_id AND s.version = a.expected_version
                RETURNING s.stream_id
            )
            INSERT INTO events (stream_id, version, event_type, payload, correlation_id)
            SELECT e.stream_id, e.version, e.event_type, e.payload, e.correlation_id
            FROM unnest($4::text[], $5::bigint[], $6::text[], $7::bytea[], $8::text[])
                 WITH ORDINALITY AS e(stream_id, version, event_type, payload, correlation_id, ord)
            WHERE e.stream_id IN (SELECT stream_id FROM created UNION ALL SELECT stream_id FROM advanced)
            ORDER BY e.ord
            RETURNING stream_id, position
            """;

    /** Deadlock and serialisation failures between instances: the whole statement is safe to run again. */
    private static final Set<String> RETRYABLE_SQL_STATES = Set.of("40P01", "40001");
    private static final int MAX_ATTEMPTS = 3;

    private final Pool pool;
    private final int maxConcurrentFlushes;
    private final int maxEventsPerFlush;
    private final AppendMetrics observer;

    private final ArrayDeque<PendingAppend> waiting = new ArrayDeque<>();
    private int flushesInFlight; // guarded by this

    GroupCommit(Pool pool, int maxConcurrentFlushes, int maxEventsPerFlush, AppendMetrics observer) {
        this.pool = pool;
        this.maxConcurrentFlushes = maxConcurrentFlushes;
        this.maxEventsPerFlush = maxEventsPerFlush;
        this.observer = observer;
    }

    Future<AppendResult> append(String streamId, long expectedVersion, List<NewEvent> events) {
        PendingAppend pending = new PendingAppend(streamId, expectedVersion, List.copyOf(events), Promise.promise());
        synchronized (this) {
            waiting.addLast(pending);
        }
        flushIfCapacity();
        return pending.promise.future();
    }

    private void flushIfCapacity() {
        List<PendingAppend> batch;
        synchronized (this) {
            if (flushesInFlight >= maxConcurrentFlushes || waiting.isEmpty()) {
                return;
            }
            batch = takeBatch();
            flushesInFlight++;
        }
        long started = System.nanoTime();
        pool.preparedQuery(APPEND_SQL).execute(parameters(batch)).onComplete(ar -> {
            synchronized (this) {
                flushesInFlight--;
            }
            if (ar.succeeded()) {
                observer.flushed(batch.size(), countEvents(batch), System.nanoTime() - started);
                complete(batch, ar.result());
            } else {
                fail(batch, ar.cause());
            }
            flushIfCapacity();
        });
    }

    /** Oldest first, at most one append per stream (its versions would collide), up to the event budget. */
    private List<PendingAppend> takeBatch() {
        List<PendingAppend> batch = new ArrayList<>();
        Set<String> streams = new HashSet<>();
        int events = 0;
        for (Iterator<PendingAppend> it = waiting.iterator(); it.hasNext(); ) {
            PendingAppend next = it.next();
            if (!batch.isEmpty() && events + next.events.size() > maxEventsPerFlush) {
                break;
            }
            if (streams.add(next.streamId)) {
                it.remove();
                batch.add(next);
                events += next.events.size();
            }
        }
        return batch;
    }

    private static Tuple parameters(List<PendingAppend> batch) {
        int appends = batch.size();
        int events = countEvents(batch);
        String[] streamIds = new String[appends];
        Long[] expectedVersions = new Long[appends];
        Long[] newVersions = new Long[appends];
        String[] eventStreamIds = new String[events];
        Long[] versions = new Long[events];
        String[] types = new String[events];
        Buffer[] payloads = new Buffer[events];
        String[] correlationIds = new String[events];
        int e = 0;
        for (int a = 0; a < appends; a++) {
            PendingAppend append = batch.get(a);
            streamIds[a] = append.streamId;
            expectedVersions[a] = append.expectedVersion;
            newVersions[a] = append.expectedVersion + append.events.size();
            long version = append.expectedVersion;
            for (NewEvent event : append.events) {
                eventStreamIds[e] = append.streamId;
                versions[e] = ++version;
                types[e] = event.type();
                payloads[e] = Buffer.buffer(event.payload());
                correlationIds[e] = event.correlationId();
                e++;
            }
        }
        return Tuple.of(streamIds, expectedVersions, newVersions, eventStreamIds, versions, types)
                .addArrayOfBuffer(payloads)
                .addArrayOfString(correlationIds);
    }

    private static void complete(List<PendingAppend> batch, RowSet<Row> rows) {
        Map<String, long[]> positionsByStream = new HashMap<>();
        for (Row row : rows) {
            long position = row.getLong(1);
            positionsByStream.merge(row.getString(0), new long[] {position, position},
                    (a, b) -> new long[] {Math.min(a[0], b[0]), Math.max(a[1], b[1])});
        }
        for (PendingAppend append : batch) {
            long[] positions = positionsByStream.get(append.streamId);
            append.promise.complete(positions == null
                    ? new WrongExpectedVersion(append.streamId, append.expectedVersion)
                    : new Appended(append.expectedVersion + append.events.size(), positions[0], positions[1]));
        }
    }

    private void fail(List<PendingAppend> batch, Throwable cause) {
        boolean retryable = cause instanceof PgException pg && RETRYABLE_SQL_STATES.contains(pg.getSqlState());
        List<PendingAppend> again = new ArrayList<>();
        for (PendingAppend append : batch) {
            if (retryable && append.attempt < MAX_ATTEMPTS) {
                again.add(append.nextAttempt());
            } else {
                append.promise.fail(cause);
            }
        }
        synchronized (this) {
            for (int i = again.size() - 1; i >= 0; i--) {
                waiting.addFirst(again.get(i));
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

    private record PendingAppend(
            String streamId, long expectedVersion, List<NewEvent> events, Promise<AppendResult> promise, int attempt) {

        PendingAppend(String streamId, long expectedVersion, List<NewEvent> events, Promise<AppendResult> promise) {
            this(streamId, expectedVersion, events, promise, 1);
        }

        PendingAppend nextAttempt() {
            return new PendingAppend(streamId, expectedVersion, events, promise, attempt + 1);
        }
    }
}
