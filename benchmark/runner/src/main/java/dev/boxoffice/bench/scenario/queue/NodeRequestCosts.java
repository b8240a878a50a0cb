package dev.boxoffice.bench.scenario.queue;

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
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import java.util.function.IntSupplier;

/**
 * What each kind of request a crowd brings to the node costs it: the line service's gathered admissions, then the
 * admitted buyers' holds, then their confirmations, one kind per step at a fixed rate, each
 * net of what the node spends idle over as long (its timers, the line service's reads of the rooms' records). The
 * crowd's step gives the node's CPU per purchase; these give its parts. Buyers are admitted on shows of their own,
 * as many as the crowd's, whose rooms together call places at that rate.
 */
final class NodeRequestCosts {

    /** Admitted buyers whose purchase is still to come: an admission token, and then a hold's address. */
    private record Admitted(UUID show, String token, String holdPath) {
    }

    /** A kind's step ends once every request is settled, or this long after its last was due. */
    private static final double MAX_DRAIN_SECONDS = 60;
    /** The line service gathers a show's called tickets over 200 ms (its admission window). */
    private static final long BURST_MILLIS = 200;

    private final Bench bench;
    private final LoadClient client;
    private final String baseUrl;
    private final Edge edge;
    private final double rate;
    private final double seconds;
    private final int showCount;

    /** At {@code rate} a second over {@code shows} shows, as a crowd of that rate is spread. */
    NodeRequestCosts(Bench bench, LoadClient client, String baseUrl, Edge edge, double rate, double seconds, int shows) {
        this.showCount = shows;
        this.bench = bench;
        this.client = client;
        this.baseUrl = baseUrl;
        this.edge = edge;
        this.rate = rate;
        this.seconds = seconds;
    }

    QueueResult.NodeCosts measure() {
        bench.settle(); // under a quota, the JIT compiles what the crowd queued once the crowd has gone
        StepResult idle = bench.step("queue", "the node idle, for its requests' costs", 0, 0, seconds, recorder -> {
        });
        double idleCpuPerSecond = cpuSeconds(idle) / idle.seconds();
        int buyers = (int) Math.max(1, Math.round(rate * seconds));
        List<UUID> shows = new ArrayList<>();
        for (int i = 0; i < showCount; i++) {
            shows.add(UUID.randomUUID());
            ShowsApi.createShowWithWaitingRoomNow(baseUrl, shows.get(i), 2 * buyers / showCount + 10,
                    (int) Math.ceil(rate / showCount), buyers / showCount + 10);
        }
        String perSecond = Format.num(rate, 0) + "/s";
        Queue<Admitted> admitted = new ConcurrentLinkedQueue<>();
        QueueResult.NodeCost admissions = kind("node's costs: buyers admitted, " + perSecond, idleCpuPerSecond, buyers,
                (recorder, settled) -> admit(recorder, settled, shows, buyers, admitted), admitted::size);
        Queue<Admitted> held = new ConcurrentLinkedQueue<>();
        QueueResult.NodeCost holds = kind("node's costs: holds with admission tokens, " + perSecond, idleCpuPerSecond,
                admitted.size(), (recorder, settled) -> inBursts(recorder, admitted, buyer -> send(recorder, settled, buyer,
                        "/shows/" + buyer.show() + "/holds", 201, location -> held.add(
                                new Admitted(buyer.show(), buyer.token(), location.substring(location.indexOf("/shows/")))))),
                held::size);
        LongAdder confirmed = new LongAdder();
        QueueResult.NodeCost confirmations = kind("node's costs: confirmations, " + perSecond, idleCpuPerSecond,
                held.size(), (recorder, settled) -> inBursts(recorder, held, buyer -> send(recorder, settled, buyer,
                        buyer.holdPath() + "/confirm", 200, location -> confirmed.increment())),
                confirmed::intValue);
        return new QueueResult.NodeCosts(rate, idleCpuPerSecond * 1000, admissions, holds, confirmations);
    }

