package dev.boxoffice.entity;

/** Turns an aggregate's events into stored (type, bytes) pairs and back. */
public interface EventCodec<E> {

    String typeOf(E event);

    byte[] encode(E event);

    E decode(String type, byte[] payload);
}
