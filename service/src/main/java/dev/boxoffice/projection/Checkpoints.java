package dev.boxoffice.projection;

import dev.boxoffice.eventstore.LogPosition;
import io.vertx.core.Future;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/** The projections table: one checkpoint row per projection (and per rebuild in progress). */
final class Checkpoints {

    /** Table names are put into SQL text, so only plain identifiers are accepted. */
    private static final Pattern IDENTIFIER = Pattern.compile("[a-z_][a-z0-9_]{0,62}");

    /* In the order of their names, so that two instances locking the same rows never wait for each other in a cycle. */
    private static final String LOCK_SQL = """
            SELECT name, transaction_id::text, position, target_table FROM projections WHERE name = ANY($1)
            ORDER BY name FOR UPDATE""";
    private static final String LOCK_OR_SKIP_SQL = LOCK_SQL + " SKIP LOCKED";
    private static final String SAVE_SQL = """
            UPDATE projections p SET transaction_id = $2::text::xid8, position = $3,
                   events_applied = p.events_applied + a.applied, updated_at = now()
            FROM unnest($1::text[], $4::int[]) AS a(name, applied)
            WHERE p.name = a.name
            """;

    /** A locked checkpoint row: the position applied so far and the table to write into. */
    record Checkpoint(LogPosition position, String table) {
    }

    private Checkpoints() {
    }

    /**
     * Locks the rows of {@code names} for this transaction, and answers them by name. With {@code skipLocked}, a row
     * another instance holds is left out instead of waited for: that instance is already applying the same events.
     */
    static Future<Map<String, Checkpoint>> lock(SqlClient connection, List<String> names, boolean skipLocked) {
        return connection.preparedQuery(skipLocked ? LOCK_OR_SKIP_SQL : LOCK_SQL)
                .execute(Tuple.of(names.toArray(String[]::new)))
                .map(rows -> {
                    Map<String, Checkpoint> locked = new LinkedHashMap<>();
                    for (Row row : rows) {
                        locked.put(row.getString(0), new Checkpoint(
                                new LogPosition(Long.parseLong(row.getString(1)), row.getLong(2)), identifier(row.getString(3))));
                    }
                    return locked;
                });
    }

    /** Locks the row of {@code name} for this transaction, waiting for another instance's lock; empty if there is none. */
    static Future<Optional<Checkpoint>> lock(SqlClient connection, String name) {
        return lock(connection, List.of(name), false).map(locked -> Optional.ofNullable(locked.get(name)));
    }

    /** Moves each checkpoint of {@code applied} (name, events applied) to {@code position}, in one statement. */
    static Future<Void> save(SqlClient connection, Map<String, Integer> applied, LogPosition position) {
        return connection.preparedQuery(SAVE_SQL)
                .execute(Tuple.of(applied.keySet().toArray(String[]::new), Long.toString(position.transactionId()),
                        position.position(), applied.values().toArray(Integer[]::new)))
                .mapEmpty();
    }

    static String identifier(String name) {
        if (name == null || !IDENTIFIER.matcher(name).matches()) {
            throw new IllegalArgumentException("not a plain SQL identifier: " + name);
        }
        return name;
    }
}
