package dev.boxoffice.eventstore;

/**
 * An append not answered within the commit timeout. {@code outcomeUnknown}: its statement was sent, so its events may
 * be committed (read the stream again before deciding anything on it); otherwise nothing was written.
 */
public final class CommitTimeoutException extends RuntimeException {

    private final boolean outcomeUnknown;

    CommitTimeoutException(String message, boolean outcomeUnknown) {
        super(message, null, false, false);
        this.outcomeUnknown = outcomeUnknown;
    }

    public boolean outcomeUnknown() {
        return outcomeUnknown;
    }
}
