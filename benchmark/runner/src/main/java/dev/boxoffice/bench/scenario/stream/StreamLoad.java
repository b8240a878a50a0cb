package dev.boxoffice.bench.scenario.stream;

import dev.boxoffice.bench.client.ServiceMetrics;
import dev.boxoffice.bench.client.ShowsApi;
import dev.boxoffice.bench.load.Latency;
import dev.boxoffice.bench.load.LoadClient;
import dev.boxoffice.bench.load.OpenLoop;
import dev.boxoffice.bench.load.SeatOrder;
import dev.boxoffice.bench.measure.Bench;
import dev.boxoffice.bench.measure.StepResult;
import dev.boxoffice.bench.report.Format;
import dev.boxoffice.bench.system.JavaService;
import io.vertx.core.http.HttpMethod;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * Many browsers on one show's seat map while its seats sell: {@code viewers} streams opened on one show of 10,000
 * seats (the service's heap read after a full GC before and after), then a warm-up step and steps of reservations of random free
 * seats at rising rates, each of which every stream must receive: the delivery latency of each, and every delivery counted.
 */
record StreamLoad(Bench bench, String baseUrl, long servicePid, StreamOptions options) {

    static final int SEATS = 10_000;
    private static final int OPENED_PER_SECOND = 1_000;
    private static final long DRAIN_MILLIS = 2_000;
    /** The warm-up step lasts --warmup-seconds, at most this long: the stream path is small, and compiled by then. */
    static final double MAX_WARMUP_SECONDS = 10;

    StreamResult run() {
        UUID show = UUID.randomUUID();
        ShowsApi.createShowNow(baseUrl, show, SEATS);
        double heapBefore = heapMiB();
        try (Viewers viewers = new Viewers(bench.vertx(), URI.create(baseUrl), options.viewers())) {
            viewers.open("/shows/" + show + "/stream", options.viewers(), OPENED_PER_SECOND, bench.vertx())
                    .toCompletionStage().toCompletableFuture().orTimeout(120, TimeUnit.SECONDS).join();
            bench.progress().info("stream: " + viewers.opened() + " streams open; " + viewers.refused()
                    + " refusals on the way, " + viewers.failed() + " never began");
            double heapOpen = heapMiB();
            Map<String, Double> metrics = ServiceMetrics.values(baseUrl);
            List<StreamResult.Step> steps = new ArrayList<>();
            int[] order = SeatOrder.shuffled(SEATS, new SplittableRandom());
            AtomicInteger next = new AtomicInteger();
            List<Double> rates = new ArrayList<>(options.rates());
            rates.add(0, rates.get(0)); // a warm-up step first: the stream path's first seconds run while the JIT compiles it
            for (int i = 0; i < rates.size(); i++) {
                viewers.deliveries(); // from here on
                long deliveredBefore = viewers.delivered();
                LongAdder changes = new LongAdder();
                StepResult reservations = reserve(show, rates.get(i), i == 0, order, next, changes);
                JavaService.sleep(DRAIN_MILLIS); // the last changes reach the streams
                steps.add(new StreamResult.Step(i == 0, changes.sum(), viewers.delivered() - deliveredBefore,
                        changes.sum() * viewers.opened(), Latency.ofMicros(viewers.deliveries()), reservations));
            }
            return new StreamResult(options.viewers(), viewers.opened(), viewers.refused(), viewers.failed(), viewers.ended(), heapBefore,
                    heapOpen, metrics.getOrDefault("boxoffice_streams_charged_bytes", Double.NaN) / (1024 * 1024),
                    metrics.getOrDefault("boxoffice_streams_budget_bytes", Double.NaN) / (1024 * 1024), steps);
        }
    }

    /** Reservations of the next seats of {@code order} at {@code rate}, each acknowledged one counted in {@code changes}. */
    private StepResult reserve(UUID show, double rate, boolean warmup, int[] order, AtomicInteger next,
            LongAdder changes) {
        int connections = Math.max(8, (int) Math.ceil(rate / 50));
        String label = (warmup ? "warm-up, " : "") + options.viewers() + " streams, " + Format.num(rate, 0) + " changes/s";
        try (LoadClient client = bench.client(baseUrl, connections)) {
            double seconds = warmup ? warmupSeconds(bench.warmupSeconds()) : options.seconds();
            return bench.step("stream", label, rate, connections, seconds, recorder -> OpenLoop.start(bench.vertx(), rate,
                    recorder, intended -> {
                        int seat = order[next.getAndIncrement() % SEATS];
                        client.send(HttpMethod.PATCH, ShowsApi.seat(show, seat), ShowsApi.RESERVE, intended, recorder, false,
                                reply -> {
                                    if (reply.isSuccess()) {
                                        changes.increment();
                                    }
                                });
                    }));
        }
    }

    static double warmupSeconds(double asked) {
        return Math.max(1, Math.min(MAX_WARMUP_SECONDS, asked));
    }

    private double heapMiB() {
        return ServiceMetrics.heapMiB(ServiceMetrics.afterFullCollection(baseUrl, servicePid, bench.progress()));
    }
}
