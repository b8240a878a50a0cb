package dev.boxoffice.bench.scenario.holds;

import dev.boxoffice.bench.client.ServiceMetrics;
import dev.boxoffice.bench.client.ShowsApi;
import dev.boxoffice.bench.load.LoadClient;
import dev.boxoffice.bench.load.OpenLoop;
import dev.boxoffice.bench.measure.Bench;
import dev.boxoffice.bench.measure.Buckets;
import dev.boxoffice.bench.measure.StepResult;
import dev.boxoffice.bench.scenario.holds.HoldsResult.Lag;
import dev.boxoffice.bench.scenario.holds.HoldsResult.Pending;
import dev.boxoffice.bench.system.JavaService;
import io.vertx.core.http.HttpMethod;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.ToLongFunction;

/**
 * Many holds waiting to expire, over many shows that leave memory meanwhile: the shows are created, then the holds
 * placed round the shows in turn (so that every show stays in use until the last one), each with the time to live
 * that makes the expiries fall evenly over a window; the window starts once the service's idle timeout has passed
 * after the last hold, so that the shows are out of memory when their holds expire. Measured: the heap the holds
 * take while their shows are in memory, how many shows are still in memory just before the first expiry, how late
 * the releases are recorded, and how many release events the database holds at the end (one per hold, no more).
 */
record PendingHolds(Bench bench, String baseUrl, long servicePid, HoldsOptions options) {

    static final int SEATS_PER_SHOW = 50;
    static final int SEATS_PER_HOLD = 2;
    /** Time beyond the idle timeout and one passivation sweep for the shows to be dropped on a loaded host. */
    private static final long DRAIN_SECONDS = 5;
    /** A step that sends a number of requests lasts this much longer than they take at its rate, so that all leave. */
    private static final double SENDING_MARGIN = 1;
    private static final long MAX_WAIT_AFTER_MILLIS = 30_000;
    private static final double MIB = 1024 * 1024;
    /**
     * The shows in memory are counted this long before the first hold comes due: at the due time itself, the first
     * expiries (one every few milliseconds) would already be loading their shows while the metrics are read.
     */
    private static final long COUNTED_BEFORE_EXPIRY_MILLIS = 250;
    private static final String IN_MEMORY = ServiceMetrics.SHOWS_IN_MEMORY;

    /** @param releaseEvents counts the HoldReleased events of the given shows in the database */
    Pending run(LoadClient client, ToLongFunction<List<UUID>> releaseEvents) {
        List<StepResult> steps = new ArrayList<>();
        List<UUID> shows = new ArrayList<>();
        for (int i = 0; i < options.pendingShows(); i++) {
            shows.add(UUID.randomUUID());
        }
        bench.progress().info("holds: " + shows.size() + " shows of " + SEATS_PER_SHOW + " seats, then " + options.pending()
                + " pending holds over them");
        // The service is fresh: warm it up, then let the warm-up's shows leave memory before anything is weighed.
        steps.add(new HoldBuyers(bench, baseUrl, options).warmUp(client, "pending: warm-up"));
        ServiceMetrics.awaitNoShowInMemory(baseUrl, System.currentTimeMillis() + passivatedWithinMillis(options));
        steps.add(createShows(client, shows));
        Map<String, Double> withShows = afterFullCollection();
        long[] placed = {0};
        double placeSeconds = options.pending() / options.pendingRate() + SENDING_MARGIN;
        long firstExpiry = System.currentTimeMillis() + (long) (placeSeconds * 1000) + passivatedWithinMillis(options);
        steps.add(placeHolds(client, shows, firstExpiry, placed));
        Map<String, Double> withHolds = afterFullCollection();
        double inMemoryAfterPlacing = withHolds.getOrDefault(IN_MEMORY, Double.NaN);
        JavaService.sleep(Math.max(0, firstExpiry - COUNTED_BEFORE_EXPIRY_MILLIS - System.currentTimeMillis()));
        double inMemoryAtExpiry = ServiceMetrics.values(baseUrl).getOrDefault(IN_MEMORY, Double.NaN);
        Buckets before = ServiceMetrics.buckets(baseUrl, HoldBuyers.EXPIRY_LAG);
        bench.progress().info("holds: " + placed[0] + " holds expire over " + Math.round(options.expirySeconds()) + " s; "
                + Math.round(inMemoryAtExpiry) + " of " + shows.size() + " shows in memory");
        steps.add(bench.step("holds", "pending: expiries", 0, 1, options.expirySeconds() + DRAIN_SECONDS, recorder -> { }));
        Buckets released = awaitReleases(before, placed[0]);
        return new Pending(shows.size(), placed[0], options.idleSeconds(), options.expirySeconds(),
                ServiceMetrics.heapMiB(withShows), ServiceMetrics.heapMiB(withHolds), withHolds.getOrDefault("jvm_memory_max_bytes{area=\"heap\"}", Double.NaN) / MIB,
                withShows.getOrDefault("boxoffice_entities_resident_bytes", Double.NaN) / MIB,
                withHolds.getOrDefault("boxoffice_entities_resident_bytes", Double.NaN) / MIB,
                inMemoryAfterPlacing, inMemoryAtExpiry, releaseEvents.applyAsLong(shows), Lag.of(released), steps);
    }

