package dev.boxoffice.eventstore;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Objects;

/**
 * An answer remembered under an idempotency key: the fingerprint of the request it answered, and the answer as sent
 * (status, Location or null, body). Committed with the events of the command it answers, or on its own for an answer
 * that changed nothing.
 */
public record IdempotencyRecord(String key, byte[] requestFingerprint, int status, String location, byte[] body) {

    public IdempotencyRecord {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(requestFingerprint, "requestFingerprint");
        Objects.requireNonNull(body, "body");
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

    /** Whether {@code fingerprint} is that of the request this answered. */
    public boolean answers(byte[] fingerprint) {
        return Arrays.equals(requestFingerprint, fingerprint);
    }
}
