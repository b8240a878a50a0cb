package dev.boxoffice.eventstore;

/** A stream's state encoded at {@code version}; replaying the events after it gives the current state. */
public record Snapshot(StreamName stream, long version, byte[] payload) {
}
