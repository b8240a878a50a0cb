package dev.boxoffice.eventstore;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Objects;

/**
 * A record committed with an append's events, in the same transaction, under a key no other record has: the events
 * and the record are committed together or not at all, and an append carrying a key already taken writes nothing
 * ({@link AppendResult.KeyTaken}). What the value means is its writer's business (an answer remembered under an
 * idempotency key, for one); the store keeps its bytes, for the store's time to live.
 */
public record KeyedRecord(String key, byte[] value) {

    public KeyedRecord {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(value, "value");
    }

    /** How the key is stored: the first 16 bytes of its SHA-256. */
    public byte[] keyHash() {
        return hashOf(key);
    }

    static byte[] hashOf(String key) {
        try {
            return Arrays.copyOf(MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8)), 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
