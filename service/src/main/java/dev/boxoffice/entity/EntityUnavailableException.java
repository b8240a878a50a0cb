package dev.boxoffice.entity;

/**
 * A command could not be settled: the event store failed, or other writers kept changing the stream; the in-memory
 * state is reloaded before the next command. {@code outcomeUnknown}: its events were sent and may be committed (a
 * read of the show tells); otherwise nothing was written.
 */
public final class EntityUnavailableException extends RuntimeException {

    private final boolean outcomeUnknown;

    public EntityUnavailableException(String message, Throwable cause) {
        this(message, cause, false);
    }

    public EntityUnavailableException(String message, Throwable cause, boolean outcomeUnknown) {
        super(message, cause);
        this.outcomeUnknown = outcomeUnknown;
    }

    public boolean outcomeUnknown() {
        return outcomeUnknown;
    }
}
