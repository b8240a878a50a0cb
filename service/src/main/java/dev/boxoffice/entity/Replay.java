package dev.boxoffice.entity;

import dev.boxoffice.domain.Decider;
import dev.boxoffice.eventstore.EventStore;
import dev.boxoffice.eventstore.RecordedEvent;
import dev.boxoffice.eventstore.Snapshot;
import dev.boxoffice.eventstore.SnapshotStore;
import dev.boxoffice.eventstore.StreamName;
import io.vertx.core.Future;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongConsumer;

/** Builds an entity's state from the store: its latest snapshot and the events after it, or a tail of events. */
final class Replay<C, E, S> {

    private final EventStore store;
    private final SnapshotStore snapshots;
    private final EntityType<C, E, S> type;
    private final LongAdder replayed = new LongAdder();
    private volatile LongConsumer loadNanos = nanos -> { };

    Replay(EventStore store, SnapshotStore snapshots, EntityType<C, E, S> type) {
        this.store = store;
        this.snapshots = snapshots;
        this.type = type;
    }

    /**
     * The stream's current state: its snapshot (if any, and in the current schema version) with the events after it;
     * else all its events. A snapshot of another version is never decoded: it could be misread.
     */
    Future<Lifecycle.Ready<S>> load(StreamName stream) {
        long start = System.nanoTime();
        StateCodec<S> codec = type.snapshots();
        return snapshots.load(stream).compose(found -> {
            Optional<Snapshot> snapshot = found.filter(s -> s.schemaVersion() == codec.schemaVersion());
            S from = snapshot.map(s -> codec.decode(s.payload())).orElse(type.decider().initialState());
            return catchUp(stream, from, snapshot.map(Snapshot::version).orElse(0L));
        }).onSuccess(ready -> loadNanos.accept(System.nanoTime() - start));
    }

    /** Where the time of each load (snapshot read and decoded, the events after it applied) is reported. */
    void reportLoadsTo(LongConsumer nanos) {
        loadNanos = nanos;
    }

    /** {@code from}, the state at {@code version}, made current with the events recorded after it. */
    Future<Lifecycle.Ready<S>> catchUp(StreamName stream, S from, long version) {
        return store.readTail(stream, version).map(events -> apply(from, version, events));
    }

    /** Events read back to (re)build entities: loads, and catching up after version conflicts. */
    long replayedEvents() {
        return replayed.sum();
    }

    private Lifecycle.Ready<S> apply(S from, long version, List<RecordedEvent> events) {
        Decider<C, E, S> decider = type.decider();
        S state = from;
        long at = version;
        for (RecordedEvent event : events) {
            for (E decoded : type.events().decode(event)) {
                state = decider.evolve(state, decoded);
            }
            at = event.version();
        }
        replayed.add(events.size());
        return new Lifecycle.Ready<>(state, at);
    }
}
