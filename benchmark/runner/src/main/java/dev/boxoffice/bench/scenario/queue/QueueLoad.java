package dev.boxoffice.bench.scenario.queue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.boxoffice.bench.client.ShowsApi;
import dev.boxoffice.bench.load.ArrivalSchedule;
import dev.boxoffice.bench.load.LoadClient;
import dev.boxoffice.bench.load.OpenLoop;
import dev.boxoffice.bench.load.Request;
import dev.boxoffice.bench.load.StepRecorder;
import dev.boxoffice.bench.measure.Bench;
import dev.boxoffice.bench.measure.StepResult;
import dev.boxoffice.bench.report.Format;
import dev.boxoffice.bench.run.Edge;
import dev.boxoffice.cluster.HaProxyStats;
import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * First the purchase capacity: holds and confirmations by a fixed number of buyers as fast as the service answers
 * them, on shows without a waiting room. Then the crowd: buyers arriving at a multiple of that capacity for a while,
 * each through the waiting room of one of a few shows on sale at once, whose rates add up to the capacity; the step
 * lasts until every buyer is done.
 */
final class QueueLoad {

    /** Straight to the service: what its connection bound takes without refusing. */
    private static final int CONNECTIONS = 256;
    /**
     * Through the edge, which takes 8,000 and lets a waiting room's requests wait there up to 2 s: a crowd of a few
     * thousand a second needs thousands open (a pool of 256 let requests wait in the generator and time out).
     */
    private static final int EDGE_CONNECTIONS = 6_000;
    /**
     * Enough to keep a node under a small quota busy through its quota's pauses (8 left one of a quarter core idle
     * half the time), no more than the edge lets a node have at once (its maxconn, 64).
     */
    private static final int CAPACITY_BUYERS = 32;
    /** Buyers a second through waiting rooms in the warm-up's second half, admitted twice as fast as they come. */
    private static final double WARMUP_ARRIVALS = 100;
    /** Shows get twice the seats their buyers need: a show never sells out under its buyers. */
    private static final int SEATS_PER_BUYER = 2;
    /**
     * Every buyer holds the best seat available, as most buyers of an on-sale do: the show picks it, so no buyer asks
     * for a seat another took meanwhile, and a purchase costs a hold and a confirmation, never a retry.
     */
    static final Buffer HOLD_BEST_SEAT = Buffer.buffer("{\"count\":1,\"ttlSeconds\":600}");
    /** A room admits buyers for this many seconds of its rate at once: they buy in milliseconds, but learn late. */
    static final int ACTIVE_SECONDS = 15;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Bench bench;
    private final String baseUrl;
    private final boolean throughEdge;
    private final QueueOptions options;

    /** What the edge counted and the line services spent so far, read before and after the crowd. */
    private record EdgeReading(HaProxyStats stats, double lineCpuSeconds, int lineServices) {

        static EdgeReading of(Edge edge) {
            return new EdgeReading(edge.stats(), edge.lineCpuSeconds(), edge.lineServices());
        }
    }

    private final Edge edge;

    QueueLoad(Bench bench, String baseUrl, boolean throughEdge, QueueOptions options) {
        this(bench, baseUrl, throughEdge, options, null);
    }

    /** With {@code edge}: the crowd's requests counted at the edge, and the line services' CPU. */
    QueueLoad(Bench bench, String baseUrl, boolean throughEdge, QueueOptions options, Edge edge) {
        this.edge = edge;
        this.bench = bench;
        this.baseUrl = baseUrl;
        this.throughEdge = throughEdge;
        this.options = options;
    }

