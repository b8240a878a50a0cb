package dev.boxoffice.domain;

/**
 * What became of a command once it is settled: its events are committed and {@code state} is what they led to, or
 * the domain refused it. {@link Decision} is what {@code decide} concluded; this is its answer to the caller, given
 * only after the commit.
 */
public sealed interface CommandOutcome<S> {

    /** The events are committed; {@code state} is the state right after this command, at stream {@code version}. */
    record Accepted<S>(S state, long version) implements CommandOutcome<S> {
    }

    record Rejected<S>(Rejection rejection) implements CommandOutcome<S> {
    }
}
