package dev.boxoffice.eventstore;

/**
 * The version a stream must be at for an append to go through: optimistic concurrency. Versions count events from
 * 1; a stream that does not exist yet is at version 0.
 */
public record ExpectedVersion(long value) {

    public static final ExpectedVersion NO_STREAM = new ExpectedVersion(0);

    public ExpectedVersion {
        if (value < 0) {
            throw new IllegalArgumentException("expected version must not be negative: " + value);
        }
    }

    public static ExpectedVersion of(long value) {
        return value == 0 ? NO_STREAM : new ExpectedVersion(value);
    }

    @Override
    public String toString() {
        return Long.toString(value);
    }
}
