package dev.boxoffice.app;

import dev.boxoffice.api.AllowedMethods;
import dev.boxoffice.database.ConfiguredPoolCreator;
import dev.boxoffice.database.ListenConnection;
import dev.boxoffice.domain.ShowCommand;
import dev.boxoffice.domain.ShowEvent;
import dev.boxoffice.domain.ShowState;
import dev.boxoffice.entity.EntityRuntime;
import dev.boxoffice.entity.EntitySettings;
import dev.boxoffice.eventstore.DatabaseHeartbeat;
import dev.boxoffice.eventstore.EventStoreSettings;
import dev.boxoffice.eventstore.KeyedRecordPurge;
import dev.boxoffice.eventstore.KeyedRecords;
import dev.boxoffice.eventstore.PostgresKeyedRecords;
import dev.boxoffice.eventstore.PostgresEventStore;
import dev.boxoffice.eventstore.PostgresSnapshotStore;
import dev.boxoffice.http.AdminResource;
import dev.boxoffice.http.LineControlResource;
import dev.boxoffice.http.ConnectionBound;
import dev.boxoffice.http.CpuThrottling;
import dev.boxoffice.http.HoldResource;
import dev.boxoffice.http.HoldSettlements;
import dev.boxoffice.http.HttpSettings;
import dev.boxoffice.http.QueueResource;
import dev.boxoffice.http.SeatChanges;
import dev.boxoffice.http.OperatorFeeds;
import dev.boxoffice.http.SeatStreams;
import dev.boxoffice.http.ShowResource;
import dev.boxoffice.http.StreamSettings;
import dev.boxoffice.projection.CommitNotifier;
import dev.boxoffice.projection.ProjectionHost;
import dev.boxoffice.projection.ProjectionSettings;
import dev.boxoffice.line.SigningKeys;
import dev.boxoffice.shows.HoldExpiry;
import dev.boxoffice.line.LineNumbers;
import dev.boxoffice.line.LineTokens;
import dev.boxoffice.shows.LineKeeper;
import dev.boxoffice.shows.ArrivalBlocks;
import io.quarkus.reactive.pg.client.PgPoolCreator;
import io.quarkus.runtime.Startup;
import dev.boxoffice.shows.HoldLookup;
import dev.boxoffice.shows.HoldViewProjection;
import dev.boxoffice.shows.ShowListing;
import dev.boxoffice.shows.ShowService;
import dev.boxoffice.shows.ShowViewProjection;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.Startup;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.health.api.HealthRegistry;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.core.Vertx;
import io.vertx.ext.web.Router;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.Pool;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.concurrent.TimeUnit;
import java.util.Optional;
import org.eclipse.microprofile.config.ConfigProvider;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.health.Readiness;

/**
 * The composition root: every part of the service is built here from configuration, and nowhere else. The
 * packages around the domain (event store, entity runtime, projections, shows) know nothing of CDI or of Quarkus'
 * configuration; this class hands them what they need, and registers their metrics ({@link Metrics}).
 */
public class CompositionRoot {

    @Produces
    @Singleton
    PostgresEventStore eventStore(Vertx vertx, Pool pool, BoxOfficeConfig config, MeterRegistry registry) {
        var settings = new EventStoreSettings(config.eventStore().maxConcurrentStatements(),
                config.eventStore().maxEventsPerStatement(), config.eventStore().timeout());
        var store = new PostgresEventStore(vertx, pool, settings);
        store.onCommit(Metrics.appendStatements(registry));
        return store;
    }

    /** The reactive pool connects as DATABASE_URL says: TLS, application name, a bounded connect. */
    @Produces
    @Singleton
    PgPoolCreator poolCreator() {
        return new ConfiguredPoolCreator();
    }

    /** Hears the database on a thread of its own, so that a starved service does not mistake it for a lost one. */
    @Produces
    @Singleton
    @Startup
    DatabaseHeartbeat databaseHeartbeat(PostgresEventStore store,
            @ConfigProperty(name = "quarkus.datasource.jdbc.url") String jdbcUrl,
            @ConfigProperty(name = "quarkus.datasource.username") String user,
            @ConfigProperty(name = "quarkus.datasource.password") Optional<String> password) {
        Duration every = store.liveness().timeout().dividedBy(8);
        return new DatabaseHeartbeat(jdbcUrl, user, password.orElse(""), every, store.liveness()).start();
    }

    void closeHeartbeat(@Disposes DatabaseHeartbeat heartbeat) {
        heartbeat.close();
    }

    @Produces
    @Singleton
    PostgresSnapshotStore snapshotStore(Pool pool, PostgresEventStore store, BoxOfficeConfig config, MeterRegistry registry) {
        var snapshots = new PostgresSnapshotStore(pool, store.liveness(), config.eventStore().snapshotBuffer().asLongValue());
        Metrics.snapshots(registry, snapshots);
        return snapshots;
    }

