package dev.boxoffice.eventstore;

import java.util.Set;

/**
 * The outcome of an append: committed, refused because the stream is not at the expected version, or refused because
 * an idempotency key it carries is used already.
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
     * The append carried answers under idempotency keys of which {@code keys} are used already; nothing was written.
     * Those commands were answered before: answer them from their keys, and decide the others again.
     */
    record IdempotencyKeyTaken(StreamName stream, Set<String> keys) implements AppendResult {
    }
}
