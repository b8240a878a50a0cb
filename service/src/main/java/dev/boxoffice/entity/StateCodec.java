package dev.boxoffice.entity;

/**
 * Turns an aggregate's state into snapshot bytes and back. A snapshot is only a shortcut: one of another schema
 * version than {@link #schemaVersion()} is never decoded, and the state is rebuilt from the events instead.
 */
public interface StateCodec<S> {

    /** The schema version snapshots are written in now, and the only one read. */
    int schemaVersion();

    byte[] encode(S state);

    S decode(byte[] payload);
}
