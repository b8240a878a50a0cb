package dev.boxoffice.eventstore;

import io.vertx.core.Promise;
import java.util.List;

/**
 * An append waiting for, or in, a group commit: its events, the records to commit with them, and the promise its
 * caller waits on. {@code alone}: it goes in a statement of its own (after a conflict in a shared one).
 */
record PendingAppend(StreamName stream, ExpectedVersion expected, List<NewEvent> events,
        List<KeyedRecord> records, Promise<AppendResult> promise, int attempt, boolean alone) {

    PendingAppend(StreamName stream, ExpectedVersion expected, List<NewEvent> events,
            List<KeyedRecord> records, Promise<AppendResult> promise) {
        this(stream, expected, events, records, promise, 1, false);
    }

    PendingAppend nextAttempt() {
        return new PendingAppend(stream, expected, events, records, promise, attempt + 1, alone);
    }

    PendingAppend goingAlone() {
        return new PendingAppend(stream, expected, events, records, promise, attempt, true);
    }
}
