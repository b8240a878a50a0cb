package dev.boxoffice.entity;

/**
 * Where an entity is in its life, with what it holds in each phase. The states and the moves between them:
 *
 * <pre>
 *  Unloaded ──work──► Loading ──read──► Ready ──events to append──► Appending ──committed──► Ready
 *     ▲                  │                │                            ├──version conflict──► CatchingUp ──read──► Ready
 *     ├──── read failed ─┘                └──an answer to confirm──────┼───────────────────► CatchingUp
 *     └──────────────────── outcome unknown ───────────────────────────┘
 *  CatchingUp ──read failed──► Unloaded
 *  Unloaded, Ready ──idle, nothing queued──► Passivated (final: later work goes to a fresh instance)
 * </pre>
 *
 * {@link #canBecome} is that table; the entity refuses any other move as a bug.
 */
sealed interface Lifecycle<S> {

    /** Nothing in memory yet, or what was there cannot be trusted (an append whose outcome is unknown). */
    record Unloaded<S>() implements Lifecycle<S> {
    }

    /** Reading the latest snapshot and the events after it. */
    record Loading<S>() implements Lifecycle<S> {
    }

    /** The committed state at {@code version}, ready to decide commands. */
    record Ready<S>(S state, long version) implements Lifecycle<S> {
    }

    /**
     * An append is in flight from the committed {@code state} at {@code version}; {@code ifCommitted} is the state it
     * leads to once committed.
     */
    record Appending<S>(S state, long version, S ifCommitted) implements Lifecycle<S> {
    }

    /**
     * Reading the stream's tail after {@code version}: another writer appended after it, or an answer that appends
     * nothing needs the version confirmed as the stream's end.
     */
    record CatchingUp<S>(S state, long version) implements Lifecycle<S> {
    }

    /** Dropped from memory. */
    record Passivated<S>() implements Lifecycle<S> {
    }

    /** The transition table. */
    default boolean canBecome(Lifecycle<S> next) {
        return switch (this) {
            case Unloaded<S> u -> next instanceof Loading || next instanceof Passivated;
            case Loading<S> l -> next instanceof Ready || next instanceof Unloaded;
            case Ready<S> r -> next instanceof Appending || next instanceof CatchingUp || next instanceof Passivated;
            case Appending<S> a -> next instanceof Ready || next instanceof CatchingUp || next instanceof Unloaded;
            case CatchingUp<S> c -> next instanceof Ready || next instanceof Unloaded;
            case Passivated<S> p -> false;
        };
    }

    /** The state this phase keeps in memory (the one an append in flight leads to), or null. */
    default S held() {
        return switch (this) {
            case Ready<S> r -> r.state();
            case Appending<S> a -> a.ifCommitted();
            case CatchingUp<S> c -> c.state();
            case Unloaded<S> u -> null;
            case Loading<S> l -> null;
            case Passivated<S> p -> null;
        };
    }

    /** Whether I/O is in flight, so that queued work waits for its result. */
    default boolean awaitsIo() {
        return this instanceof Loading || this instanceof Appending || this instanceof CatchingUp;
    }
}
