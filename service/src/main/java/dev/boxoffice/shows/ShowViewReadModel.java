package dev.boxoffice.shows;

import dev.boxoffice.eventstore.PostgresEventStore;
import dev.boxoffice.eventstore.RecordedEvent;
import dev.boxoffice.projection.CommitNotifier;
import dev.boxoffice.projection.CommitSignal;
import dev.boxoffice.projection.ProjectionRebuild;
import dev.boxoffice.projection.ProjectionRunner;
import dev.boxoffice.projection.ProjectionSettings;
import dev.boxoffice.projection.ProjectionStatus;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.vertx.UniHelper;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.pubsub.PgSubscriber;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.eclipse.microprofile.config.ConfigProvider;
import org.jboss.logging.Logger;

/**
 * The show listing: its projection runner (woken by this instance's commits, by other instances' NOTIFY through
 * LISTEN, and by a fallback poll), queries on the {@code show_view} view, status, metrics and rebuilds.
 */
@Singleton
public class ShowViewReadModel {

    private static final Logger LOG = Logger.getLogger(ShowViewReadModel.class);
    static final String CHANNEL = "boxoffice_events";

    private static final String LIST_SQL = """
            SELECT show_id, title, total_seats, available_seats, updated_at FROM show_view
            WHERE ($1::uuid IS NULL OR show_id > $1) AND (NOT $2 OR available_seats > 0)
            ORDER BY show_id LIMIT $3
            """;

    private final Vertx vertx;
    private final Pool pool;
    private final PostgresEventStore store;
    private final BoxOfficeConfig.Projections settings;
    private final ShowViewProjection projection = new ShowViewProjection();
    private final ProjectionRunner runner;
    private final AtomicLong applied = new AtomicLong();
    private final AtomicReference<Future<String>> rebuild = new AtomicReference<>();
    private final Timer lag;
    private PgSubscriber subscriber;

    public ShowViewReadModel(Vertx vertx, Pool pool, PostgresEventStore store, BoxOfficeConfig config, MeterRegistry registry,
            CommitSignal commits) {
        this.vertx = vertx;
        this.pool = pool;
        this.store = store;
        this.settings = config.projections();
        // From commit of an event to commit of its read-model update; recent window, so a benchmark step sees its own.
        this.lag = Timer.builder("boxoffice.projection.lag").tag("projection", ShowViewProjection.NAME)
                .description("Time from an event's append to its read-model commit")
                .publishPercentiles(0.5, 0.99).percentilePrecision(2).publishPercentileHistogram()
                .distributionStatisticExpiry(Duration.ofSeconds(10)).distributionStatisticBufferLength(2)
                .register(registry);
        FunctionCounter.builder("boxoffice.projection.events", applied, AtomicLong::get).tag("projection", ShowViewProjection.NAME)
                .description("Events applied to the read model by this instance").register(registry);
        this.runner = new ProjectionRunner(vertx, pool, store, projection,
                new ProjectionSettings(settings.batchSize(), settings.pollInterval(), settings.minBatchInterval()),
                this::committed);
        // This instance's commits wake its runner directly, and other instances' runners through one NOTIFY.
        CommitNotifier notifier = new CommitNotifier(vertx, pool, CHANNEL, settings.minBatchInterval());
        commits.listen(runner::wake);
        commits.listen(notifier::committed);
    }

    void start(@Observes StartupEvent event) {
        subscriber = PgSubscriber.subscriber(vertx, connectOptions()).reconnectPolicy(retries -> 1000L);
        subscriber.channel(CHANNEL).handler(payload -> runner.wake());
        subscriber.connect().onFailure(e -> LOG.warnf("LISTEN %s failed (%s); the read model polls every %s", CHANNEL,
                e.getMessage(), settings.pollInterval()));
        runner.start();
    }

    void stop(@Observes ShutdownEvent event) {
        runner.close();
        if (subscriber != null) {
            subscriber.close();
        }
    }

    private void committed(List<RecordedEvent> events) {
        long now = Instant.now().toEpochMilli();
        for (RecordedEvent event : events) {
            lag.record(Math.max(0, now - event.recordedAt().toInstant().toEpochMilli()), TimeUnit.MILLISECONDS);
        }
        applied.addAndGet(events.size());
    }

    /** Shows ordered by id after {@code after} (null: from the first), only those with seats left if asked. */
    public Uni<ShowPage> list(boolean onlyAvailable, UUID after, int limit) {
        return Uni.createFrom().deferred(() -> UniHelper.toUni(pool.preparedQuery(LIST_SQL)
                .execute(Tuple.of(after, onlyAvailable, limit + 1)).map(rows -> {
                    List<ShowSummary> items = new ArrayList<>(rows.size());
                    for (Row row : rows) {
                        items.add(new ShowSummary(row.getUUID(0), row.getString(1), row.getInteger(2), row.getInteger(3),
                                row.getOffsetDateTime(4)));
                    }
                    boolean more = items.size() > limit;
                    List<ShowSummary> page = more ? items.subList(0, limit) : items;
                    return new ShowPage(List.copyOf(page), more ? page.get(page.size() - 1).showId() : null);
                })));
    }

    public Uni<ProjectionStatus> status() {
        return Uni.createFrom().deferred(() -> UniHelper.toUni(runner.status()));
    }

    /** Starts a rebuild unless one runs in this instance; returns false when one was already running. */
    public boolean startRebuild() {
        Future<String> running = rebuild.get();
        if (running != null && !running.isComplete()) {
            return false;
        }
        Future<String> started = new ProjectionRebuild(pool, store, projection, settings.batchSize()).run();
        rebuild.set(started);
        started.onSuccess(table -> LOG.infof("Projection %s rebuilt into %s", projection.name(), table))
                .onFailure(e -> LOG.errorf(e, "Rebuild of projection %s failed; start it again to resume", projection.name()));
        return true;
    }

    /** True while a rebuild started by this instance runs. */
    public boolean rebuilding() {
        Future<String> running = rebuild.get();
        return running != null && !running.isComplete();
    }

    private static PgConnectOptions connectOptions() {
        var config = ConfigProvider.getConfig();
        String url = config.getValue("quarkus.datasource.reactive.url", String.class).replaceFirst("^vertx-reactive:", "");
        PgConnectOptions options = PgConnectOptions.fromUri(url);
        options.setMetricsName("boxoffice-listen"); // its own pool metrics, not the request pool's
        config.getOptionalValue("quarkus.datasource.username", String.class).ifPresent(options::setUser);
        config.getOptionalValue("quarkus.datasource.password", String.class).ifPresent(options::setPassword);
        return options;
    }
}
