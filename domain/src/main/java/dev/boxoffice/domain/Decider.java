package dev.boxoffice.domain;

/**
 * An aggregate's behaviour as two pure functions: {@code decide} turns a command into events (or a rejection)
 * against the current state, {@code evolve} folds one event into the state. Replaying the events of a stream
 * through {@code evolve} from {@link #initialState()} rebuilds the state exactly.
 */
public interface Decider<C, E, S> {

    S initialState();

    Decision<E> decide(C command, S state);

    S evolve(S state, E event);
}
