package dev.boxoffice.eventstore;

import io.vertx.core.Promise;
import java.util.List;

/**
 * An append waiting for, or in, a group commit: its events, the records to commit with them, the promise its
 * caller waits on, and when its caller stops waiting ({@code deadlineNanos}, of {@link System#nanoTime()}).
 * {@code alone}: it goes in a statement of its own (after a conflict in a shared one).
 */
record PendingAppend(StreamName stream, ExpectedVersion expected, List<NewEvent> events,
        List<KeyedRecord> records, Promise<AppendResult> promise, long deadlineNanos, int attempt, boolean alone) {

    PendingAppend(StreamName stream, ExpectedVersion expected, List<NewEvent> events,
            List<KeyedRecord> records, Promise<AppendResult> promise, long deadlineNanos) {
        this(stream, expected, events, records, promise, deadlineNanos, 1, false);
    }

    PendingAppend nextAttempt() {
        return new PendingAppend(stream, expected, events, records, promise, deadlineNanos, attempt + 1, alone);
    }

    PendingAppend goingAlone() {
        return new PendingAppend(stream, expected, events, records, promise, deadlineNanos, attempt, true);
    }

    boolean answered() {
        return promise.future().isComplete();
    }

    boolean overdue(long nowNanos) {
        return nowNanos - deadlineNanos >= 0;
    }
}