    /** Created at start, not at the first request: its metrics are exposed (as zeros) from the first scrape on. */
    @Produces
    @Singleton
    @Startup
    EntityRuntime<ShowCommand, ShowEvent, ShowState> showRuntime(Vertx vertx, PostgresEventStore store,
            PostgresSnapshotStore snapshots, BoxOfficeConfig config, MeterRegistry registry) {
        var type = ShowService.entityType();
        BoxOfficeConfig.Entities entities = config.entities();
        long budget = HeapShare.SHOWS_IN_MEMORY.bytesOr(entities.memoryBudget());
        var settings = new EntitySettings(entities.idleTimeout(), budget, entities.maxQueueDelay(),
                entities.snapshotEvery(), entities.maxConflictRetries(), entities.maxBatch());
        var runtime = new EntityRuntime<>(vertx, store, snapshots, type, settings);
        Metrics.showRuntime(registry, runtime, budget);
        return runtime;
    }

    void closeShowRuntime(@Disposes EntityRuntime<ShowCommand, ShowEvent, ShowState> runtime) {
        runtime.close();
    }

    @Produces
    @Singleton
    ShowService showService(EntityRuntime<ShowCommand, ShowEvent, ShowState> runtime) {
        return new ShowService(runtime);
    }

    @Produces
    @Singleton
    ShowListing showListing(Pool pool) {
        return new ShowListing(pool);
    }

    /** Every read model of the service: a second one is one more {@code register} line. */
    @Produces
    @Singleton
    ProjectionHost projections(Vertx vertx, Pool pool, PostgresEventStore store, BoxOfficeConfig config,
            MeterRegistry registry) {
        BoxOfficeConfig.Projections settings = config.projections();
        var host = new ProjectionHost(vertx, pool, store,
                new ProjectionSettings(settings.batchSize(), settings.pollInterval(), settings.minBatchInterval()),
                listenOptions(), CommitNotifier.CHANNEL, Metrics.projectionPages(registry));
        host.register(new ShowViewProjection());
        host.register(new HoldViewProjection(Metrics.holdExpiryLag(registry)));
        return host;
    }

    @Produces
    @Singleton
    Clock clock() {
        return Clock.systemUTC();
    }

    @Produces
    @Singleton
    HoldLookup holdLookup(Pool pool) {
        return new HoldLookup(pool);
    }

    /** Releases the holds whose time is up, from the pending expiries of the hold_view read model. */
    @Produces
    @Singleton
    HoldExpiry holdExpiry(Vertx vertx, Pool pool, ShowService shows, Clock clock, BoxOfficeConfig config) {
        BoxOfficeConfig.Holds holds = config.holds();
        return new HoldExpiry(vertx, pool, shows, clock,
                new HoldExpiry.Settings(holds.expiryPollInterval(), holds.expiryBatch(), holds.expiryBatchesInFlight(),
                        holds.expiryLease()));
    }

    @Produces
    @Singleton
    ArrivalBlocks arrivalBlocks(ShowService shows) {
        return new ArrivalBlocks(shows);
    }

    /** The numbers this node hands out itself, when it serves its rooms' lines (without a line service in front). */
    @Produces
    @Singleton
    LineNumbers lineNumbers(ArrivalBlocks blocks) {
        return new LineNumbers(blocks);
    }

    /** Moves the lines of the waiting rooms on sale, found in the show_view read model. */
    @Produces
    @Singleton
    LineKeeper lineKeeper(Vertx vertx, Pool pool, ShowService shows, LineNumbers numbers, ArrivalBlocks blocks, Clock clock,
            BoxOfficeConfig config, MeterRegistry registry) {
        BoxOfficeConfig.WaitingRoom room = config.waitingRoom();
        LineKeeper keeper = new LineKeeper(vertx, pool, shows, numbers, blocks, clock,
                new LineKeeper.Settings(room.tick(), room.leaseRenewal(), room.lease()));
        WaitingRoomMetrics.register(registry, vertx, keeper, shows, clock);
        return keeper;
    }

    /** Made at startup, on the main thread: without a configured key, the shared one is read from the database. */
    @Produces
    @Singleton
    @Startup
    LineTokens lineTokens(Pool pool, BoxOfficeConfig config) throws Exception {
        Optional<String> configured = config.waitingRoom().signingKey();
        if (configured.isPresent()) {
            return new LineTokens(Base64.getDecoder().decode(configured.get().strip()));
        }
        return new LineTokens(SigningKeys.shared(pool, SigningKeys.WAITING_ROOM).toCompletionStage().toCompletableFuture()
                .get(30, TimeUnit.SECONDS));
    }

    void startProjections(@Observes StartupEvent event, ProjectionHost projections, Pool pool, PostgresEventStore store,
            @Readiness HealthRegistry readiness) {
        readiness.register(DatabaseReadiness.NAME, new DatabaseReadiness(pool, store.liveness()));
        for (String name : projections.names()) {
            var check = new ProjectionReadiness(projections, name);
            readiness.register(check.name(), check);
        }
        projections.start();
    }

    @Produces
    @Singleton
    KeyedRecords keyedRecords(Pool pool, BoxOfficeConfig config) {
        return new PostgresKeyedRecords(pool, config.idempotency().keyTtl());
    }