    static long passivatedWithinMillis(HoldsOptions options) {
        return ServiceMetrics.passivatedWithinMillis(options.idleSeconds());
    }

    /** Creates the shows at half the holds' rate, each once (a refusal is not retried: its holds are refused too). */
    private StepResult createShows(LoadClient client, List<UUID> shows) {
        double rate = options.pendingRate() / 2;
        int[] next = {0};
        return bench.step("holds", "pending: create shows", rate, bench.steps().connections(), shows.size() / rate + SENDING_MARGIN,
                recorder -> OpenLoop.start(bench.vertx(), rate, recorder, intended -> {
                    if (next[0] < shows.size()) {
                        client.send(HttpMethod.POST, "/shows", ShowsApi.createShow(shows.get(next[0]++), SEATS_PER_SHOW),
                                intended, recorder, false, reply -> { });
                    }
                }));
    }

    /**
     * Hold {@code i} takes the next two seats of show {@code i mod shows}, and lives until its share of the window:
     * {@code firstExpiry + i / holds * window}, rounded up to the second (the API's unit).
     */
    private StepResult placeHolds(LoadClient client, List<UUID> shows, long firstExpiry, long[] placed) {
        int holds = options.pending();
        int[] next = {0};
        return bench.step("holds", "pending: place holds", options.pendingRate(), bench.steps().connections(),
                holds / options.pendingRate() + SENDING_MARGIN, recorder -> OpenLoop.start(bench.vertx(), options.pendingRate(), recorder,
                        intended -> {
                            if (next[0] == holds) {
                                return;
                            }
                            int i = next[0]++;
                            long due = firstExpiry + (long) (options.expirySeconds() * 1000 * i / holds);
                            long ttlSeconds = Math.max(1, (due - System.currentTimeMillis() + 999) / 1000);
                            client.send(HttpMethod.POST, ShowsApi.holds(shows.get(i % shows.size())),
                                    ShowsApi.hold(i / shows.size() * SEATS_PER_HOLD, SEATS_PER_HOLD, ttlSeconds), intended,
                                    recorder, false, reply -> placed[0] += reply.status() == 201 ? 1 : 0);
                        }));
    }

    /** The releases recorded since {@code before}, once there are {@code expected} of them or the wait is over. */
    private Buckets awaitReleases(Buckets before, long expected) {
        long deadline = System.currentTimeMillis() + MAX_WAIT_AFTER_MILLIS;
        Buckets released = ServiceMetrics.buckets(baseUrl, HoldBuyers.EXPIRY_LAG).since(before);
        while (released.count() < expected && System.currentTimeMillis() < deadline) {
            JavaService.sleep(1000);
            released = ServiceMetrics.buckets(baseUrl, HoldBuyers.EXPIRY_LAG).since(before);
        }
        return released;
    }

    private Map<String, Double> afterFullCollection() {
        return ServiceMetrics.afterFullCollection(baseUrl, servicePid, bench.progress());
    }
}
