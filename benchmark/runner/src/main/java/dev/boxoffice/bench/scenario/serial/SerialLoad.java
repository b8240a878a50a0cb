package dev.boxoffice.bench.scenario.serial;

import dev.boxoffice.bench.client.ServiceMetrics;
import dev.boxoffice.bench.client.ShowsApi;
import dev.boxoffice.bench.load.LoadClient;
import dev.boxoffice.bench.load.OpenLoop;
import dev.boxoffice.bench.load.SeatOrder;
import dev.boxoffice.bench.load.StepRecorder;
import dev.boxoffice.bench.measure.Bench;
import dev.boxoffice.bench.measure.RisingSteps;
import dev.boxoffice.bench.measure.StepResult;
import dev.boxoffice.bench.measure.SteppedResult;
import io.vertx.core.http.HttpMethod;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The serial reservation of "Reactive Event Sourcing benchmarks, part 1: PostgreSQL": each user creates a show with
 * {@code seats} seats, then reserves all of them one by one in random order, each request right after the previous
 * answer. Users arrive at a constant rate (open model), so a step offering R requests per second starts
 * R / (seats + 1) users per second.
 */
public final class SerialLoad {

    /**
     * The read-model lag is read from {@code /q/metrics} after every step, a request the load never sends. The
     * warm-up reads it every few seconds too, so that the service's JIT has compiled that request (and the
     * connection stays open) before the steps: otherwise each step began with the JIT discarding compiled HTTP code
     * (docs/performance.md, "Stalls at the start of a step").
     */
    private static final long SCRAPE_SECONDS = 5;

    private final Bench bench;
    private final String baseUrl;
    private final SerialOptions options;
    private final boolean keyed;

    public SerialLoad(Bench bench, String baseUrl, SerialOptions options) {
        this(bench, baseUrl, options, false);
    }

    /** {@code keyed}: every request carries an Idempotency-Key of its own, as a client that may retry sends it. */
    public SerialLoad(Bench bench, String baseUrl, SerialOptions options, boolean keyed) {
        this.bench = bench;
        this.baseUrl = baseUrl;
        this.options = options;
        this.keyed = keyed;
    }

    /** The rising steps up to the capacity. */
    public SteppedResult run(String scenario) {
        try (LoadClient client = bench.client(baseUrl, bench.steps().connections())) {
            return RisingSteps.run(bench, scenario, options.rates(), "each user creates a show with " + options.seats()
                    + " seats, then reserves them one by one in random order" + (keyed ? ", each request under an Idempotency-Key" : ""),
                    (label, rate, seconds) -> step(client, scenario, label, rate, seconds, () -> { }));
        }
    }

    /** One step of this load, recorded under {@code scenario}. */
    public StepResult measure(String scenario, String label, double rate, double seconds) {
        return measure(scenario, label, rate, seconds, () -> { });
    }

    /**
     * The same, running {@code atStart} as the step starts, once its connections are open: the failover scenario
     * times the kill of a node from there.
     */
    public StepResult measure(String scenario, String label, double rate, double seconds, Runnable atStart) {
        try (LoadClient client = bench.client(baseUrl, bench.steps().connections())) {
            return step(client, scenario, label, rate, seconds, atStart);
        }
    }

    private StepResult step(LoadClient client, String scenario, String label, double rate, double seconds,
            Runnable atStart) {
        double usersPerSecond = rate / (options.seats() + 1);
        SplittableRandom random = new SplittableRandom();
        ScheduledExecutorService scrapes = label.equals(RisingSteps.WARMUP) ? scrapeMetricsRegularly() : null;
        try {
            StepResult step = bench.step(scenario, label, rate, bench.steps().connections(), seconds,
                    recorder -> {
                        atStart.run();
                        OpenLoop.start(bench.vertx(), usersPerSecond, recorder,
                                intended -> new User(client, recorder, options.seats(), keyed, random.split()).start(intended));
                    });
            return step.withReadModelLag(ServiceMetrics.readModelLag(baseUrl));
        } finally {
            if (scrapes != null) {
                scrapes.shutdownNow();
            }
        }
    }

    private ScheduledExecutorService scrapeMetricsRegularly() {
        ScheduledExecutorService scrapes = Executors.newSingleThreadScheduledExecutor();
        scrapes.scheduleWithFixedDelay(() -> ServiceMetrics.readModelLag(baseUrl), 1, SCRAPE_SECONDS, TimeUnit.SECONDS);
        return scrapes;
    }

    /** One virtual user; all its callbacks run on the generator's event loop. */
    private static final class User {
        private final LoadClient client;
        private final StepRecorder recorder;
        private final UUID showId = UUID.randomUUID();
        private final int[] seatOrder;
        private final boolean keyed;
        private int next;

        User(LoadClient client, StepRecorder recorder, int seats, boolean keyed, SplittableRandom random) {
            this.client = client;
            this.recorder = recorder;
            this.keyed = keyed;
            this.seatOrder = SeatOrder.shuffled(seats, random);
        }

        /** A key per request: the show's id, unique, and the request's place in the user's sequence. */
        private String key(int request) {
            return keyed ? showId + "/" + request : null;
        }

        void start(long intendedNanos) {
            client.send(HttpMethod.POST, "/shows", ShowsApi.createShow(showId, seatOrder.length), key(-1), intendedNanos,
                    recorder, false, reply -> {
                        if (reply.isSuccess()) {
                            reserveNext(System.nanoTime());
                        }
                    });
        }

        private void reserveNext(long intendedNanos) {
            if (next == seatOrder.length || recorder.closing()) {
                return;
            }
            client.send(HttpMethod.PATCH, ShowsApi.seat(showId, seatOrder[next]), ShowsApi.RESERVE, key(next++),
                    intendedNanos, recorder, false, reply -> {
                        if (reply.isSuccess()) {
                            reserveNext(System.nanoTime());
                        }
                    });
        }
    }
}
