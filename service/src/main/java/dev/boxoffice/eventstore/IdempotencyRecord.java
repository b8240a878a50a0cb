package dev.boxoffice.eventstore;

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

    /** Whether {@code fingerprint} is that of the request this answered. */
    public boolean answers(byte[] fingerprint) {
        return Arrays.equals(requestFingerprint, fingerprint);
    }
}
