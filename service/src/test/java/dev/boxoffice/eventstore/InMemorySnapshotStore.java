package dev.boxoffice.eventstore;

import io.vertx.core.Future;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/** The snapshot port in memory, beside {@link InMemoryEventStore}: the newest snapshot of each stream wins. */
public final class InMemorySnapshotStore implements SnapshotStore {

    private final Map<StreamName, Snapshot> latest = new HashMap<>();

    @Override
    public synchronized Future<Optional<Snapshot>> load(StreamName stream) {
        return InMemoryEventStore.later(Optional.ofNullable(latest.get(stream)));
    }

    @Override
    public synchronized Future<Void> save(Snapshot snapshot) {
        latest.merge(snapshot.stream(), snapshot, (old, newer) -> newer.version() > old.version() ? newer : old);
        return InMemoryEventStore.later(null);
    }
}