    /** Starts a step's requests; each request or buyer, once settled (done, refused or failed), adds one to the count. */
    @FunctionalInterface
    private interface Load {
        void start(StepRecorder recorder, AtomicInteger settled);
    }

    /** A step of one kind, lasting until all {@code expected} are settled; its CPU net of idle over those done. */
    private QueueResult.NodeCost kind(String label, double idleCpuPerSecond, int expected, Load load, IntSupplier done) {
        bench.settle();
        HaProxyStats before = edge.stats();
        AtomicInteger settled = new AtomicInteger();
        StepResult step = bench.step("queue", label, rate, 0, expected / rate + MAX_DRAIN_SECONDS,
                recorder -> load.start(recorder, settled), () -> settled.get() >= expected);
        long nodeRequests = edge.stats().minus(before).fromNodes();
        int count = done.getAsInt();
        double netCpuSeconds = cpuSeconds(step) - idleCpuPerSecond * step.seconds();
        return new QueueResult.NodeCost(count, nodeRequests, count == 0 ? Double.NaN : netCpuSeconds * 1e6 / count, step);
    }

    /** Buyers joining at the rate, each stopping once admitted, as the room calls its place. */
    private void admit(StepRecorder recorder, AtomicInteger settled, List<UUID> shows, int buyers, Queue<Admitted> admitted) {
        AtomicInteger arrivals = new AtomicInteger();
        var schedule = new ArrivalSchedule(List.of(new ArrivalSchedule.Phase("admissions", rate, buyers / rate)));
        OpenLoop.start(bench.vertx(), schedule, recorder, arrived -> {
            int arrival = arrivals.incrementAndGet();
            if (arrival <= buyers) {
                UUID show = shows.get(arrival % shows.size());
                new QueueBuyer(client, recorder, show, arrived, token -> admitted.add(new Admitted(show, token, null)), outcome -> settled.incrementAndGet()).start();
            }
        });
    }

    /**
     * Buyers of {@code from} at the rate, in a burst every {@value #BURST_MILLIS} ms, until there is none left: as a
     * crowd's admitted buyers come, since the line service answers the called tickets' polls together. Spread evenly
     * instead, each request would be an append and a read models' page of its own, which the crowd's are not.
     */
    private void inBursts(StepRecorder recorder, Queue<Admitted> from, Consumer<Admitted> request) {
        double perBurst = rate * BURST_MILLIS / 1000.0;
        double[] owed = {0};
        bench.vertx().setPeriodic(BURST_MILLIS, timer -> {
            if (recorder.closing() || from.isEmpty()) {
                bench.vertx().cancelTimer(timer);
                return;
            }
            owed[0] += perBurst;
            for (Admitted buyer = from.peek(); owed[0] >= 1 && buyer != null; buyer = from.peek()) {
                owed[0]--;
                request.accept(from.poll());
            }
        });
    }

    /**
     * Sends a buyer's request; a refusal (503, 429: nothing was done) is sent again after its Retry-After, as the
     * crowd's buyers do, so that every admitted buyer ends with a hold and a confirmation. The buyer is settled once
     * answered otherwise, failed, or refused as the step closes.
     */
    private void send(StepRecorder recorder, AtomicInteger settled, Admitted buyer, String path, int expected,
            Consumer<String> answered) {
        Request request = (buyer.holdPath() == null ? Request.post(path, QueueLoad.HOLD_BEST_SEAT) : Request.post(path, null))
                .with("Admission-Token", buyer.token());
        client.send(request, System.nanoTime(), recorder, true).onSuccess(reply -> {
            if (reply.status() == 503 || reply.status() == 429) {
                client.later(reply.retryAfterSeconds() * 1000, recorder, () -> {
                    if (recorder.closing()) {
                        settled.incrementAndGet();
                    } else {
                        send(recorder, settled, buyer, path, expected, answered);
                    }
                });
                return;
            }
            if (reply.status() == expected) {
                answered.accept(reply.location());
            }
            settled.incrementAndGet();
        });
    }

    private static double cpuSeconds(StepResult step) {
        return step.cpu().service() / 100 * step.seconds();
    }
}
