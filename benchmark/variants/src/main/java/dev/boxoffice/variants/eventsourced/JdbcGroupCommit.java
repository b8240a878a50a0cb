package dev.boxoffice.variants.eventsourced;

import dev.boxoffice.eventstore.AppendResult;
import dev.boxoffice.eventstore.EventStore;
import dev.boxoffice.eventstore.ExpectedVersion;
import dev.boxoffice.eventstore.KeyedRecord;
import dev.boxoffice.eventstore.NewEvent;
import dev.boxoffice.eventstore.RecordedEvent;
import dev.boxoffice.eventstore.StreamName;
import dev.boxoffice.variants.http.StoreUnavailableException;
import io.vertx.core.Future;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.sql.DataSource;

/**
 * The service's group commit on blocking JDBC, for the variants that keep blocking code but share a commit: each
 * caller's thread hands its append to one committer thread and parks until the commit is durable; the committer
 * writes everything that waits (at most one append per stream, up to {@link #MAX_EVENTS} events) in one statement,
 * hence one transaction and one WAL flush. No timer: an append is written as soon as the committer is free, so light
 * load pays no batching delay. The statement is the service's own (one INSERT over arrays, the expected version
 * checked in it, the unique index refusing a second writer); a conflict refuses only its own append: a statement
 * that hits one runs again with each append on its own. Bounded as the service is: appends waiting at most
 * {@code maxWaitingBytes} of payload (past it, 503 at once) and {@code timeout} (past it, 503; one still waiting is
 * dropped unwritten).
 */
final class JdbcGroupCommit implements EventStore {

    /** Events in one statement at most, as the service's default. */
    static final int MAX_EVENTS = 1000;

    /** The service's statement (AppendStatement), with JDBC's placeholders: the variant runs exactly what it runs. */
    private static final String APPEND_SQL = """
            INSERT INTO events (stream_id, version, event_type, schema_version, payload, correlation_id)
            SELECT e.stream_id, e.version, e.event_type, e.schema_version, e.payload, e.correlation_id
            FROM unnest(?::text[], ?::bigint[], ?::bigint[], ?::text[], ?::smallint[], ?::bytea[], ?::text[])
                 WITH ORDINALITY AS e(stream_id, expected_version, version, event_type, schema_version, payload,
                                      correlation_id, ord)
            WHERE e.expected_version = 0
               OR e.expected_version = (SELECT p.version FROM events p
                                        WHERE p.stream_id = e.stream_id AND p.version = e.expected_version)
            ORDER BY e.ord
            RETURNING stream_id, position
            """;
    private static final String UNIQUE_VIOLATION = "23505";

    /** One caller's append, waiting for the committer. */
    private record Pending(StreamName stream, ExpectedVersion expected, List<NewEvent> events, long bytes,
            long sinceNanos, boolean alone, CompletableFuture<AppendResult> result) {

        Pending goingAlone() {
            return new Pending(stream, expected, events, bytes, sinceNanos, true, result);
        }
    }

    private final DataSource database;
    private final JdbcEventStore reads;
    private final long maxWaitingBytes;
    private final Duration timeout;
    private final ArrayDeque<Pending> waiting = new ArrayDeque<>(); // guarded by this
    private long waitingBytes; // guarded by this

    JdbcGroupCommit(DataSource database, long maxWaitingBytes, Duration timeout) {
        this.database = database;
        this.reads = new JdbcEventStore(database);
        this.maxWaitingBytes = maxWaitingBytes;
        this.timeout = timeout;
        Thread.ofPlatform().name("group-committer").daemon().start(this::commitForever); // ends with the JVM
    }

