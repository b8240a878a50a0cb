package dev.boxoffice.eventstore;

import io.vertx.core.Promise;
import java.util.List;

/**
 * An append waiting for, or in, a group commit: its events, the records to commit with them, the promise its
 * caller waits on, and when it was made ({@code sinceNanos}, of {@link DatabaseLiveness}'s clock).
 * {@code alone}: it goes in a statement of its own (after a conflict in a shared one).
 */
record PendingAppend(StreamName stream, ExpectedVersion expected, List<NewEvent> events,
        List<KeyedRecord> records, Promise<AppendResult> promise, long sinceNanos, int attempt, boolean alone) {

    PendingAppend(StreamName stream, ExpectedVersion expected, List<NewEvent> events,
            List<KeyedRecord> records, Promise<AppendResult> promise, long sinceNanos) {
        this(stream, expected, events, records, promise, sinceNanos, 1, false);
    }

    PendingAppend nextAttempt() {
        return new PendingAppend(stream, expected, events, records, promise, sinceNanos, attempt + 1, alone);
    }

    PendingAppend goingAlone() {
        return new PendingAppend(stream, expected, events, records, promise, sinceNanos, attempt, true);
    }

    boolean answered() {
        return promise.future().isComplete();
    }

}
