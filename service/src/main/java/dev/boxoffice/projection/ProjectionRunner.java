package dev.boxoffice.projection;

import dev.boxoffice.database.DerivedWrites;
import dev.boxoffice.eventstore.LogPosition;
import dev.boxoffice.eventstore.RecordedEvent;
import dev.boxoffice.eventstore.SqlEventLog;
import io.vertx.core.AsyncResult;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import org.jboss.logging.Logger;

/**
 * Keeps a group of projections' read models up to date: applies the log from their checkpoints on, one page per
 * transaction for all of them (read models and checkpoints commit together), and whenever it is woken again (by a
 * commit notification or by the fallback poll) applies what was committed since. The page is read once for the whole
 * group: a second read model costs its own statements, not a second transaction and a second read of the log. At
 * most one batch runs at a time; a wake-up during a batch makes it run another one right after. Across instances, the
 * checkpoint rows' locks let one instance apply a page while the others skip it.
 */
public final class ProjectionRunner implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(ProjectionRunner.class);

    private final Vertx vertx;
    private final Pool pool;
    private final SqlEventLog log;
    private final List<Target> targets;
    private final ProjectionSettings settings;
    private final BiConsumer<Projection, List<RecordedEvent>> onCommitted;

    private final Spacing spacing;
    private Context context;
    // Confined to the runner's context:
    private boolean running;
    private boolean again;
    private boolean closed;
    private long pollTimer = -1;
    private boolean catchingUp = true;
    private volatile String lastFailure;

    /** One projection; {@code onCommitted} sees each page after its transaction committed (for metrics). */
    public ProjectionRunner(Vertx vertx, Pool pool, SqlEventLog log, Projection projection,
            ProjectionSettings settings, Consumer<List<RecordedEvent>> onCommitted) {
        this(vertx, pool, log, List.of(projection), settings, (applied, events) -> onCommitted.accept(events));
    }

    /**
     * The projections of one group, applied together; {@code onCommitted} sees what each applied of a page once its
     * transaction committed.
     */
    public ProjectionRunner(Vertx vertx, Pool pool, SqlEventLog log, List<Projection> projections,
            ProjectionSettings settings, BiConsumer<Projection, List<RecordedEvent>> onCommitted) {
        this.vertx = vertx;
        this.pool = pool;
        this.log = log;
        this.targets = projections.stream().map(Target::live).toList();
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
            pool.withTransaction(connection -> applyPage(connection, log, targets, settings.batchSize(), true))
                    .onComplete(result -> context.runOnContext(done -> finished(result)));
        });
    }

    private void finished(AsyncResult<Page> result) {
        running = false;
        if (result.failed()) {
            lastFailure = String.valueOf(result.cause().getMessage());
            again = false;
            if (!closed) { // once closed, the pool is closing under the batch: nothing is lost, it runs again at start
                LOG.warnf("Projections %s: batch failed (%s); retrying on the next wake-up", names(), lastFailure);
            }
            return;
        }
        lastFailure = null;
        Page page = result.result();
        catchingUp = page.read() >= settings.batchSize();
        page.applied().forEach((target, events) -> onCommitted.accept(target.projection(), events));
        if (catchingUp || again) {
            again = false;
            wake();
        }
    }

    private List<String> names() {
        return targets.stream().map(Target::checkpointName).toList();
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

    /** Checkpoint, events applied, and lag in events and in milliseconds of a projection of the group, as the database sees them now. */
    public Future<ProjectionStatus> status(String name) {
        return pool.preparedQuery(STATUS_SQL).execute(Tuple.of(name)).map(rows -> {
            var row = rows.iterator().next();
            Long lagMillis = row.getLong(5);
            return new ProjectionStatus(name,
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

    /** A projection and the checkpoint row it is applied under: its own name, or a rebuild's. */
    record Target(Projection projection, String checkpointName) {
        static Target live(Projection projection) {
            return new Target(projection, projection.name());
        }
    }

    /** What one page did: the events read, and the events each target applied (only targets that applied some). */
    record Page(int read, Map<Target, List<RecordedEvent>> applied) {
        static final Page NOTHING = new Page(0, Map.of());
    }

    /**
     * One page in the caller's transaction: lock the targets' checkpoint rows, read the events after the earliest in
     * commit-safe order, apply to each target's current table the events after its own checkpoint, move the
     * checkpoints of those that applied some past the last one. With {@code skipLocked}, a row another instance holds
     * is left out: that instance is already applying the same events; no row locked, nothing read. The page commits
     * without waiting for its WAL flush ({@link DerivedWrites#commitWithoutFlush}): its checkpoints commit with it,
     * so a crash can only lose whole pages, which are then applied again.
     */
    static Future<Page> applyPage(SqlConnection connection, SqlEventLog log, List<Target> targets, int batchSize,
            boolean skipLocked) {
        List<String> names = targets.stream().map(Target::checkpointName).toList();
        return DerivedWrites.commitWithoutFlush(connection)
                .compose(set -> Checkpoints.lock(connection, names, skipLocked))
                .compose(locked -> locked.isEmpty()
                        ? Future.succeededFuture(Page.NOTHING)
                        : applyAfter(connection, log, targets, locked, batchSize));
    }

    private static Future<Page> applyAfter(SqlConnection connection, SqlEventLog log, List<Target> targets,
            Map<String, Checkpoints.Checkpoint> locked, int batchSize) {
        LogPosition earliest = locked.values().stream().map(Checkpoints.Checkpoint::position)
                .min(ProjectionRunner::compare).orElseThrow();
        return log.readAll(connection, earliest, batchSize).compose(events -> {
            Map<Target, List<RecordedEvent>> applied = new LinkedHashMap<>();
            Future<Void> applying = Future.succeededFuture();
            for (Target target : targets) {
                Checkpoints.Checkpoint checkpoint = locked.get(target.checkpointName());
                List<RecordedEvent> after = checkpoint == null ? List.of() : after(events, checkpoint.position());
                if (!after.isEmpty()) {
                    applied.put(target, after);
                    applying = applying.compose(v -> target.projection().apply(connection, checkpoint.table(), after));
                }
            }
            if (applied.isEmpty()) {
                return Future.succeededFuture(new Page(events.size(), Map.of()));
            }
            Map<String, Integer> counts = new LinkedHashMap<>();
            applied.forEach((target, some) -> counts.put(target.checkpointName(), some.size()));
            LogPosition last = events.get(events.size() - 1).logPosition();
            return applying.compose(v -> Checkpoints.save(connection, counts, last))
                    .map(v -> new Page(events.size(), applied));
        });
    }

    /** The events of {@code page} (in log order) after {@code position}. */
    private static List<RecordedEvent> after(List<RecordedEvent> page, LogPosition position) {
        int first = 0;
        while (first < page.size() && compare(page.get(first).logPosition(), position) <= 0) {
            first++;
        }
        return first == 0 ? page : new ArrayList<>(page.subList(first, page.size()));
    }

    private static int compare(LogPosition a, LogPosition b) {
        int byTransaction = Long.compare(a.transactionId(), b.transactionId());
        return byTransaction != 0 ? byTransaction : Long.compare(a.position(), b.position());
    }

    /** Applies pages of one projection (one transaction each) until caught up; completes with the number of events applied. */
    static Future<Long> catchUp(Pool pool, SqlEventLog log, Projection projection, String checkpointName,
            int batchSize) {
        List<Target> target = List.of(new Target(projection, checkpointName));
        return pool.withTransaction(connection -> applyPage(connection, log, target, batchSize, false)
                        .map(Page::read)) // only the count outlives the page: memory stays flat however long the log
                .compose(read -> read < batchSize
                        ? Future.succeededFuture((long) read)
                        : catchUp(pool, log, projection, checkpointName, batchSize).map(more -> more + read));
    }
}
