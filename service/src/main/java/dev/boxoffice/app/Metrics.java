package dev.boxoffice.app;

import dev.boxoffice.entity.EntityRuntime;
import dev.boxoffice.eventstore.CommitListener;
import dev.boxoffice.eventstore.KeyedRecordPurge;
import dev.boxoffice.eventstore.PostgresSnapshotStore;
import dev.boxoffice.eventstore.RecordedEvent;
import dev.boxoffice.http.ConnectionBound;
import dev.boxoffice.http.SeatStreams;
import dev.boxoffice.projection.Projection;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/** The service's own metrics (boxoffice_*), registered on the parts the composition root builds. */
final class Metrics {

    private Metrics() {
    }

    static CommitListener appendStatements(MeterRegistry registry) {
        Timer appendTimer = Timer.builder("boxoffice.eventstore.append")
                .description("Append statements: time from sending to commit").publishPercentileHistogram()
                .register(registry);
        DistributionSummary appendsPerStatement = DistributionSummary.builder("boxoffice.eventstore.append.batch")
                .description("Appends (of different streams) group-committed by one statement").register(registry);
        return (appends, events, nanos) -> {
            appendTimer.record(nanos, TimeUnit.NANOSECONDS);
            appendsPerStatement.record(appends);
        };
    }

    static void snapshots(MeterRegistry registry, PostgresSnapshotStore snapshots) {
        Gauge.builder("boxoffice.snapshots.buffered", snapshots, PostgresSnapshotStore::bufferedBytes).baseUnit("bytes")
                .description("Snapshots waiting to be written").register(registry);
        FunctionCounter.builder("boxoffice.snapshots.skipped", snapshots, PostgresSnapshotStore::skippedSnapshots)
                .description("Snapshots not written because the buffer was full (the next one will be)").register(registry);
    }

    static void keyedRecordPurge(MeterRegistry registry, KeyedRecordPurge purge) {
        FunctionCounter.builder("boxoffice.idempotency.keys.purged", purge, KeyedRecordPurge::purged)
                .description("Keyed records (answers under idempotency keys) past their time to live, deleted by this node").register(registry);
    }

    static void showRuntime(MeterRegistry registry, EntityRuntime<?, ?, ?> runtime, long budget) {
        Gauge.builder("boxoffice.entities.in.memory", runtime, EntityRuntime::entitiesInMemory)
                .description("Shows currently held in memory").register(registry);
        Gauge.builder("boxoffice.entities.resident", runtime, EntityRuntime::residentBytes).baseUnit("bytes")
                .description("Estimated bytes of the shows in memory").register(registry);
        Gauge.builder("boxoffice.entities.memory.budget", () -> budget).baseUnit("bytes")
                .description("The memory budget for shows in memory").register(registry);
        Timer loads = Timer.builder("boxoffice.entities.load")
                .description("Loads of a show into memory: its snapshot read and decoded, the events after it applied")
                .publishPercentileHistogram().minimumExpectedValue(Duration.ofMillis(1))
                .maximumExpectedValue(Duration.ofSeconds(10)).register(registry);
        runtime.reportLoadsTo(nanos -> loads.record(nanos, TimeUnit.NANOSECONDS));
        FunctionCounter.builder("boxoffice.entities.evicted", runtime, EntityRuntime::evictedEntities)
                .description("Shows dropped from memory to stay within the memory budget").register(registry);
        FunctionCounter.builder("boxoffice.entities.overloaded", runtime, EntityRuntime::overloadRefusals)
                .description("Requests refused because their show's queue or the memory for shows was full")
                .register(registry);
        FunctionCounter.builder("boxoffice.events.appended", runtime, EntityRuntime::appendedEvents)
                .description("Events committed by this instance").register(registry);
        FunctionCounter.builder("boxoffice.events.replayed", runtime, EntityRuntime::replayedEvents)
                .description("Events read back to rebuild shows in memory (loads, and catching up after conflicts)")
                .register(registry);
        FunctionCounter.builder("boxoffice.version.conflicts", runtime, EntityRuntime::versionConflicts)
                .description("Appends refused because another writer changed the stream first").register(registry);
        FunctionCounter.builder("boxoffice.tail.reads", runtime, EntityRuntime::tailReads)
                .description("Reads of a show's tail that confirmed its version before a read or a refusal was answered")
                .register(registry);
    }

