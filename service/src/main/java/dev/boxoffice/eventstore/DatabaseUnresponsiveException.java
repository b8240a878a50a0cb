package dev.boxoffice.eventstore;

/**
 * A statement given up on because the database stopped answering ({@link DatabaseLiveness}). {@code outcomeUnknown}:
 * an append whose statement was sent, so its events may be committed (read the stream again before deciding anything
 * on it); otherwise nothing was written.
 */
public final class DatabaseUnresponsiveException extends RuntimeException {

    private final boolean outcomeUnknown;

    DatabaseUnresponsiveException(String message, boolean outcomeUnknown) {
        super(message, null, false, false);
        this.outcomeUnknown = outcomeUnknown;
    }

    public boolean outcomeUnknown() {
        return outcomeUnknown;
    }
}
