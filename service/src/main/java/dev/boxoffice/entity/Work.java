package dev.boxoffice.entity;

import dev.boxoffice.domain.CommandOutcome;
import io.vertx.core.Promise;

/** What waits for an entity: a command to decide, or a read of its committed state. */
sealed interface Work<C, S> {

    long enqueuedNanos();

    void fail(Throwable failure);

    /**
     * A command, the answer to commit with its events if it came under an idempotency key (else null), and the
     * promise that answers it once settled; {@code attempt} counts version conflicts.
     */
    record Command<C, S>(C command, String correlationId, KeyedAnswer<S> keyedAnswer,
            Promise<CommandOutcome<S>> promise, int attempt, long enqueuedNanos) implements Work<C, S> {

        Command<C, S> nextAttempt() {
            return new Command<>(command, correlationId, keyedAnswer, promise, attempt + 1, enqueuedNanos);
        }

        @Override
        public void fail(Throwable failure) {
            promise.fail(failure);
        }
    }

    /** A read of the committed state and its version, after every command sent before it. */
    record Read<C, S>(Promise<Versioned<S>> promise, long enqueuedNanos) implements Work<C, S> {

        @Override
        public void fail(Throwable failure) {
            promise.fail(failure);
        }
    }
}
