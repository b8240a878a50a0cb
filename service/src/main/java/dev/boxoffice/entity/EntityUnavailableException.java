package dev.boxoffice.entity;

/**
 * A command could not be settled: the event store failed, or other writers kept changing the stream. Nothing is
 * known to be committed unless a retry shows it; the in-memory state is reloaded before the next command.
 */
public final class EntityUnavailableException extends RuntimeException {

    public EntityUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
