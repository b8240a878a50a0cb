package dev.boxoffice.projection;

import dev.boxoffice.eventstore.LogPosition;
import dev.boxoffice.eventstore.SqlEventLog;
import dev.boxoffice.eventstore.RecordedEvent;
import io.vertx.core.Context;
import dev.boxoffice.database.DerivedWrites;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;
import java.util.List;
import java.util.function.Consumer;
import org.jboss.logging.Logger;

/**
 * Keeps one projection's read model up to date: applies the log from its checkpoint on, one page per transaction
 * (read model and checkpoint commit together), and whenever it is woken again (by a commit notification or by the
 * fallback poll) applies what was committed since. At most one batch runs at a time; a wake-up during a batch
 * makes it run another one right after. Across instances, the checkpoint row lock lets one instance apply a page
 * while the others skip it.
 */
public final class ProjectionRunner implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(ProjectionRunner.class);

    private final Vertx vertx;
    private final Pool pool;
    private final SqlEventLog log;
    private final Projection projection;
    private final ProjectionSettings settings;
    private final Consumer<List<RecordedEvent>> onCommitted;

    private final Spacing spacing;
    private Context context;
    // Confined to the runner's context:
    private boolean running;
    private boolean again;
    private boolean closed;
    private long pollTimer = -1;
    private boolean catchingUp = true;
    private volatile String lastFailure;

    /** {@code onCommitted} sees each page after its transaction committed (for metrics). */
    public ProjectionRunner(Vertx vertx, Pool pool, SqlEventLog log, Projection projection,
            ProjectionSettings settings, Consumer<List<RecordedEvent>> onCommitted) {
        this.vertx = vertx;
        this.pool = pool;
        this.log = log;
        this.projection = projection;
        this.settings = settings;
        this.onCommitted = onCommitted;
        this.spacing = new Spacing(vertx, settings.minBatchInterval());
    }

    public void start() {
        context = vertx.getOrCreateContext();
        context.runOnContext(v -> {
            pollTimer = vertx.setPeriodic(Math.max(1, settings.pollInterval().toMillis()), t -> wake());
            wake();
        });
    }

    /** New events may have been committed: apply them now, or right after the batch in flight. */
    public void wake() {
        if (context == null) {
            return;
        }
        context.runOnContext(v -> {
            if (closed) {
                return;
            }
            if (running) {
                again = true;
                return;
            }
            if (catchingUp) {
                spacing.started();
            } else if (!spacing.tryStart(this::wake)) {
                return;
            }
            running = true;
            pool.withTransaction(connection -> applyPage(connection, log, projection, projection.name(),
                    settings.batchSize(), true)).onComplete(result -> context.runOnContext(done -> {
                        running = false;
                        if (result.failed()) {
                            lastFailure = String.valueOf(result.cause().getMessage());
                            again = false;
                            if (!closed) { // once closed, the pool is closing under the batch: nothing is lost, it runs again at start
                                LOG.warnf("Projection %s: batch failed (%s); retrying on the next wake-up", projection.name(),
                                        lastFailure);
                            }
                            return;
                        }
                        lastFailure = null;
                        List<RecordedEvent> applied = result.result();
                        catchingUp = applied.size() >= settings.batchSize();
                        if (!applied.isEmpty()) {
                            onCommitted.accept(applied);
                        }
                        if (applied.size() >= settings.batchSize() || again) {
                            again = false;
                            wake();
                        }
                    }));
        });
    }

    private static final String STATUS_SQL = """
            SELECT p.transaction_id::text, p.position, p.events_applied, p.target_table,
                   (SELECT count(*) FROM (SELECT 1 FROM events e
                        WHERE (e.transaction_id, e.position) > (p.transaction_id, p.position) LIMIT %d) pending),
                   (SELECT (extract(epoch FROM clock_timestamp() - e.recorded_at) * 1000)::bigint FROM events e
                        WHERE (e.transaction_id, e.position) > (p.transaction_id, p.position)
                        ORDER BY e.transaction_id, e.position LIMIT 1)
            FROM projections p WHERE p.name = $1
            """.formatted(ProjectionStatus.LAG_COUNT_LIMIT);

    /** Checkpoint, events applied, and lag in events and in milliseconds, as the database sees them now. */
    public Future<ProjectionStatus> status() {
        return pool.preparedQuery(STATUS_SQL).execute(Tuple.of(projection.name())).map(rows -> {
            var row = rows.iterator().next();
            Long lagMillis = row.getLong(5);
            return new ProjectionStatus(projection.name(),
                    new LogPosition(Long.parseLong(row.getString(0)), row.getLong(1)),
                    row.getLong(2), row.getLong(4), lagMillis == null ? 0 : Math.max(0, lagMillis), row.getString(3),
                    lastFailure);
        });
    }

    /** Why the last batch failed, or null if it succeeded. */
    public String lastFailure() {
        return lastFailure;
    }

    @Override
    public void close() {
        if (context != null) {
            context.runOnContext(v -> {
                closed = true;
                vertx.cancelTimer(pollTimer);
            });
        }
    }

    /**
     * One page in the caller's transaction: lock the checkpoint row, read the events after it in commit-safe
     * order, apply them to the projection's current table, move the checkpoint past the last one. Completes with
     * the events applied (empty when caught up, or when another instance holds the row and {@code skipLocked}).
     * The page commits without waiting for its WAL flush ({@link DerivedWrites#commitWithoutFlush}): its
     * checkpoint commits with it, so a crash can only lose whole pages, which are then applied again.
     */
    static Future<List<RecordedEvent>> applyPage(SqlConnection connection, SqlEventLog log, Projection projection,
            String checkpointName, int batchSize, boolean skipLocked) {
        return DerivedWrites.commitWithoutFlush(connection)
                .compose(set -> Checkpoints.lock(connection, checkpointName, skipLocked))
                .compose(checkpoint -> checkpoint.isEmpty()
                        ? Future.succeededFuture(List.of())
                        : applyAfter(connection, log, projection, checkpointName, batchSize, checkpoint.get()));
    }

    private static Future<List<RecordedEvent>> applyAfter(SqlConnection connection, SqlEventLog log,
            Projection projection, String checkpointName, int batchSize, Checkpoints.Checkpoint checkpoint) {
        return log.readAll(connection, checkpoint.position(), batchSize).compose(events -> events.isEmpty()
                ? Future.succeededFuture(events)
                : projection.apply(connection, checkpoint.table(), events)
                        .compose(v -> Checkpoints.save(connection, checkpointName,
                                events.get(events.size() - 1).logPosition(), events.size()))
                        .map(events));
    }

    /** Applies pages (one transaction each) until caught up; completes with the number of events applied. */
    static Future<Long> catchUp(Pool pool, SqlEventLog log, Projection projection, String checkpointName,
            int batchSize) {
        return pool.withTransaction(connection -> applyPage(connection, log, projection, checkpointName, batchSize, false)
                        .map(List::size)) // only the count outlives the page: memory stays flat however long the log
                .compose(applied -> applied < batchSize
                        ? Future.succeededFuture((long) applied)
                        : catchUp(pool, log, projection, checkpointName, batchSize).map(more -> more + applied));
    }
}
