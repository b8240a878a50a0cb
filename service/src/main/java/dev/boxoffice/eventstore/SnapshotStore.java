package dev.boxoffice.eventstore;

import io.vertx.core.Future;
import java.util.Optional;

/**
 * The latest snapshot of each stream, kept apart from the events (as Eventuous and Marten keep them). A snapshot is
 * only a shortcut through a stream's events: losing one costs a longer replay, never an event.
 */
public interface SnapshotStore {

    Future<Optional<Snapshot>> load(StreamName stream);

    /** Stores {@code snapshot} unless a newer one of its stream is stored already. */
    Future<Void> save(Snapshot snapshot);
}
