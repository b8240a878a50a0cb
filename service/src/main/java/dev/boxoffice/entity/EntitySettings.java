package dev.boxoffice.entity;

import java.time.Duration;

/**
 * @param idleTimeout        an entity untouched this long is dropped from memory (passivated)
 * @param memoryBudgetBytes  the estimated bytes of all entities in memory; past it the least recently used idle ones
 *                           are dropped, and past it by a quarter new entities are refused until some are
 * @param maxQueueDelay      work is refused at once when the oldest work queued for its entity has waited this long
 * @param snapshotEvery      store a snapshot each time a stream's version passes a multiple of this (0: never)
 * @param maxConflictRetries how often a command is decided again after another writer changed the stream
 * @param maxBatch           commands decided together and appended in one go while an append is in flight
 */
public record EntitySettings(Duration idleTimeout, long memoryBudgetBytes, Duration maxQueueDelay, int snapshotEvery,
        int maxConflictRetries, int maxBatch) {

    public EntitySettings {
        if (idleTimeout.isNegative() || idleTimeout.isZero() || memoryBudgetBytes < 1 || maxQueueDelay.isNegative()
                || maxQueueDelay.isZero() || snapshotEvery < 0 || maxConflictRetries < 0 || maxBatch < 1) {
            throw new IllegalArgumentException("invalid entity settings: " + this);
        }
    }

    /** Past this many bytes, entities not in memory are refused rather than loaded. */
    long memoryHardLimitBytes() {
        return memoryBudgetBytes + memoryBudgetBytes / 4;
    }
}
