package dev.boxoffice.entity;

import dev.boxoffice.eventstore.IdempotencyRecord;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * The answer a command sent under an idempotency key gets if it is accepted with events, derived from the state it
 * leaves: committed in the same transaction as the events, so that a retry finds the answer exactly when the events
 * exist. Derived again each time the command is decided (after a version conflict, against a newer state); touched
 * on the entity's home context, and read by the sender once the command is answered.
 */
public final class KeyedAnswer<S> {

    private final Function<S, IdempotencyRecord> answerOf;
    private IdempotencyRecord decided;
    private volatile IdempotencyRecord committed;

    public KeyedAnswer(Function<S, IdempotencyRecord> answerOf) {
        this.answerOf = Objects.requireNonNull(answerOf, "answerOf");
    }

    /** The answer committed with the command's events; empty if it was answered without any (a refusal, or no change). */
    public Optional<IdempotencyRecord> committed() {
        return Optional.ofNullable(committed);
    }

    IdempotencyRecord decidedAgainst(S state) {
        decided = answerOf.apply(state);
        return decided;
    }

    void commit() {
        committed = decided;
    }
}
