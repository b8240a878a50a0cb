package dev.boxoffice.eventstore;

/**
 * A point in the whole event log, in commit-safe order: events are ordered by the id of the transaction that
 * wrote them, then by position. {@link #START} is before every event.
 */
public record LogPosition(long transactionId, long position) {

    public static final LogPosition START = new LogPosition(0, 0);
}
