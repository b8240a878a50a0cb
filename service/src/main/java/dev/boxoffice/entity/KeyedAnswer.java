package dev.boxoffice.entity;

import dev.boxoffice.eventstore.KeyedRecord;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * The answer a command sent under an idempotency key gets if it is accepted with events, derived from the state it
 * leaves, as a record under the key: committed in the same transaction as the events, so that a retry finds the answer exactly when the events
 * exist. Derived again each time the command is decided (after a version conflict, against a newer state); touched
 * on the entity's home context, and read by the sender once the command is answered. If the key is used already,
 * nothing is appended and the command fails with {@link IdempotencyKeyTakenException}.
 */
public final class KeyedAnswer<S> {

    private final String key;
    private final Function<S, KeyedRecord> answerOf;
    private KeyedRecord decided;
    private volatile KeyedRecord committed;

    /** {@code answerOf} gives the answer to remember under {@code key}, from the state the command leaves. */
    public KeyedAnswer(String key, Function<S, KeyedRecord> answerOf) {
        this.key = Objects.requireNonNull(key, "key");
        this.answerOf = Objects.requireNonNull(answerOf, "answerOf");
    }

    public String key() {
        return key;
    }

    /** The answer committed with the command's events; empty if it was answered without any (a refusal, or no change). */
    public Optional<KeyedRecord> committed() {
        return Optional.ofNullable(committed);
    }

    KeyedRecord decidedAgainst(S state) {
        decided = answerOf.apply(state);
        return decided;
    }

    void commit() {
        committed = decided;
    }
}
