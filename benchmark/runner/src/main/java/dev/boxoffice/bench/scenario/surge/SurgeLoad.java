package dev.boxoffice.bench.scenario.surge;

import dev.boxoffice.bench.client.Refusals;
import dev.boxoffice.bench.client.ShowsApi;
import dev.boxoffice.bench.load.ArrivalSchedule;
import dev.boxoffice.bench.load.ArrivalSchedule.Phase;
import dev.boxoffice.bench.load.LoadClient;
import dev.boxoffice.bench.load.OpenLoop;
import dev.boxoffice.bench.load.StepRecorder;
import dev.boxoffice.bench.measure.Bench;
import dev.boxoffice.bench.measure.StepResult;
import dev.boxoffice.bench.run.Run;
import dev.boxoffice.bench.scenario.contention.ContentionOptions;
import dev.boxoffice.bench.scenario.contention.ContentionScenario;
import dev.boxoffice.bench.run.Edge;
import dev.boxoffice.cluster.HaProxyStats;
import io.vertx.core.http.HttpMethod;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.LongConsumer;

/**
 * An on-sale: calm at half a capacity measured in the same run, then a surge at a multiple of it, then calm again,
 * on one continuous open-model schedule, with many connections (many buyers at once, as a surge brings them). What
 * matters is what a buyer sees: reservations acknowledged per second (goodput), fast refusals instead of waits,
 * no timeouts, and how fast latency is back to normal once the surge has passed.
 *
 * <p>Reservations: every request reserves the next free seat of a large pool of shows, so each is work the service
 * can do; the surge is offered at {@code --surge-factor} times the serial capacity. Hot shows: the contention
 * scenario's users (a random seat of a few shows, another on 409, then a cancellation) at {@code --surge-hot-factor}
 * times the contention capacity.
 */
final class SurgeLoad {

    static final String CALM = "calm";
    static final String SURGE = "surge";
    static final String AFTER = "calm after";

    private final Run run;
    private final Bench bench;
    private final String baseUrl;
    private final SurgeOptions options;
    private final ContentionOptions hot;

    SurgeLoad(Run run, SurgeOptions options) {
        this.run = run;
        this.bench = run.bench();
        this.baseUrl = run.baseUrl();
        this.options = options;
        this.hot = run.options(ContentionOptions.class);
    }

    /**
     * Each part needs its capacity: measured in this run, or given with --surge-base-rps / --surge-hot-base-rps; a
     * part without one is skipped (null) and the run's notes say why.
     */
    SurgeResult run(double serialCapacity, double contentionCapacity) {
        double base = options.baseRps() > 0 ? options.baseRps() : serialCapacity;
        double hotBase = options.hotBaseRps() > 0 ? options.hotBaseRps() : contentionCapacity;
        // Through the edge first: a surge straight at the service leaves it a backlog of requests from connections
        // already given up, and heap to collect, for tens of seconds; the edge leaves it calm within a second.
        SurgeResult.Part throughEdge = base > 0 && options.throughEdge() ? throughEdge(base) : null;
        SurgeResult.Part reservations;
        SurgeResult.Part hotShows;
        try (LoadClient client = bench.client(baseUrl, options.connections())) {
            reservations = base > 0 ? reservations(client, baseUrl, null, base, options.factor())
                    : skipped("the surge of reservations", "serial", "--surge-base-rps");
            hotShows = hotBase > 0 ? hotShows(client, hotBase, options.hotFactor())
                    : skipped("the surge on hot shows", "contention", "--surge-hot-base-rps");
        }
        return new SurgeResult(reservations, hotShows, throughEdge);
    }

    /** The surge of reservations again, the same schedule through the edge in front of the same service. */
    private SurgeResult.Part throughEdge(double capacity) {
        Edge edge = Edge.inFront(run, "surge").orElse(null);
        if (edge == null) {
            return null;
        }
        try (edge; LoadClient client = bench.client(edge.baseUrl(), options.connections())) {
            return reservations(client, edge.baseUrl(), edge, capacity, options.factor());
        }
    }

    private SurgeResult.Part skipped(String part, String scenario, String option) {
        run.note("surge: " + part + " was skipped: no " + scenario + " capacity (the " + scenario
                + " scenario did not run or no step met the SLO) and no " + option + ".");
        return null;
    }

    private SurgeResult.Part reservations(LoadClient client, String url, Edge edge, double capacity, double factor) {
        ArrivalSchedule schedule = schedule(capacity, factor);
        int seats = options.seats();
        long requests = (long) Math.ceil(schedule.phases().stream().mapToDouble(p -> p.perSecond() * p.seconds()).sum()
                + warmup(schedule, 1).stream().mapToDouble(p -> p.perSecond() * p.seconds()).sum());
        int showCount = (int) Math.max(1, Math.min(100_000, (requests + seats - 1) / seats));
        bench.progress().info("surge: creating " + showCount + " shows of " + seats + " seats for " + requests + " reservations");
        List<UUID> shows = ShowsApi.createShowsNow(url, showCount, seats);
        long[] next = {0};
        String description = (edge == null ? "" : "through the edge (HAProxy, deploy/haproxy/haproxy.cfg): ")
                + "reservations of free seats across " + showCount + " shows: " + num(capacity / 2) + " req/s, then "
                + num(capacity * factor) + " req/s (" + num(factor) + "x the serial capacity " + num(capacity) + ") for "
                + num(schedule.phases().get(1).seconds()) + " s, then " + num(capacity / 2) + " req/s again" + warmedUp();
        return measure(description, edge == null ? "reservations" : "reservations through the edge", edge, capacity, 1,
                schedule, recorder -> intended -> {
            long i = next[0]++;
            UUID show = shows.get((int) (i % shows.size()));
            int seat = (int) ((i / shows.size()) % seats);
            client.send(HttpMethod.PATCH, ShowsApi.seat(show, seat), ShowsApi.RESERVE, intended, recorder, true, reply -> { });
        });
    }

