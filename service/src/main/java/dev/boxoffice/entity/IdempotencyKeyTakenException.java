package dev.boxoffice.entity;

/**
 * A command sent under an idempotency key that is used already: it was not carried out again. The answer remembered
 * under the key is the one to give.
 */
public final class IdempotencyKeyTakenException extends RuntimeException {

    public IdempotencyKeyTakenException(String key) {
        super("Idempotency key used already: " + key, null, false, false);
    }
}
