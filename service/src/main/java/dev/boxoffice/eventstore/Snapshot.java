package dev.boxoffice.eventstore;

/** A stream's state encoded at {@code version}; replaying the events after it gives the current state. */
public record Snapshot(String streamId, long version, byte[] payload) {
}