    QueueResult run() {
        try (LoadClient client = LoadClient.pooled(bench.vertx(), URI.create(baseUrl),
                throughEdge ? EDGE_CONNECTIONS : CONNECTIONS, bench.steps().timeoutMs())) {
            QueueResult.Capacity capacity = capacity(client);
            EdgeReading before = edge == null ? null : EdgeReading.of(edge);
            QueueResult.Crowd crowd = crowd(client, capacity.purchasesPerSecond());
            EdgeReading after = before == null ? null : EdgeReading.of(edge);
            SteeredOnSales steered = new SteeredOnSales(bench, baseUrl, options.steeringSeconds(), capacity.purchasesPerSecond());
            QueueResult.RateChange rateChange = options.steeringSeconds() == 0 ? null : steered.rateChange();
            QueueResult.SellOut sellOut = options.steeringSeconds() == 0 ? null : steered.sellOut();
            if (before == null || before.lineServices() == 0) {
                return new QueueResult(throughEdge, capacity, crowd, rateChange, sellOut, null);
            }
            QueueResult.NodeCosts nodeCosts = options.nodeCostSeconds() == 0 ? null
                    : new NodeRequestCosts(bench, client, baseUrl, edge,
                            options.nodeCostRate() > 0 ? options.nodeCostRate() : capacity.purchasesPerSecond(),
                            options.nodeCostSeconds(), crowd.shows()).measure();
            QueueResult.LineAlone alone = options.lineSeconds() == 0 ? null
                    : new LineThroughput(bench, edge.firstLine().orElseThrow(), baseUrl, options.lineSeconds()).measure();
            return new QueueResult(throughEdge, capacity, crowd, rateChange, sellOut,
                    lines(before, after, crowd.purchased(), alone, nodeCosts));
        }
    }

    /**
     * After a warm-up (--warmup-seconds) of the same purchases, then of buyers through waiting rooms: a cold JVM under
     * a quota buys many times slower, and joins a line four times slower (1,300 joins a second at a quarter core
     * cold, 5,600 once compiled, measured), so the crowd would meet code the capacity step never ran.
     */
    private QueueResult.Capacity capacity(LoadClient client) {
        List<UUID> shows = ShowsApi.createShowsNow(baseUrl, showsFor(options.capacitySeconds()), options.seats());
        if (bench.warmupSeconds() > 0) {
            double half = bench.warmupSeconds() / 2;
            purchases(client, "warm-up: purchases without a waiting room", half,
                    ShowsApi.createShowsNow(baseUrl, showsFor(half), options.seats()), new LongAdder());
            crowd(client, "warm-up: buyers through waiting rooms", WARMUP_ARRIVALS, half, 2 * WARMUP_ARRIVALS);
        }
        LongAdder purchases = new LongAdder();
        StepResult answers = purchases(client, "purchases without a waiting room", options.capacitySeconds(), shows, purchases);
        return new QueueResult.Capacity(purchases.sum(), purchases.sum() / answers.seconds(), answers);
    }

    /** Shows enough for the purchases of so many seconds at up to 1,000 a second, twice over. */
    private int showsFor(double seconds) {
        return Math.max(options.shows(), (int) Math.ceil(SEATS_PER_BUYER * 1_000 * seconds / options.seats()));
    }

    private StepResult purchases(LoadClient client, String label, double seconds, List<UUID> shows, LongAdder purchases) {
        return bench.step("queue", label, 0, CAPACITY_BUYERS, seconds, recorder -> {
            SplittableRandom random = new SplittableRandom();
            for (int buyer = 0; buyer < CAPACITY_BUYERS; buyer++) {
                buyAgain(client, recorder, shows, random.split(), purchases);
            }
        });
    }

    /**
     * A buyer of the capacity step: a hold, its confirmation, then the next purchase, until the step ends; refused (503,
     * 429), it waits as told before the next, as a polite client does.
     */
    private void buyAgain(LoadClient client, StepRecorder recorder, List<UUID> shows, SplittableRandom random,
            LongAdder purchases) {
        if (recorder.closing()) {
            return;
        }
        UUID show = shows.get(random.nextInt(shows.size()));
        client.send(Request.post(ShowsApi.holds(show), HOLD_BEST_SEAT), System.nanoTime(), recorder, true)
                .compose(held -> held.status() != 201 ? Future.succeededFuture(held)
                        : client.send(Request.post(ShowsApi.confirm(held.location().substring(held.location().indexOf("/shows/"))), null),
                                System.nanoTime(), recorder, false))
                .onSuccess(last -> {
                    if (last.status() == 200) {
                        purchases.increment();
                    }
                    Runnable next = () -> buyAgain(client, recorder, shows, random, purchases);
                    if (last.status() == 503 || last.status() == 429) { // waiting, it has nothing in flight
                        bench.vertx().setTimer(last.retryAfterSeconds() * 1000, timer -> next.run());
                    } else {
                        next.run();
                    }
                });
    }

