package dev.boxoffice.bench.scenario.onsale;

import dev.boxoffice.bench.client.Refusals;
import dev.boxoffice.bench.client.ShowsApi;
import dev.boxoffice.bench.load.Latency;
import dev.boxoffice.bench.load.OpenLoop;
import dev.boxoffice.bench.measure.Bench;
import dev.boxoffice.bench.measure.StepResult;
import dev.boxoffice.bench.report.Format;
import dev.boxoffice.bench.run.Edge;
import dev.boxoffice.bench.system.JavaService;
import dev.boxoffice.cluster.HaProxyStats;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Recorder;

/**
 * An on-sale crowd: buyers arriving at a constant rate (open model), each on a connection of its own, most of them
 * for a few hot shows, each retrying on every failure ({@link Buyer}); a step per rate and client type.
 *
 * @param baseUrl    where the buyers go: the service, or the edge in front of it
 * @param metricsUrl where the service's own counters are read
 * @param edge       the edge the buyers go through; null when they go straight to the service
 */
record OnsaleLoad(Bench bench, String baseUrl, String metricsUrl, Edge edge, OnsaleOptions options) {

    OnsaleResult run() {
        List<UUID> hot = ShowsApi.createShowsNow(baseUrl, options.hotShows(), options.seats());
        List<UUID> cold = ShowsApi.createShowsNow(baseUrl, options.coldShows(), options.seats());
        List<OnsaleResult.Step> steps = new ArrayList<>();
        for (double rate : options.rates()) {
            for (Buyer.Client client : Buyer.Client.values()) {
                steps.add(step(rate, client, hot, cold));
            }
        }
        return new OnsaleResult(steps);
    }

    private OnsaleResult.Step step(double rate, Buyer.Client client, List<UUID> hot, List<UUID> cold) {
        URI base = URI.create(baseUrl);
        SplittableRandom random = new SplittableRandom();
        Recorder completion = new Recorder(TimeUnit.MINUTES.toMicros(5), 3);
        LongAdder intents = new LongAdder();
        LongAdder completed = new LongAdder();
        LongAdder attempts = new LongAdder();
        LongAdder refusals = new LongAdder();
        LongAdder noAnswer = new LongAdder();
        AtomicInteger active = new AtomicInteger();
        Refusals refusedBefore = Refusals.read(metricsUrl);
        HaProxyStats edgeBefore = edge == null ? null : edge.stats();
        String label = Format.num(rate, 0) + " buyers/s, " + client.name().toLowerCase() + " clients"
                + (edge == null ? "" : ", through the edge");
        StepResult answers = bench.step("onsale", label, rate, 0, options.seconds(), recorder ->
                OpenLoop.start(bench.vertx(), rate, recorder, arrived -> {
                    intents.increment();
                    active.incrementAndGet();
                    boolean wantsHot = random.nextDouble() * 100 < options.hotPercent();
                    List<UUID> shows = wantsHot ? hot : cold;
                    new Buyer(bench.vertx(), base, bench.steps().timeoutMs(), recorder, client,
                            shows.get(random.nextInt(shows.size())), options.seats(), options.retries(), arrived,
                            random.split(), outcome -> {
                                active.decrementAndGet();
                                attempts.add(outcome.attempts());
                                refusals.add(outcome.refusals());
                                noAnswer.add(outcome.noAnswer());
                                if (outcome.completed()) {
                                    completed.increment();
                                    completion.recordValue(Math.min(TimeUnit.MINUTES.toMicros(5),
                                            outcome.completionNanos() / 1000));
                                }
                            }).start();
                }));
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(2L * bench.steps().timeoutMs() + 3000);
        while (active.get() > 0 && System.nanoTime() < deadline) { // polite buyers waiting to retry give up now
            JavaService.sleep(50);
        }
        // A crowd must not leave the service refusing or closing every connection once it has gone.
        double answeringAgain = ShowsApi.millisUntilAnswered(baseUrl, Duration.ofMinutes(1));
        Refusals refusedBy = Refusals.read(metricsUrl).since(refusedBefore);
        Latency completionLatency = Latency.ofMicros(completion.getIntervalHistogram());
        return new OnsaleResult.Step(client, intents.sum(), completed.sum(), attempts.sum(), refusals.sum(), noAnswer.sum(),
                completionLatency, answers, answeringAgain, refusedBy, edge == null ? null : edge.stats().minus(edgeBefore));
    }
}
