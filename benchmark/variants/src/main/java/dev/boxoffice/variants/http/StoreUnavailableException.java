package dev.boxoffice.variants.http;

/** The database did not answer in time (no connection within the pool's timeout, or a failed statement). */
public final class StoreUnavailableException extends RuntimeException {

    public StoreUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
