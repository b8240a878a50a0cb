package dev.boxoffice.projection;

import java.time.Duration;

/**
 * @param batchSize events read and applied per transaction (bounds memory whatever the log's length)
 * @param pollInterval how often to look for new events when no commit notification arrives
 */
public record ProjectionSettings(int batchSize, Duration pollInterval) {

    public ProjectionSettings {
        if (batchSize < 1) {
            throw new IllegalArgumentException("batch size must be at least 1");
        }
    }
}
