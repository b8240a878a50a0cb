package dev.boxoffice.bench.scenario.holds;

import dev.boxoffice.bench.client.ServiceMetrics;
import dev.boxoffice.bench.client.ShowsApi;
import dev.boxoffice.bench.load.LoadClient;
import dev.boxoffice.bench.load.OpenLoop;
import dev.boxoffice.bench.load.Reply;
import dev.boxoffice.bench.load.StepRecorder;
import dev.boxoffice.bench.measure.Bench;
import dev.boxoffice.bench.measure.Buckets;
import dev.boxoffice.bench.measure.RisingSteps;
import dev.boxoffice.bench.measure.StepResult;
import dev.boxoffice.bench.measure.SteppedResult;
import dev.boxoffice.bench.scenario.holds.HoldsResult.Buyers;
import dev.boxoffice.bench.scenario.holds.HoldsResult.Lag;
import io.vertx.core.http.HttpMethod;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.UUID;

/**
 * Buyers arriving at rising rates (open model): each holds a few seats together, and after a pause confirms them
 * (two writes), or never does, and the hold expires (one write, and the service's release). Each step books fresh
 * shows, created before it, with seats handed out in turn so that buyers rarely want the same seat: the measure is
 * of holds and confirmations, not of refusals.
 */
final class HoldBuyers {

    static final String EXPIRY_LAG = "boxoffice_holds_expiry_lag_seconds";
    private static final int SEATS_PER_SHOW = 1_000;

    private final Bench bench;
    private final String baseUrl;
    private final HoldsOptions options;
    private final List<Buyers> buyers = new ArrayList<>();

    HoldBuyers(Bench bench, String baseUrl, HoldsOptions options) {
        this.bench = bench;
        this.baseUrl = baseUrl;
        this.options = options;
    }

    /** Requests per buyer on average: the hold, and the confirmation of those who confirm. */
    static double requestsPerBuyer(HoldsOptions options) {
        return 1 + (100 - options.expirePercent()) / 100;
    }

    SteppedResult run(LoadClient client) {
        return RisingSteps.run(bench, "holds", options.rates(), "buyers arriving per second, each holding "
                + options.seatsPerHold() + " seats for " + options.ttlSeconds() + " s, then confirming them "
                + Math.round(options.thinkMs()) + " ms later (" + Math.round(100 - options.expirePercent()) + " %) or letting"
                + " the hold expire", (label, rate, seconds) -> step(client, label, label.equals(RisingSteps.WARMUP), rate, seconds));
    }

    /** Warms a freshly started service up with buyers at the scenario's warm-up rate; not counted among the steps. */
    StepResult warmUp(LoadClient client, String label) {
        return step(client, label, true, 0, bench.warmupSeconds());
    }

    List<Buyers> buyers() {
        return List.copyOf(buyers);
    }

    /** {@code rate}: buyers per second; a warm-up runs at the scenario's own rate, in case its service starts cold. */
    private StepResult step(LoadClient client, String label, boolean warmup, double rate, double seconds) {
        double perSecond = warmup ? options.warmupRate() / requestsPerBuyer(options) : rate;
        int showCount = (int) Math.ceil(perSecond * seconds * 1.5 * options.seatsPerHold() / SEATS_PER_SHOW) + 1;
        Seats seats = new Seats(ShowsApi.createShowsNow(baseUrl, showCount, SEATS_PER_SHOW), options.seatsPerHold());
        Buckets lagBefore = ServiceMetrics.buckets(baseUrl, EXPIRY_LAG);
        long[] counts = new long[3]; // held, refused, confirmed: counted on the generator's event loop
        SplittableRandom random = new SplittableRandom();
        StepResult step = bench.step("holds", label, perSecond, bench.steps().connections(), seconds,
                recorder -> OpenLoop.start(bench.vertx(), perSecond, recorder,
                        intended -> buy(client, recorder, seats, random.nextDouble() * 100 < options.expirePercent(),
                                counts, intended)));
        Lag lag = Lag.of(ServiceMetrics.buckets(baseUrl, EXPIRY_LAG).since(lagBefore));
        if (!warmup) {
            buyers.add(new Buyers(label, perSecond, counts[0], counts[1], counts[2], lag));
        }
        return step;
    }

    private void buy(LoadClient client, StepRecorder recorder, Seats seats, boolean abandons, long[] counts, long intended) {
        Seats.Block block = seats.next();
        client.send(HttpMethod.POST, ShowsApi.holds(block.show()), ShowsApi.hold(block.first(), options.seatsPerHold(),
                options.ttlSeconds()), intended, recorder, true, reply -> {
                    if (reply.status() == 201 && reply.location() != null) {
                        counts[0]++;
                        if (!abandons) {
                            confirmLater(client, recorder, URI.create(reply.location()).getRawPath(), counts);
                        }
                    } else if (reply.status() == 409) {
                        counts[1]++;
                    }
                });
    }

    /** The buyer pays, then confirms; a step that ended meanwhile sends nothing more, and that hold expires. */
    private void confirmLater(LoadClient client, StepRecorder recorder, String holdPath, long[] counts) {
        long due = System.nanoTime() + (long) (options.thinkMs() * 1e6);
        client.vertx().setTimer(Math.max(1, (long) options.thinkMs()), t -> {
            if (!recorder.closing()) {
                client.send(HttpMethod.POST, ShowsApi.confirm(holdPath), null, due, recorder, false, (Reply reply) -> {
                    if (reply.isSuccess()) {
                        counts[2]++;
                    }
                });
            }
        });
    }

    /** The shows of a step, and their seats handed out a block at a time, round the shows in turn. */
    private static final class Seats {
        record Block(UUID show, int first) {
        }

        private final List<UUID> shows;
        private final int perHold;
        private long handedOut;

        Seats(List<UUID> shows, int perHold) {
            this.shows = shows;
            this.perHold = perHold;
        }

        /** The next block; past the last one they wrap round, and the service refuses seats taken (409). */
        Block next() {
            long n = handedOut++;
            int blocksPerShow = SEATS_PER_SHOW / perHold;
            return new Block(shows.get((int) (n % shows.size())), (int) (n / shows.size() % blocksPerShow) * perHold);
        }
    }
}
