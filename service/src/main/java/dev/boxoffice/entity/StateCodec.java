package dev.boxoffice.entity;

/** Turns an aggregate's state into snapshot bytes and back. */
public interface StateCodec<S> {

    byte[] encode(S state);

    S decode(byte[] payload);
}
