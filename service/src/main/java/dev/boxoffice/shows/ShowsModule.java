package dev.boxoffice.shows;

import dev.boxoffice.domain.ShowCommand;
import dev.boxoffice.domain.ShowDecider;
import dev.boxoffice.domain.ShowEvent;
import dev.boxoffice.domain.ShowState;
import dev.boxoffice.entity.EntityRuntime;
import dev.boxoffice.entity.EntitySettings;
import dev.boxoffice.entity.EntityType;
import dev.boxoffice.eventstore.AppendMetrics;
import dev.boxoffice.eventstore.EventStoreSettings;
import dev.boxoffice.eventstore.PostgresEventStore;
import dev.boxoffice.projection.CommitSignal;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.quarkus.runtime.configuration.MemorySize;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.util.concurrent.TimeUnit;

/** Builds the event store and the show runtime from configuration, and exposes their metrics. */
public class ShowsModule {

    /** Streams of shows are named show-<id>. */
    static final String STREAM_PREFIX = "show-";

    private static final long DEFAULT_BUDGET_PERCENT_OF_HEAP = 30;

    @Produces
    @Singleton
    CommitSignal commitSignal() {
        return new CommitSignal();
    }

    @Produces
    @Singleton
    PostgresEventStore eventStore(Pool pool, BoxOfficeConfig config, MeterRegistry registry, CommitSignal commits) {
        Timer appendTimer = Timer.builder("boxoffice.eventstore.append")
                .description("Append statements: time from sending to commit").publishPercentileHistogram()
                .register(registry);
        DistributionSummary appendsPerStatement = DistributionSummary.builder("boxoffice.eventstore.append.batch")
                .description("Appends (of different streams) group-committed by one statement").register(registry);
        AppendMetrics metrics = (appends, events, nanos) -> {
            appendTimer.record(nanos, TimeUnit.NANOSECONDS);
            appendsPerStatement.record(appends);
            commits.committed();
        };
        var settings = new EventStoreSettings(config.eventStore().maxConcurrentAppends(),
                config.eventStore().maxEventsPerAppend());
        return new PostgresEventStore(pool, settings, metrics);
    }

    @Produces
    @Singleton
    EntityRuntime<ShowCommand, ShowEvent, ShowState> showRuntime(
            Vertx vertx, PostgresEventStore store, BoxOfficeConfig config, MeterRegistry registry) {
        var type = new EntityType<>(STREAM_PREFIX, new ShowDecider(), new ShowEventCodec(), new ShowSnapshotCodec(),
                state -> state instanceof ShowState.Show,
                state -> state instanceof ShowState.Show show ? show.estimatedBytes() : 0);
        BoxOfficeConfig.Entities entities = config.entities();
        long budget = entities.memoryBudget().map(MemorySize::asLongValue)
                .orElse(Runtime.getRuntime().maxMemory() * DEFAULT_BUDGET_PERCENT_OF_HEAP / 100);
        var settings = new EntitySettings(entities.idleTimeout(), budget, entities.maxQueueDelay(),
                entities.snapshotEvery(), entities.maxConflictRetries(), entities.maxBatch());
        var runtime = new EntityRuntime<>(vertx, store, type, settings);
        Gauge.builder("boxoffice.entities.in.memory", runtime, EntityRuntime::entitiesInMemory)
                .description("Shows currently held in memory").register(registry);
        Gauge.builder("boxoffice.entities.resident", runtime, EntityRuntime::residentBytes).baseUnit("bytes")
                .description("Estimated bytes of the shows in memory").register(registry);
        Gauge.builder("boxoffice.entities.memory.budget", () -> budget).baseUnit("bytes")
                .description("The memory budget for shows in memory").register(registry);
        FunctionCounter.builder("boxoffice.entities.evicted", runtime, EntityRuntime::evictedEntities)
                .description("Shows dropped from memory to stay within the memory budget").register(registry);
        FunctionCounter.builder("boxoffice.entities.overloaded", runtime, EntityRuntime::overloadRefusals)
                .description("Requests refused because their show's queue or the memory for shows was full")
                .register(registry);
        FunctionCounter.builder("boxoffice.events.appended", runtime, EntityRuntime::appendedEvents)
                .description("Events committed by this instance").register(registry);
        FunctionCounter.builder("boxoffice.version.conflicts", runtime, EntityRuntime::versionConflicts)
                .description("Appends refused because another writer changed the stream first").register(registry);
        return runtime;
    }

    void close(@Disposes EntityRuntime<ShowCommand, ShowEvent, ShowState> runtime) {
        runtime.close();
    }
}
