package dev.boxoffice.eventstore;

import dev.boxoffice.eventstore.AppendResult.Appended;
import dev.boxoffice.eventstore.AppendResult.IdempotencyKeyTaken;
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
import java.util.Set;

/**
 * The event-store port in memory, for tests of what sits on it (entities, their runtime) in milliseconds: the same
 * contract as PostgreSQL's store ({@link EventStoreContract}), each append atomic, a version conflict and a taken
 * idempotency key refusing the whole append. Not durable, and not used by the service, which stores in PostgreSQL.
 */
public final class InMemoryEventStore implements EventStore {

    private final Clock clock;
    private final Map<StreamName, List<RecordedEvent>> streams = new HashMap<>();
    private final Set<String> takenKeys = new HashSet<>();
    private long lastPosition;
    private long lastTransaction;

    public InMemoryEventStore(Clock clock) {
        this.clock = clock;
    }

    @Override
    public synchronized Future<AppendResult> append(StreamName stream, ExpectedVersion expected, List<NewEvent> events,
            List<IdempotencyRecord> answers) {
        if (events.isEmpty()) {
            throw new IllegalArgumentException("an append needs at least one event");
        }
        List<RecordedEvent> existing = streams.getOrDefault(stream, List.of());
        if (existing.size() != expected.value()) {
            return later(new WrongExpectedVersion(stream, expected));
        }
        Set<String> taken = new HashSet<>();
        answers.stream().map(IdempotencyRecord::key).filter(takenKeys::contains).forEach(taken::add);
        if (!taken.isEmpty()) {
            return later(new IdempotencyKeyTaken(stream, taken));
        }
        answers.forEach(answer -> takenKeys.add(answer.key()));
        long transaction = ++lastTransaction;
        OffsetDateTime now = OffsetDateTime.now(clock);
        List<RecordedEvent> appended = new ArrayList<>(existing);
        long first = lastPosition + 1;
        for (NewEvent event : events) {
            appended.add(new RecordedEvent(stream, appended.size() + 1, ++lastPosition, transaction, event.type(),
                    event.schemaVersion(), event.payload().clone(), event.correlationId(), now));
        }
        streams.put(stream, List.copyOf(appended));
        return later(new Appended(appended.size(), first, lastPosition));
    }

    @Override
    public synchronized Future<List<RecordedEvent>> readStream(StreamName stream, long afterVersion) {
        return later(streams.getOrDefault(stream, List.of()).stream()
                .filter(event -> event.version() > afterVersion).toList());
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