    @Produces
    @Singleton
    KeyedRecordPurge keyedRecordPurge(Vertx vertx, KeyedRecords records, BoxOfficeConfig config,
            MeterRegistry registry) {
        var purge = new KeyedRecordPurge(vertx, records, config.idempotency().purgeInterval(),
                config.idempotency().purgeBatch());
        Metrics.keyedRecordPurge(registry, purge);
        return purge;
    }

    /** The timed work in the background, from start to shutdown: hold expiries, the purge of old answers, the lines. */
    void startTimedWork(@Observes StartupEvent event, HoldExpiry expiry, KeyedRecordPurge purge, LineKeeper lines) {
        expiry.start();
        purge.start();
        lines.start();
    }

    void stopTimedWork(@Observes ShutdownEvent event, HoldExpiry expiry, KeyedRecordPurge purge, LineKeeper lines) {
        expiry.close();
        purge.close();
        lines.close();
    }

    @Produces
    @Singleton
    HttpSettings httpSettings(BoxOfficeConfig config) {
        BoxOfficeConfig.Admission admission = config.admission();
        long maxHallBytes = HeapShare.HALL_ANSWERS.bytesOr(admission.maxHallBytes());
        return new HttpSettings(admission.maxWait(), admission.maxWaitWarmingUp(), admission.maxWaitThrottled(),
                admission.warmUp(),
                admission.cancellationHeadroom(),
                HeapShare.REQUESTS_IN_FLIGHT.bytesOr(admission.memoryBudget()), maxHallBytes, config.admin().token(),
                config.holds().maxSeatsPerRequest());
    }

    /** Whether the CPU quota holds the service back, read a few times a second: admission tightens its bound then. */
    @Produces
    @Singleton
    CpuThrottling cpuThrottling(Vertx vertx, BoxOfficeConfig config) {
        Optional<Path> configured = config.admission().cpuStat();
        Optional<Path> stat = configured.isPresent() ? configured.filter(Files::isReadable) : CpuThrottling.ownCpuStat();
        var throttling = new CpuThrottling(vertx, stat, CpuThrottling.READ_EVERY);
        throttling.start();
        return throttling;
    }

    void stopCpuThrottling(@Disposes CpuThrottling throttling) {
        throttling.close();
    }

    /** Open connections bounded by memory, below what the open files allow (see ConnectionLimit). */
    @Produces
    @Singleton
    ConnectionBound connectionBound(BoxOfficeConfig config, ObjectMapper json, MeterRegistry registry)
            throws JsonProcessingException {
        long budget = HeapShare.CONNECTIONS.bytesOr(config.connections().memoryBudget());
        int fileBound = ConnectionLimit.fileBound(ConfigProvider.getConfig()
                .getOptionalValue(ConnectionLimit.PROPERTY, Integer.class).orElse(Integer.MAX_VALUE));
        var bound = new ConnectionBound(ConnectionBound.fitting(budget, fileBound), json);
        Metrics.connections(registry, bound);
        return bound;
    }

    void routeConnectionBound(@Observes Router router, ConnectionBound bound) {
        bound.register(router);
    }

    /** Seat maps streamed live; woken with the read models, since the same commits concern them. */
    @Produces
    @Singleton
    SeatStreams seatStreams(Vertx vertx, ShowService shows, PostgresEventStore store, ProjectionHost projections,
            BoxOfficeConfig config, ObjectMapper json, MeterRegistry registry, OperatorFeeds operatorFeeds) {
        BoxOfficeConfig.Streams streams = config.streams();
        long budget = HeapShare.SEAT_MAP_STREAMS.bytesOr(streams.memoryBudget());
        var seatStreams = new SeatStreams(vertx, shows, store, new StreamSettings(budget,
                streams.maxPendingBytes().asLongValue(), streams.heartbeat(), streams.eventsPerRead(),
                config.projections().minBatchInterval()), json, operatorFeeds);
        projections.alsoWake(seatStreams::wake);
        Metrics.seatStreams(registry, seatStreams);
        return seatStreams;
    }

    void routeSeatStreams(@Observes Router router, SeatStreams streams) {
        streams.register(router);
    }

    void routeHotWrites(@Observes Router router, SeatChanges changes, HoldSettlements settlements, BoxOfficeConfig config) {
        if (config.http().hotWritesOnTheRouter()) {
            changes.register(router);
            settlements.register(router);
        }
    }

    void closeSeatStreams(@Disposes SeatStreams streams) {
        streams.close();
    }

    /** The methods each path accepts, for the Allow header of a 405. */
    @Produces
    @Singleton
    AllowedMethods allowedMethods() {
        return new AllowedMethods(ShowResource.class, HoldResource.class, QueueResource.class, AdminResource.class, LineControlResource.class);
    }

    void stopProjections(@Observes ShutdownEvent event, ProjectionHost projections) {
        projections.close();
    }

    private static PgConnectOptions listenOptions() {
        var config = ConfigProvider.getConfig();
        return ListenConnection.options(config.getValue("quarkus.datasource.reactive.url", String.class),
                config.getOptionalValue("quarkus.datasource.username", String.class),
                config.getOptionalValue("quarkus.datasource.password", String.class));
    }
}
