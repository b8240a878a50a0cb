package dev.boxoffice.entity;

/** An entity's committed state and the version of its stream that state is at (0: no events). */
public record Versioned<S>(S state, long version) {
}