    @Override
    public Future<AppendResult> append(StreamName stream, ExpectedVersion expected, List<NewEvent> events,
            List<KeyedRecord> records) {
        if (!records.isEmpty()) {
            throw new UnsupportedOperationException("the JDBC event store of the variants keeps no keyed records");
        }
        long bytes = events.stream().mapToLong(event -> event.payload().length).sum();
        Pending pending = new Pending(stream, expected, List.copyOf(events), bytes, System.nanoTime(), false,
                new CompletableFuture<>());
        synchronized (this) {
            if (waitingBytes + bytes > maxWaitingBytes) {
                throw new StoreUnavailableException("appends waiting for the committer fill " + maxWaitingBytes + " bytes", null);
            }
            waiting.addLast(pending);
            waitingBytes += bytes;
            notifyAll();
        }
        try {
            return Future.succeededFuture(pending.result().get(timeout.toMillis(), TimeUnit.MILLISECONDS));
        } catch (TimeoutException e) {
            throw new StoreUnavailableException("no commit within " + timeout.toMillis() + " ms", e);
        } catch (ExecutionException e) {
            throw new StoreUnavailableException("append to " + stream + " failed", e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreUnavailableException("interrupted while waiting for the commit", e);
        }
    }

    @Override
    public Future<List<RecordedEvent>> readStream(StreamName stream, long afterVersion) {
        return reads.readStream(stream, afterVersion);
    }

    private void commitForever() {
        while (true) {
            List<Pending> batch;
            try {
                batch = takeBatch();
            } catch (InterruptedException e) {
                return;
            }
            if (!batch.isEmpty()) {
                write(batch);
            }
        }
    }

    /**
     * Oldest first, at most one append per stream, up to {@link #MAX_EVENTS}; an append that must go alone is never
     * joined. One whose caller has stopped waiting is dropped unwritten.
     */
    private synchronized List<Pending> takeBatch() throws InterruptedException {
        while (waiting.isEmpty()) {
            wait();
        }
        List<Pending> batch = new ArrayList<>();
        Set<StreamName> streams = new HashSet<>();
        int events = 0;
        long now = System.nanoTime();
        for (Iterator<Pending> it = waiting.iterator(); it.hasNext(); ) {
            Pending next = it.next();
            if (now - next.sinceNanos() > timeout.toNanos()) {
                it.remove();
                waitingBytes -= next.bytes();
                next.result().completeExceptionally(new StoreUnavailableException("dropped unwritten: waited too long", null));
                continue;
            }
            if (!batch.isEmpty() && (next.alone() || events + next.events().size() > MAX_EVENTS)) {
                break;
            }
            if (streams.add(next.stream())) {
                it.remove();
                waitingBytes -= next.bytes();
                batch.add(next);
                events += next.events().size();
                if (next.alone()) {
                    break;
                }
            }
        }
        return batch;
    }

    private void write(List<Pending> batch) {
        try (Connection connection = database.getConnection();
                PreparedStatement insert = connection.prepareStatement(APPEND_SQL)) {
            connection.setAutoCommit(true); // one statement, its own transaction
            bind(connection, insert, batch);
            Map<String, long[]> positions = new HashMap<>(); // stream -> first, last
            try (ResultSet rows = insert.executeQuery()) {
                while (rows.next()) {
                    long position = rows.getLong(2);
                    positions.merge(rows.getString(1), new long[] {position, position},
                            (known, added) -> new long[] {Math.min(known[0], position), Math.max(known[1], position)});
                }
            }
            for (Pending append : batch) {
                long[] written = positions.get(append.stream().value());
                append.result().complete(written == null ? new AppendResult.WrongExpectedVersion(append.stream(), append.expected())
                        : new AppendResult.Appended(append.expected().value() + append.events().size(), written[0], written[1]));
            }
        } catch (SQLException e) {
            if (UNIQUE_VIOLATION.equals(e.getSQLState())) {
                conflicted(batch);
            } else {
                batch.forEach(append -> append.result().completeExceptionally(e));
            }
        }
    }

    /** A version another instance took first: a lone append's refusal; in a shared statement, each goes again alone. */
    private void conflicted(List<Pending> batch) {
        if (batch.size() == 1) {
            Pending append = batch.get(0);
            append.result().complete(new AppendResult.WrongExpectedVersion(append.stream(), append.expected()));
            return;
        }
        synchronized (this) {
            for (int i = batch.size() - 1; i >= 0; i--) {
                Pending alone = batch.get(i).goingAlone();
                waiting.addFirst(alone);
                waitingBytes += alone.bytes();
            }
        }
    }

    private static void bind(Connection connection, PreparedStatement insert, List<Pending> batch) throws SQLException {
        int count = batch.stream().mapToInt(append -> append.events().size()).sum();
        String[] streams = new String[count];
        Long[] expected = new Long[count];
        Long[] versions = new Long[count];
        String[] types = new String[count];
        Short[] schemaVersions = new Short[count];
        byte[][] payloads = new byte[count][];
        String[] correlationIds = new String[count];
        int e = 0;
        for (Pending append : batch) {
            long version = append.expected().value();
            for (NewEvent event : append.events()) {
                streams[e] = append.stream().value();
                expected[e] = append.expected().value();
                versions[e] = ++version;
                types[e] = event.type();
                schemaVersions[e] = (short) event.schemaVersion();
                payloads[e] = event.payload();
                correlationIds[e] = event.correlationId();
                e++;
            }
        }
        insert.setArray(1, connection.createArrayOf("text", streams));
        insert.setArray(2, connection.createArrayOf("bigint", expected));
        insert.setArray(3, connection.createArrayOf("bigint", versions));
        insert.setArray(4, connection.createArrayOf("text", types));
        insert.setArray(5, connection.createArrayOf("smallint", schemaVersions));
        insert.setArray(6, connection.createArrayOf("bytea", payloads));
        insert.setArray(7, connection.createArrayOf("text", correlationIds));
    }
}
