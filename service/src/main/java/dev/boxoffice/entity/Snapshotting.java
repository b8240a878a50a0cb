package dev.boxoffice.entity;

import dev.boxoffice.eventstore.Snapshot;
import dev.boxoffice.eventstore.SnapshotStore;
import dev.boxoffice.eventstore.StreamName;
import org.jboss.logging.Logger;

/**
 * Stores a snapshot each time a stream's version passes a multiple of {@code every} (0: never), after the reply:
 * loading a long-lived entity then reads one snapshot and a short tail. A failed snapshot is only logged.
 */
final class Snapshotting<S> {

    private static final Logger LOG = Logger.getLogger(Snapshotting.class);

    private final SnapshotStore store;
    private final StateCodec<S> codec;
    private final int every;

    Snapshotting(SnapshotStore store, StateCodec<S> codec, int every) {
        this.store = store;
        this.codec = codec;
        this.every = every;
    }

    void appended(StreamName stream, long versionBefore, long versionAfter, S state) {
        if (every == 0 || versionBefore / every == versionAfter / every) {
            return;
        }
        store.save(new Snapshot(stream, versionAfter, codec.schemaVersion(), codec.encode(state))).onFailure(failure -> LOG.warnf(failure,
                "Snapshot of %s at version %d failed (it is only an optimisation)", stream, versionAfter));
    }
}
