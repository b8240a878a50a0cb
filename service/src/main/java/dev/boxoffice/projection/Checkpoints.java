package dev.boxoffice.projection;

import dev.boxoffice.eventstore.LogPosition;
import io.vertx.core.Future;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;
import java.util.Optional;
import java.util.regex.Pattern;

/** The projections table: one checkpoint row per projection (and per rebuild in progress). */
final class Checkpoints {

    /** Table names are put into SQL text, so only plain identifiers are accepted. */
    private static final Pattern IDENTIFIER = Pattern.compile("[a-z_][a-z0-9_]{0,62}");

    private static final String LOCK_SQL =
            "SELECT transaction_id::text, position, target_table FROM projections WHERE name = $1 FOR UPDATE";
    private static final String LOCK_OR_SKIP_SQL = LOCK_SQL + " SKIP LOCKED";
    private static final String SAVE_SQL = """
            UPDATE projections SET transaction_id = $2::text::xid8, position = $3, events_applied = events_applied + $4,
                   updated_at = now()
            WHERE name = $1
            """;

    /** A locked checkpoint row: the position applied so far and the table to write into. */
    record Checkpoint(LogPosition position, String table) {
    }

    private Checkpoints() {
    }

    /**
     * Locks the row of {@code name} for this transaction. With {@code skipLocked}, another instance holding it
     * yields an empty result instead of a wait: that instance is already applying the same events.
     */
    static Future<Optional<Checkpoint>> lock(SqlClient connection, String name, boolean skipLocked) {
        return connection.preparedQuery(skipLocked ? LOCK_OR_SKIP_SQL : LOCK_SQL).execute(Tuple.of(name))
                .map(rows -> {
                    if (rows.size() == 0) {
                        return Optional.empty();
                    }
                    Row row = rows.iterator().next();
                    return Optional.of(new Checkpoint(new LogPosition(Long.parseLong(row.getString(0)), row.getLong(1)),
                            identifier(row.getString(2))));
                });
    }

    static Future<Void> save(SqlClient connection, String name, LogPosition position, int applied) {
        return connection.preparedQuery(SAVE_SQL)
                .execute(Tuple.of(name, Long.toString(position.transactionId()), position.position(), applied))
                .mapEmpty();
    }

    static String identifier(String name) {
        if (name == null || !IDENTIFIER.matcher(name).matches()) {
            throw new IllegalArgumentException("not a plain SQL identifier: " + name);
        }
        return name;
    }
}
