package dev.boxoffice.eventstore;

/**
 * A stream's state encoded at {@code version} in the shape {@code schemaVersion}; replaying the events after it gives
 * the current state.
 */
public record Snapshot(StreamName stream, long version, int schemaVersion, byte[] payload) {
}
