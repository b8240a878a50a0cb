package dev.boxoffice.eventstore;

import java.util.Set;

/**
 * The outcome of an append: committed, refused because the stream is not at the expected version, or refused because
 * a key of a record it carries is taken already.
 */
public sealed interface AppendResult {

    /**
     * The events are committed as versions {@code nextExpectedVersion - n + 1 .. nextExpectedVersion} of the stream,
     * at global positions {@code firstPosition .. lastPosition}.
     */
    record Appended(long nextExpectedVersion, long firstPosition, long lastPosition) implements AppendResult {
    }

    /** Another writer got there first; nothing was written. Read the stream again and decide again. */
    record WrongExpectedVersion(StreamName stream, ExpectedVersion expected) implements AppendResult {
    }

    /**
     * The append carried records under keys of which {@code keys} are taken already; nothing was written. For answers
     * under idempotency keys: those commands were answered before; answer them from their keys, decide the others again.
     */
    record KeyTaken(StreamName stream, Set<String> keys) implements AppendResult {
    }
}
