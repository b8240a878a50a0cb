package dev.boxoffice.projection;

import dev.boxoffice.eventstore.LogPosition;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Where a projection stands.
 *
 * @param checkpoint the log position its read model includes
 * @param eventsApplied events applied since the read model was (re)built
 * @param lagEvents committed events not applied yet (counted up to {@value #LAG_COUNT_LIMIT})
 * @param lagMillis age of the oldest event not applied yet; 0 when caught up
 * @param table the table that holds the read model now
 * @param lastFailure why the last batch failed, or null
 */
public record ProjectionStatus(String name, LogPosition checkpoint, long eventsApplied, long lagEvents, long lagMillis,
        String table, @Schema(nullable = true) String lastFailure) {

    public static final int LAG_COUNT_LIMIT = 1_000_000;
}
