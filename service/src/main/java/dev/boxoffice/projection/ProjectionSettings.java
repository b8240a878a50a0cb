package dev.boxoffice.projection;

import java.time.Duration;

/**
 * @param batchSize events read and applied per transaction (bounds memory whatever the log's length)
 * @param pollInterval how often to look for new events when no commit notification arrives
 * @param minBatchInterval least time between the starts of two batches while caught up: under load, commits keep
 *     coming, and waiting this long lets one read-model transaction take many of them instead of one each
 */
public record ProjectionSettings(int batchSize, Duration pollInterval, Duration minBatchInterval) {

    public ProjectionSettings {
        if (batchSize < 1) {
            throw new IllegalArgumentException("batch size must be at least 1");
        }
    }
}
