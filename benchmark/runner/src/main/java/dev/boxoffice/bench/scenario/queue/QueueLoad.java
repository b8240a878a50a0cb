package dev.boxoffice.bench.scenario.queue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.boxoffice.bench.client.ShowsApi;
import dev.boxoffice.bench.load.ArrivalSchedule;
import dev.boxoffice.bench.load.OpenLoop;
import dev.boxoffice.bench.load.StepRecorder;
import dev.boxoffice.bench.measure.Bench;
import dev.boxoffice.bench.measure.StepResult;
import dev.boxoffice.bench.report.Format;
import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
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

    private static final int CONNECTIONS = 256;
    /** Few enough that a node under a small quota serves them without refusing (32 made one of 0.25 core refuse). */
    private static final int CAPACITY_BUYERS = 8;
    /** A room admits buyers for this many seconds of its rate at once: they buy in milliseconds, but learn late. */
    private static final int ACTIVE_SECONDS = 15;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Bench bench;
    private final String baseUrl;
    private final QueueOptions options;

    QueueLoad(Bench bench, String baseUrl, QueueOptions options) {
        this.bench = bench;
        this.baseUrl = baseUrl;
        this.options = options;
    }

    QueueResult run() {
        URI base = URI.create(baseUrl);
        HttpClient client = bench.vertx().createHttpClient(new HttpClientOptions().setDefaultHost(base.getHost())
                .setDefaultPort(base.getPort()).setKeepAlive(true), new PoolOptions().setHttp1MaxSize(CONNECTIONS)
                .setMaxWaitQueueSize(-1));
        try {
            QueueResult.Capacity capacity = capacity(client);
            return new QueueResult(capacity, crowd(client, capacity.purchasesPerSecond()));
        } finally {
            client.close();
        }
    }

    /** After a warm-up of the same purchases (--warmup-seconds): a cold JVM under a quota buys many times slower. */
    private QueueResult.Capacity capacity(HttpClient client) {
        List<UUID> shows = ShowsApi.createShowsNow(baseUrl, options.shows(), options.seats());
        if (bench.warmupSeconds() > 0) {
            purchases(client, "warm-up: purchases without a waiting room", bench.warmupSeconds(),
                    ShowsApi.createShowsNow(baseUrl, options.shows(), options.seats()), new LongAdder());
        }
        LongAdder purchases = new LongAdder();
        StepResult answers = purchases(client, "purchases without a waiting room", options.capacitySeconds(), shows, purchases);
        return new QueueResult.Capacity(purchases.sum(), purchases.sum() / answers.seconds(), answers);
    }

    private StepResult purchases(HttpClient client, String label, double seconds, List<UUID> shows, LongAdder purchases) {
        return bench.step("queue", label, 0, CAPACITY_BUYERS, seconds, recorder -> {
            SplittableRandom random = new SplittableRandom();
            for (int buyer = 0; buyer < CAPACITY_BUYERS; buyer++) {
                buyAgain(client, recorder, shows, random.split(), purchases);
            }
        });
    }

    /** A buyer of the capacity step: a hold and its confirmation, then the next, until the step ends. */
    private void buyAgain(HttpClient client, StepRecorder recorder, List<UUID> shows, SplittableRandom random,
            LongAdder purchases) {
        if (recorder.closing()) {
            return;
        }
        UUID show = shows.get(random.nextInt(shows.size()));
        Buffer seat = Buffer.buffer("{\"seats\":[" + random.nextInt(options.seats()) + "],\"ttlSeconds\":600}");
        long sent = System.nanoTime();
        recorder.sent();
        client.request(new RequestOptions().setMethod(HttpMethod.POST).setURI("/shows/" + show + "/holds")
                        .putHeader("Content-Type", "application/json").setTimeout(bench.steps().timeoutMs()))
                .compose(request -> request.send(seat))
                .compose(response -> response.body().map(body -> response))
                .compose(held -> {
                    recorder.answered(sent, held.statusCode(), held.statusCode() == 409);
                    if (held.statusCode() != 201) {
                        return Future.succeededFuture(held.statusCode());
                    }
                    long confirmSent = System.nanoTime();
                    recorder.sent();
                    String location = held.getHeader("Location");
                    return client.request(new RequestOptions().setMethod(HttpMethod.POST)
                                    .setURI(location.substring(location.indexOf("/shows/")) + "/confirm")
                                    .setTimeout(bench.steps().timeoutMs()))
                            .compose(request -> request.send())
                            .compose(response -> response.body().map(body -> response.statusCode()))
                            .onSuccess(status -> {
                                recorder.answered(confirmSent, status, false);
                                if (status == 200) {
                                    purchases.increment();
                                }
                            });
                })
                .onComplete(done -> {
                    if (done.failed()) {
                        recorder.failed(sent, false);
                    }
                    buyAgain(client, recorder, shows, random, purchases);
                });
    }

    private QueueResult.Crowd crowd(HttpClient client, double capacity) {
        int admitPerSecond = (int) Math.max(1, Math.round(capacity / options.shows()));
        int maxActive = Math.max(10, admitPerSecond * ACTIVE_SECONDS);
        List<UUID> shows = new ArrayList<>();
        for (int i = 0; i < options.shows(); i++) {
            UUID show = UUID.randomUUID();
            ShowsApi.createShowWithWaitingRoomNow(baseUrl, show, options.seats(), admitPerSecond, maxActive);
            shows.add(show);
        }
        double rate = options.factor() * capacity;
        ConcurrentLinkedQueue<QueueBuyer.Outcome> outcomes = new ConcurrentLinkedQueue<>();
        AtomicInteger active = new AtomicInteger();
        Map<UUID, Integer> maxSeen = new ConcurrentHashMap<>();
        long[] startNanos = {0};
        long[] sampler = {-1};
        String label = Format.num(rate, 0) + " buyers/s for " + Format.num(options.seconds(), 0) + " s, "
                + Format.num(options.factor(), 0) + "x the capacity, through the waiting rooms";
        StepResult answers = bench.step("queue", label, rate, CONNECTIONS, options.seconds() + options.maxDrainSeconds(),
                recorder -> {
                    startNanos[0] = System.nanoTime();
                    SplittableRandom random = new SplittableRandom();
                    sampler[0] = bench.vertx().setPeriodic(500, t -> sample(client, shows, maxSeen));
                    var schedule = new ArrivalSchedule(List.of(new ArrivalSchedule.Phase("crowd", rate, options.seconds())));
                    OpenLoop.start(bench.vertx(), schedule, recorder, arrived -> {
                        active.incrementAndGet();
                        new QueueBuyer(bench.vertx(), client, recorder, shows.get(random.nextInt(shows.size())),
                                options.seats(), arrived, random.split(), bench.steps().timeoutMs(), outcome -> {
                                    outcomes.add(outcome);
                                    active.decrementAndGet();
                                }).start();
                    });
                },
                () -> System.nanoTime() - startNanos[0] > options.seconds() * 1e9 && active.get() == 0);
        bench.vertx().cancelTimer(sampler[0]);
        return QueueOutcomes.of(outcomes, startNanos[0], rate, options.shows(), admitPerSecond, maxActive,
                maxSeen.values().stream().mapToInt(Integer::intValue).max().orElse(0), active.get(), answers);
    }

    /** The buyers each room has admitted now, kept at their most. */
    private static void sample(HttpClient client, List<UUID> shows, Map<UUID, Integer> maxSeen) {
        for (UUID show : shows) {
            client.request(HttpMethod.GET, "/shows/" + show + "/queue")
                    .compose(request -> request.send())
                    .compose(response -> response.body())
                    .onSuccess(body -> {
                        try {
                            int admitted = JSON.readTree(body.getBytes()).path("admittedNow").asInt();
                            maxSeen.merge(show, admitted, Math::max);
                        } catch (IOException e) {
                            // a refusal's body: nothing to read
                        }
                    });
        }
    }
}
