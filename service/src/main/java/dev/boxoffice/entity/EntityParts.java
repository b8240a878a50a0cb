package dev.boxoffice.entity;

import dev.boxoffice.eventstore.EventStore;
import java.util.concurrent.atomic.LongAdder;

/**
 * What every entity of one runtime works with, built once by the runtime: the type, the settings, the store and what
 * reads and snapshots it, the memory account, the counters, and the two calls an entity makes back ({@link Host}).
 * An entity sees its runtime only through this.
 */
record EntityParts<C, E, S>(EntityType<C, E, S> type, EntitySettings settings, EventStore store, Replay<C, E, S> replay,
        Snapshotting<S> snapshotting, Residency residency, Counters counters, Host<C, S> host) {

    /** The runtime, as an entity sees it. */
    interface Host<C, S> {

        /** Routes {@code work} again: its entity was passivated while the work was on its way to it. */
        void dispatch(String entityId, Work<C, S> work);

        /** Drops a passivated entity from the runtime's map, unless another instance has taken its place already. */
        void forget(String entityId, Entity<C, ?, S> entity);
    }

    /** What the entities of a runtime count together (read by the runtime's metrics). */
    static final class Counters {
        final LongAdder appendedEvents = new LongAdder();
        final LongAdder conflicts = new LongAdder();
        final LongAdder tailReads = new LongAdder();
        final LongAdder overloaded = new LongAdder();
    }
}