    private QueueResult.Crowd crowd(LoadClient client, double capacity) {
        double rate = options.factor() * capacity;
        String label = Format.num(rate, 0) + " buyers/s for " + Format.num(options.seconds(), 0) + " s, "
                + Format.num(options.factor(), 0) + "x the capacity, through the waiting rooms";
        return crowd(client, label, rate, options.seconds(), capacity);
    }

    /**
     * Buyers arriving at {@code rate} for {@code seconds} through the waiting rooms of shows enough for twice their
     * seats, whose rates add up to {@code admitted} a second; the step lasts until every buyer is done.
     */
    private QueueResult.Crowd crowd(LoadClient client, String label, double rate, double seconds, double admitted) {
        int showCount = Math.max(options.shows(),
                (int) Math.ceil(SEATS_PER_BUYER * rate * seconds / options.seats()));
        int admitPerSecond = (int) Math.max(1, Math.round(admitted / showCount));
        int maxActive = Math.max(10, admitPerSecond * ACTIVE_SECONDS);
        List<UUID> shows = new ArrayList<>();
        for (int i = 0; i < showCount; i++) {
            UUID show = UUID.randomUUID();
            ShowsApi.createShowWithWaitingRoomNow(baseUrl, show, options.seats(), admitPerSecond, maxActive);
            shows.add(show);
        }
        ConcurrentLinkedQueue<QueueBuyer.Outcome> outcomes = new ConcurrentLinkedQueue<>();
        AtomicInteger active = new AtomicInteger();
        Map<UUID, Integer> maxSeen = new ConcurrentHashMap<>();
        long[] startNanos = {0};
        long[] sampler = {-1};
        StepResult answers = bench.step("queue", label, rate, throughEdge ? EDGE_CONNECTIONS : CONNECTIONS, seconds + options.maxDrainSeconds(),
                recorder -> {
                    startNanos[0] = System.nanoTime();
                    SplittableRandom random = new SplittableRandom();
                    sampler[0] = bench.vertx().setPeriodic(500, t -> sample(client, shows, maxSeen));
                    var schedule = new ArrivalSchedule(List.of(new ArrivalSchedule.Phase("crowd", rate, seconds)));
                    OpenLoop.start(bench.vertx(), schedule, recorder, arrived -> {
                        active.incrementAndGet();
                        new QueueBuyer(client, recorder, shows.get(random.nextInt(shows.size())), arrived, outcome -> {
                                    outcomes.add(outcome);
                                    active.decrementAndGet();
                                }).start();
                    });
                },
                () -> System.nanoTime() - startNanos[0] > seconds * 1e9 && active.get() == 0);
        bench.vertx().cancelTimer(sampler[0]);
        return QueueOutcomes.of(outcomes, startNanos[0], rate, showCount, admitPerSecond, maxActive,
                maxSeen.values().stream().mapToInt(Integer::intValue).max().orElse(0), active.get(), answers);
    }

    private static QueueResult.Lines lines(EdgeReading before, EdgeReading after, long purchased, QueueResult.LineAlone alone,
            QueueResult.NodeCosts nodeCosts) {
        var crowd = after.stats().minus(before.stats());
        double perPurchase = Math.max(1, purchased);
        return new QueueResult.Lines(after.lineServices(), crowd.fromNodes(), crowd.fromLines(),
                crowd.fromNodes() / perPurchase, crowd.fromLines() / perPurchase,
                (after.lineCpuSeconds() - before.lineCpuSeconds()) * 1e6 / Math.max(1, crowd.fromLines()), crowd.lineFallbacks(),
                alone, nodeCosts);
    }

    /** The buyers each room has admitted now, kept at their most. */
    private static void sample(LoadClient client, List<UUID> shows, Map<UUID, Integer> maxSeen) {
        for (UUID show : shows) {
            client.aside(Request.get("/shows/" + show + "/queue"))
                    .onSuccess(reply -> {
                        try {
                            int admitted = JSON.readTree(reply.body().getBytes()).path("admittedNow").asInt();
                            maxSeen.merge(show, admitted, Math::max);
                        } catch (IOException e) {
                            // a refusal's body: nothing to read
                        }
                    });
        }
    }
}
