package dev.boxoffice.eventstore;

/** The outcome of an append: committed, or refused because the stream is not at the expected version. */
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
}
