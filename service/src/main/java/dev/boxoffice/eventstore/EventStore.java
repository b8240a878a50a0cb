package dev.boxoffice.eventstore;

import io.vertx.core.Future;
import java.util.List;

/**
 * What an entity needs of an event store, in the field's words (as in Eventuous and Marten): append to a stream at
 * an expected version, read a stream from a version on. Every method returns a Vert.x {@link Future}; an
 * implementation on blocking I/O completes it before returning.
 */
public interface EventStore {

    /**
     * Appends {@code events} to {@code stream} atomically if it is at {@code expected}. Completes after the commit; a
     * version conflict is an {@link AppendResult.WrongExpectedVersion}, not a failure.
     */
    default Future<AppendResult> append(StreamName stream, ExpectedVersion expected, List<NewEvent> events) {
        return append(stream, expected, events, List.of());
    }

    /**
     * The same, committing {@code records} in the same transaction as the events: all or nothing. An append carrying
     * a key taken already is a {@link AppendResult.KeyTaken}, and writes nothing.
     */
    Future<AppendResult> append(StreamName stream, ExpectedVersion expected, List<NewEvent> events,
            List<KeyedRecord> records);

    /** The events of one stream with a version above {@code afterVersion}, in version order. */
    Future<List<RecordedEvent>> readStream(StreamName stream, long afterVersion);

    /**
     * The same, for a read expected to find few events or none (a version confirmed before an answer, a catch-up after
     * a conflict): an implementation may share one statement between such reads of several streams.
     */
    default Future<List<RecordedEvent>> readTail(StreamName stream, long afterVersion) {
        return readStream(stream, afterVersion);
    }
}
