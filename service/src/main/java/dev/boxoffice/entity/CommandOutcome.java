package dev.boxoffice.entity;

import dev.boxoffice.domain.Rejection;

/** The answer to a command once it is settled: its events are committed, or the domain refused it. */
public sealed interface CommandOutcome<S> {

    /** The events are committed; {@code state} is the entity's state right after this command. */
    record Accepted<S>(S state, long version) implements CommandOutcome<S> {
    }

    record Rejected<S>(Rejection rejection) implements CommandOutcome<S> {
    }
}
