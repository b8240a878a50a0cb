package dev.boxoffice.eventstore;

import dev.boxoffice.eventstore.AppendResult.Appended;
import dev.boxoffice.eventstore.AppendResult.KeyTaken;
import dev.boxoffice.eventstore.AppendResult.WrongExpectedVersion;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The event-store ports in memory (streams and the log), for tests of what sits on them (entities, their runtime) in
 * milliseconds: the same contract as PostgreSQL's store ({@link EventStoreContract}), each append atomic, a version
 * conflict and a taken key refusing the whole append, the log in commit order (one transaction per
 * append), keyed records that do not expire. Not durable, and not used by the service, which stores in PostgreSQL.
 */
public final class InMemoryEventStore implements EventStore, EventLog {

    private final Clock clock;
    private final Map<StreamName, List<RecordedEvent>> streams = new HashMap<>();
    private final List<RecordedEvent> log = new ArrayList<>();
    private final Map<String, byte[]> records = new HashMap<>();
    private final List<CommitListener> listeners = new CopyOnWriteArrayList<>();
    private long lastTransaction;

    public InMemoryEventStore(Clock clock) {
        this.clock = clock;
    }

    @Override
    public Future<AppendResult> append(StreamName stream, ExpectedVersion expected, List<NewEvent> events,
            List<KeyedRecord> records) {
        if (events.isEmpty()) {
            throw new IllegalArgumentException("an append needs at least one event");
        }
        long started = System.nanoTime();
        AppendResult result = appendNow(stream, expected, events, records);
        if (result instanceof Appended) {
            listeners.forEach(listener -> listener.committed(1, events.size(), System.nanoTime() - started));
        }
        return later(result);
    }

    private synchronized AppendResult appendNow(StreamName stream, ExpectedVersion expected, List<NewEvent> events,
            List<KeyedRecord> records) {
        List<RecordedEvent> existing = streams.getOrDefault(stream, List.of());
        if (existing.size() != expected.value()) {
            return new WrongExpectedVersion(stream, expected);
        }
        Set<String> taken = new HashSet<>();
        records.stream().map(KeyedRecord::key).filter(this.records::containsKey).forEach(taken::add);
        if (!taken.isEmpty()) {
            return new KeyTaken(stream, taken);
        }
        records.forEach(record -> this.records.put(record.key(), record.value().clone()));
        long transaction = ++lastTransaction;
        OffsetDateTime now = OffsetDateTime.now(clock);
        List<RecordedEvent> appended = new ArrayList<>(existing);
        long first = log.size() + 1;
        for (NewEvent event : events) {
            RecordedEvent recorded = new RecordedEvent(stream, appended.size() + 1, log.size() + 1, transaction,
                    event.type(), event.schemaVersion(), event.payload().clone(), event.correlationId(), now);
            appended.add(recorded);
            log.add(recorded);
        }
        streams.put(stream, List.copyOf(appended));
        return new Appended(appended.size(), first, log.size());
    }

    @Override
    public synchronized Future<List<RecordedEvent>> readStream(StreamName stream, long afterVersion) {
        return later(streams.getOrDefault(stream, List.of()).stream()
                .filter(event -> event.version() > afterVersion).toList());
    }

    @Override
    public synchronized Future<List<RecordedEvent>> readAll(LogPosition after, int limit) {
        // Positions follow commits here (one append at a time), so the position alone orders the log.
        int from = (int) Math.min(after.position(), log.size());
        return later(List.copyOf(log.subList(from, Math.min(log.size(), from + limit))));
    }

    @Override
    public synchronized Future<List<RecordedEvent>> readStreamTails(List<StreamName> streams, long[] afterVersions,
            int limitPerStream) {
        if (streams.size() != afterVersions.length) {
            throw new IllegalArgumentException("one version per stream");
        }
        List<RecordedEvent> tails = new ArrayList<>();
        for (int i = 0; i < streams.size(); i++) {
            long after = afterVersions[i];
            this.streams.getOrDefault(streams.get(i), List.of()).stream()
                    .filter(event -> event.version() > after).limit(limitPerStream).forEach(tails::add);
        }
        return later(tails);
    }

    @Override
    public synchronized Future<OptionalLong> positionOf(StreamName stream, long version) {
        List<RecordedEvent> events = streams.getOrDefault(stream, List.of());
        return later(version < 1 || version > events.size() ? OptionalLong.empty()
                : OptionalLong.of(events.get((int) version - 1).position()));
    }

    @Override
    public synchronized Future<OptionalLong> versionAt(StreamName stream, long position) {
        return later(position < 1 || position > log.size() || !log.get((int) position - 1).stream().equals(stream)
                ? OptionalLong.empty() : OptionalLong.of(log.get((int) position - 1).version()));
    }

    @Override
    public void onCommit(CommitListener listener) {
        listeners.add(listener);
    }

    /** The keyed records this store's appends write; they never expire here (nothing purges them). */
    public KeyedRecords keyedRecords() {
        return new KeyedRecords() {
            @Override
            public Future<Optional<KeyedRecord>> find(String key) {
                synchronized (InMemoryEventStore.this) {
                    byte[] value = records.get(key);
                    return later(value == null ? Optional.empty() : Optional.of(new KeyedRecord(key, value.clone())));
                }
            }

            @Override
            public Future<Optional<KeyedRecord>> insertUnlessTaken(KeyedRecord record) {
                synchronized (InMemoryEventStore.this) {
                    byte[] there = records.putIfAbsent(record.key(), record.value().clone());
                    return later(there == null ? Optional.empty() : Optional.of(new KeyedRecord(record.key(), there.clone())));
                }
            }

            @Override
            public Future<Integer> purgeExpired(int batch) {
                return later(0);
            }
        };
    }

    /**
     * Completes on the caller's Vert.x context after the caller has returned, as a store doing I/O does: an entity
     * that starts an append is in its appending phase before the append completes, never inside its own call.
     */
    static <T> Future<T> later(T value) {
        Context context = Vertx.currentContext();
        if (context == null) {
            return Future.succeededFuture(value);
        }
        Promise<T> promise = Promise.promise();
        context.runOnContext(v -> promise.complete(value));
        return promise.future();
    }
}
