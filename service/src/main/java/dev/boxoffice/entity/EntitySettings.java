package dev.boxoffice.entity;

import java.time.Duration;

/**
 * @param idleTimeout        an entity untouched this long is dropped from memory (passivated)
 * @param maxInMemory        at most this many entities are kept; the least recently used go first
 * @param snapshotEvery      store a snapshot each time a stream's version passes a multiple of this (0: never)
 * @param maxConflictRetries how often a command is decided again after another writer changed the stream
 * @param maxBatch           commands decided together and appended in one go while an append is in flight
 */
public record EntitySettings(
        Duration idleTimeout, int maxInMemory, int snapshotEvery, int maxConflictRetries, int maxBatch) {

    public EntitySettings {
        if (idleTimeout.isNegative() || idleTimeout.isZero() || maxInMemory < 1 || snapshotEvery < 0
                || maxConflictRetries < 0 || maxBatch < 1) {
            throw new IllegalArgumentException("invalid entity settings: " + this);
        }
    }
}
