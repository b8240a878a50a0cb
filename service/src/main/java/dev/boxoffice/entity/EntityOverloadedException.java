package dev.boxoffice.entity;

/**
 * The entity cannot take this work now: the work queued for it has waited longer than its bound, or the memory for
 * entities is full and nothing idle can be dropped yet. Nothing was done; the same request may be retried later.
 */
public final class EntityOverloadedException extends RuntimeException {

    public EntityOverloadedException(String message) {
        super(message, null, false, false); // refused often under overload: no stack trace to fill
    }
}