    /**
     * Per projection: the events it applied, and the time from the oldest event of each page it applied to the page's
     * read-model commit, that is the read model's worst lag (over a recent window, so that a benchmark step sees its
     * own). Once a page, not once an event: a percentile histogram's record for every event of every read model cost
     * about 1 % of a reservation's CPU (measured).
     */
    static BiConsumer<Projection, List<RecordedEvent>> projectionPages(MeterRegistry registry) {
        Map<String, ProjectionMeters> meters = new ConcurrentHashMap<>();
        return (projection, events) -> {
            ProjectionMeters m = meters.computeIfAbsent(projection.name(), name -> new ProjectionMeters(
                    Timer.builder("boxoffice.projection.lag").tag("projection", name)
                            .description("Time from the append of the oldest event of a page to the page's read-model commit")
                            .publishPercentiles(0.5, 0.99).percentilePrecision(2).publishPercentileHistogram()
                            .distributionStatisticExpiry(Duration.ofSeconds(10)).distributionStatisticBufferLength(2)
                            .register(registry),
                    Counter.builder("boxoffice.projection.events").tag("projection", name)
                            .description("Events applied to the read model by this instance").register(registry)));
            if (events.isEmpty()) {
                return;
            }
            long oldest = Long.MAX_VALUE;
            for (RecordedEvent event : events) {
                oldest = Math.min(oldest, event.recordedAt().toInstant().toEpochMilli());
            }
            m.lag.record(Math.max(0, Instant.now().toEpochMilli() - oldest), TimeUnit.MILLISECONDS);
            m.applied.increment(events.size());
        };
    }

    /**
     * How long after its expiry each expired hold's release was recorded: a histogram (cumulative buckets, so that a
     * benchmark step reads its own from two scrapes) and recent percentiles.
     */
    static void seatStreams(MeterRegistry registry, SeatStreams streams) {
        Gauge.builder("boxoffice.streams.open", streams, SeatStreams::openStreams)
                .description("Seat-map streams open").register(registry);
        Gauge.builder("boxoffice.streams.charged", streams, SeatStreams::chargedBytes).baseUnit("bytes")
                .description("Bytes charged to the streams' memory budget: fixed costs and unsent frames").register(registry);
        Gauge.builder("boxoffice.streams.budget", streams, SeatStreams::memoryBudget).baseUnit("bytes")
                .description("The streams' memory budget").register(registry);
        FunctionCounter.builder("boxoffice.streams.dropped", streams, SeatStreams::droppedStreams)
                .description("Streams ended because their client fell behind or the streams' memory was full")
                .register(registry);
        FunctionCounter.builder("boxoffice.streams.refused", streams, SeatStreams::refusedStreams)
                .description("Streams refused at open because the streams' memory was full").register(registry);
    }

    static void connections(MeterRegistry registry, ConnectionBound bound) {
        Gauge.builder("boxoffice.connections.open", bound, ConnectionBound::open)
                .description("HTTP connections open (counted from their first request)").register(registry);
        Gauge.builder("boxoffice.connections.bound", bound, ConnectionBound::bound)
                .description("HTTP connections answered at most before new ones are refused, from the memory budget")
                .register(registry);
        FunctionCounter.builder("boxoffice.connections.refused", bound, ConnectionBound::refused)
                .description("Requests refused (503) because their connection was past the bound").register(registry);
    }

    static Consumer<Duration> holdExpiryLag(MeterRegistry registry) {
        Timer lag = Timer.builder("boxoffice.holds.expiry.lag")
                .description("Time from a hold's expiry to the recording of its release")
                .publishPercentiles(0.5, 0.99).percentilePrecision(2).publishPercentileHistogram()
                .minimumExpectedValue(Duration.ofMillis(1)).maximumExpectedValue(Duration.ofSeconds(60))
                .distributionStatisticExpiry(Duration.ofSeconds(10)).distributionStatisticBufferLength(2)
                .register(registry);
        return duration -> lag.record(duration.isNegative() ? Duration.ZERO : duration);
    }

    private record ProjectionMeters(Timer lag, Counter applied) {
    }
}
