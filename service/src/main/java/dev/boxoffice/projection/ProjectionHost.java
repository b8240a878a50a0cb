package dev.boxoffice.projection;

import dev.boxoffice.eventstore.SqlEventLog;
import dev.boxoffice.eventstore.RecordedEvent;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.pubsub.PgSubscriber;
import io.vertx.sqlclient.Pool;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiConsumer;
import org.jboss.logging.Logger;

/**
 * Runs every registered projection: one {@link ProjectionRunner} for all of them, so that a page of the log is read
 * once and applied to every read model in one transaction; woken by this instance's commits (a listener of the event
 * store), by other instances' commits (one NOTIFY on {@code channel}, heard through LISTEN) and by a fallback poll
 * (a LISTEN connection lost, or a notification never sent by an instance killed right after its commit); their
 * status, and rebuilds on request. A second read model is one more {@link #register} call.
 */
public final class ProjectionHost implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(ProjectionHost.class);

    /** What a request to rebuild a projection found. */
    public enum RebuildStart { STARTED, ALREADY_RUNNING, NO_SUCH_PROJECTION }

    private final Vertx vertx;
    private final Pool pool;
    private final SqlEventLog log;
    private final ProjectionSettings settings;
    private final PgConnectOptions listenOptions;
    private final String channel;
    private final BiConsumer<Projection, List<RecordedEvent>> onApplied;
    private final Map<String, Hosted> hosted = new LinkedHashMap<>();
    private final List<Runnable> watchers = new CopyOnWriteArrayList<>();
    private PgSubscriber subscriber;
    private final CommitNotifier notifier;
    private volatile ProjectionRunner runner;

    /**
     * @param listenOptions the connection for LISTEN (a connection of its own, outside the pool)
     * @param onApplied     sees each page a projection applied, once its transaction committed (for metrics)
     */
    public ProjectionHost(Vertx vertx, Pool pool, SqlEventLog log, ProjectionSettings settings,
            PgConnectOptions listenOptions, String channel, BiConsumer<Projection, List<RecordedEvent>> onApplied) {
        this.vertx = vertx;
        this.pool = pool;
        this.log = log;
        this.settings = settings;
        this.listenOptions = listenOptions;
        this.channel = channel;
        this.onApplied = onApplied;
        this.notifier = new CommitNotifier(vertx, pool, channel, settings.minBatchInterval());
        log.onCommit((appends, events, nanos) -> {
            wakeAll();
            notifier.committed();
        });
    }

    /** Must be called before {@link #start}. */
    public void register(Projection projection) {
        if (hosted.containsKey(projection.name())) {
            throw new IllegalArgumentException("a projection named " + projection.name() + " is registered already");
        }
        if (runner != null) {
            throw new IllegalStateException("projections are registered before the host starts");
        }
        hosted.put(projection.name(), new Hosted(projection));
    }

    /** Also wakes {@code watcher} whenever the read models are woken: events may have been committed. */
    public void alsoWake(Runnable watcher) {
        watchers.add(watcher);
    }

    public void start() {
        runner = new ProjectionRunner(vertx, pool, log, hosted.values().stream().map(h -> h.projection).toList(),
                settings, onApplied);
        subscriber = PgSubscriber.subscriber(vertx, listenOptions).reconnectPolicy(retries -> 1000L);
        subscriber.channel(channel)
                .handler(payload -> { // another instance's commits: this one's own woke the read models as they committed
                    if (!notifier.sender().equals(payload)) {
                        wakeAll();
                    }
                })
                .subscribeHandler(v -> wakeAll()); // subscribed anew: apply what was committed while nobody listened
        subscriber.connect().onFailure(e -> LOG.warnf("LISTEN %s failed (%s); read models poll every %s", channel,
                e.getMessage(), settings.pollInterval()));
        runner.start();
    }

    public List<String> names() {
        return List.copyOf(hosted.keySet());
    }

    /** The status of every projection, in the order they were registered. */
    public Future<List<ProjectionStatus>> statuses() {
        List<Future<ProjectionStatus>> statuses = new ArrayList<>();
        hosted.keySet().forEach(name -> statuses.add(runner.status(name)));
        return Future.all(statuses).map(all -> all.<ProjectionStatus>list());
    }

    /** The status of the projection called {@code name}, which must be registered. */
    public Future<ProjectionStatus> status(String name) {
        if (!hosted.containsKey(name)) {
            throw new IllegalArgumentException("no projection named " + name);
        }
        return runner.status(name);
    }

    /** Why the read models' last batch failed (they are applied together), or null if it succeeded or none ran yet. */
    public String lastFailure() {
        ProjectionRunner running = runner;
        return running == null ? null : running.lastFailure();
    }

    /** Starts a rebuild of {@code name} unless one runs in this instance. */
    public RebuildStart startRebuild(String name) {
        Hosted projection = hosted.get(name);
        if (projection == null) {
            return RebuildStart.NO_SUCH_PROJECTION;
        }
        synchronized (projection) {
            if (projection.rebuilding()) {
                return RebuildStart.ALREADY_RUNNING;
            }
            projection.rebuild = new ProjectionRebuild(pool, log, projection.projection, settings.batchSize()).run()
                    .onSuccess(table -> LOG.infof("Projection %s rebuilt into %s", name, table))
                    .onFailure(e -> LOG.errorf(e, "Rebuild of projection %s failed; start it again to resume", name));
        }
        return RebuildStart.STARTED;
    }

    /** True while a rebuild of {@code name} started by this instance runs. */
    public boolean rebuilding(String name) {
        Hosted projection = hosted.get(name);
        return projection != null && projection.rebuilding();
    }

    private void wakeAll() {
        if (runner != null) {
            runner.wake();
        }
        watchers.forEach(Runnable::run);
    }

    @Override
    public void close() {
        if (runner != null) {
            runner.close();
        }
        if (subscriber != null) {
            subscriber.close();
        }
    }

    private static final class Hosted {
        final Projection projection;
        volatile Future<String> rebuild;

        Hosted(Projection projection) {
            this.projection = projection;
        }

        boolean rebuilding() {
            Future<String> running = rebuild;
            return running != null && !running.isComplete();
        }
    }
}
