package dev.boxoffice.variants;

import dev.boxoffice.api.AllowedMethods;
import dev.boxoffice.database.ConfiguredPoolCreator;
import dev.boxoffice.database.ListenConnection;
import dev.boxoffice.eventstore.EventStoreSettings;
import dev.boxoffice.eventstore.PostgresEventStore;
import dev.boxoffice.projection.CommitNotifier;
import dev.boxoffice.projection.ProjectionHost;
import dev.boxoffice.projection.ProjectionSettings;
import dev.boxoffice.shows.ShowViewProjection;
import dev.boxoffice.variants.crud.JdbcCrudShows;
import dev.boxoffice.variants.crud.ReactiveCrudShows;
import dev.boxoffice.variants.eventsourced.EventSourcedShows;
import dev.boxoffice.variants.http.BlockingShows;
import dev.boxoffice.variants.http.ReactiveShows;
import dev.boxoffice.variants.http.WorkerThreadShowResource;
import io.agroal.api.AgroalDataSource;
import io.quarkus.reactive.pg.client.PgPoolCreator;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.runtime.configuration.MemorySize;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * The variants' composition root: the store of the variant's persistence model, and for the event-sourced ones the
 * service's own read-model projection (a store of its events and a host for it), woken by a NOTIFY after commits.
 */
public class VariantsRoot {

    private static final Logger LOG = Logger.getLogger(VariantsRoot.class);

    /** The service's projection settings, at their defaults. */
    private static final ProjectionSettings PROJECTIONS =
            new ProjectionSettings(4000, Duration.ofSeconds(1), Duration.ofMillis(100));

    /** As in the service: shows in memory take at most this share of the heap unless a budget is set. */
    private static final long DEFAULT_BUDGET_PERCENT_OF_HEAP = 30;

    /** The reactive pool connects as DATABASE_URL says: TLS, application name, a bounded connect. */
    @Produces
    @Singleton
    PgPoolCreator poolCreator() {
        return new ConfiguredPoolCreator();
    }

    @Produces
    @Singleton
    Variant variant(@ConfigProperty(name = "boxoffice.variant") String name) {
        return Variant.of(name).orElseThrow(() -> new IllegalStateException(
                "unknown variant " + name + "; one of " + Variant.names()));
    }

    /** Every resource serves the same paths with the same methods. */
    @Produces
    @Singleton
    AllowedMethods allowedMethods() {
        return new AllowedMethods(WorkerThreadShowResource.class);
    }

    @Produces
    @Singleton
    BlockingShows blockingShows(Variant variant, AgroalDataSource database, Instance<CommitNotifier> notifier,
            @ConfigProperty(name = "boxoffice.entities.memory-budget") Optional<MemorySize> memoryBudget) {
        long budget = memoryBudget.map(MemorySize::asLongValue)
                .orElse(Runtime.getRuntime().maxMemory() * DEFAULT_BUDGET_PERCENT_OF_HEAP / 100);
        return switch (variant.persistence()) {
            case EVENT_SOURCED -> new EventSourcedShows(database, variant.commit() == Variant.Commit.SHARED, budget,
                    notifier.get()::committed);
            case STATE_IN_PLACE -> new JdbcCrudShows(database);
        };
    }

    @Produces
    @Singleton
    ReactiveShows reactiveShows(Pool pool) {
        return new ReactiveCrudShows(pool);
    }

    @Produces
    @Singleton
    CommitNotifier commitNotifier(Vertx vertx, Pool pool) {
        return new CommitNotifier(vertx, pool, CommitNotifier.CHANNEL, PROJECTIONS.minBatchInterval());
    }

    @Produces
    @Singleton
    ProjectionHost projections(Vertx vertx, Pool pool, @ConfigProperty(name = "quarkus.datasource.reactive.url") String url,
            @ConfigProperty(name = "quarkus.datasource.username") Optional<String> user,
            @ConfigProperty(name = "quarkus.datasource.password") Optional<String> password) {
        var store = new PostgresEventStore(vertx, pool, new EventStoreSettings(1, 1, EventStoreSettings.DEFAULT_TIMEOUT)); // reads only
        var host = new ProjectionHost(vertx, pool, store, PROJECTIONS, ListenConnection.options(url, user, password), CommitNotifier.CHANNEL,
                (projection, events) -> { });
        host.register(new ShowViewProjection());
        return host;
    }

    void start(@Observes StartupEvent event, Variant variant, AgroalDataSource database,
            Instance<ProjectionHost> projections) {
        LOG.infof("Variant %s", variant.profile());
        switch (variant.persistence()) {
            case EVENT_SOURCED -> projections.get().start();
            case STATE_IN_PLACE -> new JdbcCrudShows(database).createTables();
        }
    }

    void stop(@Observes ShutdownEvent event, Variant variant, Instance<ProjectionHost> projections) {
        if (variant.persistence() == Variant.Persistence.EVENT_SOURCED) {
            projections.get().close();
        }
    }
}
