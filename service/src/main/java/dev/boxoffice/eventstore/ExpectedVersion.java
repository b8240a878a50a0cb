package dev.boxoffice.eventstore;

/** Stream versions count events from 1; a stream that does not exist yet is at version 0. */
public final class ExpectedVersion {

    public static final long NO_STREAM = 0;

    private ExpectedVersion() {
    }
}
