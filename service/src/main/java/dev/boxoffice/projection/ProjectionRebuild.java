package dev.boxoffice.projection;

import dev.boxoffice.eventstore.SqlEventLog;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;
import java.util.List;

/**
 * Rebuilds a projection from the start of the log without downtime: a new generation table is filled by its own
 * checkpoint ({@code <name>:rebuild}) while queries keep reading the current one; once it has caught up, one
 * transaction applies the last events, points the view at the new table, hands its checkpoint to the live runner
 * and drops the old table. A rebuild interrupted by a crash resumes where it stopped when started again.
 */
public final class ProjectionRebuild {

    private final Pool pool;
    private final SqlEventLog log;
    private final Projection projection;
    private final int batchSize;

    public ProjectionRebuild(Pool pool, SqlEventLog log, Projection projection, int batchSize) {
        this.pool = pool;
        this.log = log;
        this.projection = projection;
        this.batchSize = batchSize;
    }

    private String rebuildName() {
        return projection.name() + ":rebuild";
    }

    /** Runs the whole rebuild; completes with the name of the table that now holds the read model. */
    public Future<String> run() {
        return prepare()
                .compose(table -> ProjectionRunner.catchUp(pool, log, projection, rebuildName(), batchSize))
                .compose(caughtUp -> pool.withTransaction(this::switchOver));
    }

    /** Creates the next generation table and its checkpoint at the start of the log, unless a rebuild is under way. */
    private Future<String> prepare() {
        return pool.withTransaction(connection -> Checkpoints.lock(connection, rebuildName()).compose(existing -> {
            if (existing.isPresent()) {
                return Future.succeededFuture(existing.get().table()); // resume an interrupted rebuild
            }
            return Checkpoints.lock(connection, projection.name()).compose(live -> {
                String next = nextGeneration(live.orElseThrow().table());
                // Created in the same transaction as its checkpoint row: there is never a table without its row.
                return connection.query("CREATE TABLE " + next + " (LIKE " + live.get().table() + " INCLUDING ALL)").execute()
                        .compose(v -> connection.preparedQuery("INSERT INTO projections (name, target_table) VALUES ($1, $2)")
                                .execute(Tuple.of(rebuildName(), next)))
                        .map(next);
            });
        }));
    }

    private Future<String> switchOver(SqlConnection connection) {
        return Checkpoints.lock(connection, projection.name()).compose(live -> Checkpoints
                .lock(connection, rebuildName()).compose(rebuild -> {
                    if (rebuild.isEmpty()) {
                        return Future.succeededFuture(live.orElseThrow().table()); // another instance switched already
                    }
                    String oldTable = live.orElseThrow().table();
                    String newTable = rebuild.get().table();
                    return drain(connection)
                            .compose(v -> connection.query("CREATE OR REPLACE VIEW " + Checkpoints.identifier(projection.name())
                                    + " AS SELECT * FROM " + newTable).execute())
                            .compose(v -> connection.preparedQuery("""
                                    UPDATE projections p SET target_table = r.target_table, transaction_id = r.transaction_id,
                                           position = r.position, events_applied = r.events_applied, updated_at = now()
                                    FROM projections r WHERE p.name = $1 AND r.name = $2
                                    """).execute(Tuple.of(projection.name(), rebuildName())))
                            .compose(v -> connection.preparedQuery("DELETE FROM projections WHERE name = $1")
                                    .execute(Tuple.of(rebuildName())))
                            .compose(v -> connection.query("DROP TABLE " + oldTable).execute())
                            .map(newTable);
                }));
    }

    /** Applies what was committed since the catch-up, under the locks of the switch. */
    private Future<Void> drain(SqlConnection connection) {
        var target = List.of(new ProjectionRunner.Target(projection, rebuildName()));
        return ProjectionRunner.applyPage(connection, log, target, batchSize, false)
                .compose(page -> page.read() < batchSize ? Future.<Void>succeededFuture() : drain(connection));
    }

    static String nextGeneration(String table) {
        int underscore = table.lastIndexOf('_');
        try {
            int generation = Integer.parseInt(table.substring(underscore + 1));
            return Checkpoints.identifier(table.substring(0, underscore + 1) + (generation + 1));
        } catch (NumberFormatException | StringIndexOutOfBoundsException e) {
            return Checkpoints.identifier(table + "_2");
        }
    }
}