    private SurgeResult.Part hotShows(LoadClient client, double capacity, double factor) {
        int hotShows = hot.hotShows();
        int seats = hot.hotSeats();
        List<UUID> shows = ShowsApi.createShowsNow(baseUrl, hotShows, seats);
        SplittableRandom random = new SplittableRandom();
        ArrivalSchedule schedule = schedule(capacity, factor);
        // Each user sends a reservation and a cancellation: users arrive at half the request rate.
        ArrivalSchedule users = new ArrivalSchedule(schedule.phases().stream()
                .map(p -> new Phase(p.name(), p.perSecond() / 2, p.seconds())).toList());
        String description = "the contention scenario's users on " + hotShows + " shows of " + seats + " seats: "
                + num(capacity / 2) + " req/s, then " + num(capacity * factor) + " req/s (" + num(factor)
                + "x the contention capacity " + num(capacity) + "), then " + num(capacity / 2) + " req/s again" + warmedUp();
        return measure(description, "hot shows", null, capacity, 2, users, recorder -> intended ->
                new ContentionScenario.User(client, recorder, shows, seats, random).reserve(intended, 1));
    }

    private ArrivalSchedule schedule(double capacity, double factor) {
        double calm = options.calmSeconds();
        return new ArrivalSchedule(List.of(new Phase(CALM, capacity / 2, calm),
                new Phase(SURGE, capacity * factor, options.seconds()),
                new Phase(AFTER, capacity / 2, calm)));
    }

    /**
     * Each part is measured warm, as the capacity it is compared with was: a warm-up through the part's own path
     * (--warmup-seconds at --warmup-rate), then a short burst at the surge's own rate (--surge-warmup-burst-seconds).
     * Without the warm-up, the edge's part began by the node accepting HAProxy's connections, a case its compiled code
     * had not met since the generator's connections were opened: the JIT threw away 100-160 compiled methods and C2
     * took half the node's CPU quota for 30-40 s to compile them again. Without the burst, the first seconds of a
     * crowd (many requests in flight, full queues and batches) were served at up to 2.4x the CPU per request while
     * the JIT compiled those paths again, in some runs and not others.
     *
     * <p>These are the warm-up's arrivals for a part whose arrivals follow {@code schedule}, each bringing
     * {@code requestsPerArrival} requests; none when the run does not warm up.
     */
    private List<Phase> warmup(ArrivalSchedule schedule, double requestsPerArrival) {
        if (bench.steps().warmupSeconds() <= 0) {
            return List.of();
        }
        Phase steady = new Phase("warm-up", bench.warmupRate() / requestsPerArrival, bench.warmupSeconds());
        return options.warmupBurstSeconds() > 0
                ? List.of(steady, new Phase("burst", schedule.phases().get(1).perSecond(), options.warmupBurstSeconds()))
                : List.of(steady);
    }

    private String warmedUp() {
        if (bench.steps().warmupSeconds() <= 0) {
            return "";
        }
        return ", after a warm-up of " + num(bench.warmupSeconds()) + " s at " + num(bench.warmupRate()) + " req/s"
                + (options.warmupBurstSeconds() > 0 ? " and " + num(options.warmupBurstSeconds()) + " s at the surge's rate" : "")
                + " the same way";
    }

    private SurgeResult.Part measure(String description, String label, Edge edge, double capacity,
            double requestsPerArrival, ArrivalSchedule schedule, Function<StepRecorder, LongConsumer> arrivals) {
        if (bench.steps().warmupSeconds() > 0) {
            ArrivalSchedule warmup = new ArrivalSchedule(warmup(schedule, requestsPerArrival));
            bench.step("surge", label + " warm-up", bench.warmupRate(), options.connections(),
                    warmup.totalSeconds(), recorder -> OpenLoop.start(bench.vertx(), warmup, recorder, arrivals.apply(recorder)));
        }
        bench.settle(); // what came before (a read model catching up, a backlog of given-up requests) is not this load
        Refusals refusedBefore = serviceRefusals();
        HaProxyStats edgeBefore = edge == null ? null : edge.stats();
        double stepStart = (System.nanoTime() - bench.progress().runStartNanos()) / 1e9;
        double surgeStart = stepStart + schedule.phases().get(0).seconds();
        double surgeSeconds = schedule.phases().get(1).seconds();
        StepResult step = bench.step("surge", label, schedule.phases().get(1).perSecond() * requestsPerArrival,
                options.connections(), schedule.totalSeconds(),
                recorder -> OpenLoop.start(bench.vertx(), schedule, recorder, arrivals.apply(recorder)));
        double recovery = SurgeResult.Part.recovery(step.timeline(), surgeStart + surgeSeconds, bench.steps().sloMs());
        Refusals refusedAfter = serviceRefusals();
        return new SurgeResult.Part(description, capacity, step, requestsPerArrival, surgeStart, surgeSeconds, recovery,
                refusedBefore == null || refusedAfter == null ? null : refusedAfter.since(refusedBefore),
                edge == null ? null : edge.stats().minus(edgeBefore));
    }

    /** The service's own count of refusals, read from the node itself; null with --target (not the service's metrics). */
    private Refusals serviceRefusals() {
        return run.tier() == null || run.tier().nodeUrls().size() != 1 ? null : Refusals.read(run.tier().nodeUrls().getFirst());
    }

    private static String num(double value) {
        return String.format(Locale.ROOT, "%,.0f", value);
    }
}
