package dev.boxoffice.eventstore;

import io.vertx.core.Future;
import java.util.List;
import java.util.OptionalLong;

/**
 * What read models and live followers need of an event store, in the field's words (Eventuous's and Marten's "all
 * stream"): the global log from a position on, the tails of many streams at once, and the mapping between a stream's
 * versions and log positions. Every method returns a Vert.x {@link Future}.
 */
public interface EventLog {

    /** Up to {@code limit} committed events of all streams after {@code after}, in an order no later read contradicts. */
    Future<List<RecordedEvent>> readAll(LogPosition after, int limit);

    /**
     * For each stream, up to {@code limitPerStream} of its events with a version above its {@code afterVersions}
     * entry, in version order per stream: one read for every follower of every stream.
     */
    Future<List<RecordedEvent>> readStreamTails(List<StreamName> streams, long[] afterVersions, int limitPerStream);

    /** The log position of {@code stream}'s event at {@code version}; empty if it has none. */
    Future<OptionalLong> positionOf(StreamName stream, long version);

    /** The version of the event at log {@code position}, if that event is in {@code stream}. */
    Future<OptionalLong> versionAt(StreamName stream, long position);

    /** Tells {@code listener} of every append this store commits (metrics, waking read models). */
    void onCommit(CommitListener listener);
}
