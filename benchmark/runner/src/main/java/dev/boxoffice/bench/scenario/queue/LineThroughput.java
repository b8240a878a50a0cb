package dev.boxoffice.bench.scenario.queue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.boxoffice.bench.client.ShowsApi;
import dev.boxoffice.bench.load.LoadClient;
import dev.boxoffice.bench.load.Request;
import dev.boxoffice.bench.load.StepRecorder;
import dev.boxoffice.bench.measure.Bench;
import dev.boxoffice.bench.measure.StepResult;
import dev.boxoffice.bench.system.Cpus;
import dev.boxoffice.cluster.ServiceNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * One line service at its throughput: joins, then polls of the tickets they got, sent straight to it by a fixed number
 * of clients as fast as it answers, each after a warm-up of the same; its CPU per join and per poll from /proc over
 * each step. In a crowd a line service answers a few hundred requests a second, and its CPU there is mostly the cost
 * of running at all (its JIT, its timers, its reads of the rooms' records): this is what a request costs it.
 */
record LineThroughput(Bench bench, ServiceNode line, String nodeUrl, double seconds) {

    /** Enough to keep one event loop busy between answers; as many as the edge's wrk figure was measured with, twice. */
    private static final int CLIENTS = 64;
    /** The tickets polled in turn: each one a ticket that waits, far behind the places called. */
    private static final int TICKETS_POLLED = 10_000;
    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * On a show of its own whose room admits one buyer a second, so that every ticket polled waits: a poll is answered
     * from the room's record in memory, as a waiting buyer's is.
     */
    QueueResult.LineAlone measure() {
        UUID show = UUID.randomUUID();
        ShowsApi.createShowWithWaitingRoomNow(nodeUrl, show, 100, 1, 10);
        try (LoadClient client = bench.client(line.baseUrl(), CLIENTS)) {
            double rssBefore = Cpus.rssMiB(line.pid());
            List<String> tickets = Collections.synchronizedList(new ArrayList<>());
            step(client, "warm-up: joins straight to a line service", show, null, new LongAdder(), tickets);
            tickets.clear(); // the warm-up's first tickets are called soon; those joined after wait for hours
            Measured joins = measured(client, "joins straight to a line service", show, null, tickets);
            List<String> polled = List.copyOf(tickets);
            if (polled.isEmpty()) {
                throw new IllegalStateException("the line service at " + line.baseUrl() + " answered no join with 201: see "
                        + line.log());
            }
            step(client, "warm-up: polls straight to a line service", show, polled, new LongAdder(), null);
            Measured polls = measured(client, "polls straight to a line service", show, polled, null);
            return new QueueResult.LineAlone(joins.perSecond(), joins.cpuMicrosEach(), polls.perSecond(),
                    polls.cpuMicrosEach(), joins.answered() + polls.answered(), rssBefore, Cpus.rssMiB(line.pid()), joins.step(),
                    polls.step());
        }
    }

    private record Measured(long answered, double perSecond, double cpuMicrosEach, StepResult step) {
    }

    private Measured measured(LoadClient client, String label, UUID show, List<String> polled, List<String> tickets) {
        LongAdder answered = new LongAdder();
        double cpuBefore = Cpus.cpuSeconds(line.pid());
        StepResult step = step(client, label, show, polled, answered, tickets);
        double cpu = Cpus.cpuSeconds(line.pid()) - cpuBefore;
        long count = answered.sum();
        return new Measured(count, count / step.seconds(), count == 0 ? Double.NaN : 1e6 * cpu / count, step);
    }

    /** Joins (polled null), or polls of {@code polled} in turn; answered counts the line's 201s or 200s. */
    private StepResult step(LoadClient client, String label, UUID show, List<String> polled, LongAdder answered,
            List<String> tickets) {
        AtomicLong next = new AtomicLong();
        return bench.step("queue", label, 0, CLIENTS, seconds, recorder -> {
            for (int i = 0; i < CLIENTS; i++) {
                again(client, recorder, show, polled, next, answered, tickets);
            }
        });
    }

    private void again(LoadClient client, StepRecorder recorder, UUID show, List<String> polled, AtomicLong next,
            LongAdder answered, List<String> tickets) {
        if (recorder.closing()) {
            return;
        }
        boolean join = polled == null;
        Request request = join ? Request.post("/shows/" + show + "/queue", null)
                : Request.get("/shows/" + show + "/queue/" + polled.get((int) (next.getAndIncrement() % polled.size())));
        client.send(request, System.nanoTime(), recorder, false).onSuccess(reply -> {
            if (reply.status() == (join ? 201 : 200)) {
                answered.increment();
                if (tickets != null && tickets.size() < TICKETS_POLLED) {
                    tickets.add(ticketOf(reply.body().getBytes()));
                }
            }
            again(client, recorder, show, polled, next, answered, tickets);
        });
    }

    private static String ticketOf(byte[] body) {
        try {
            return JSON.readTree(body).get("ticket").asText();
        } catch (IOException e) {
            throw new IllegalStateException("a join's answer without a ticket", e);
        }
    }
}
