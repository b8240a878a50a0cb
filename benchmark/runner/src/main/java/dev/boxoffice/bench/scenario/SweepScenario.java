package dev.boxoffice.bench.scenario;

import dev.boxoffice.bench.load.ClosedLoop;
import dev.boxoffice.bench.load.LoadClient;
import dev.boxoffice.bench.result.StepResult;
import dev.boxoffice.bench.result.SweepResult;
import io.vertx.core.http.HttpMethod;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The concurrency sweep of "Quarkus Runtime Performance", closed loop: at each connection count every connection sends its next request
 * as soon as the last one is answered. Read: {@code GET /shows/{id}}. Write: each connection owns a show and
 * alternately reserves and cancels its seats, so every request appends one event and none conflicts.
 */
public final class SweepScenario {

    private static final int SEATS = 100;

    private final Bench bench;
    private final String baseUrl;

    public SweepScenario(Bench bench, String baseUrl) {
        this.bench = bench;
        this.baseUrl = baseUrl;
    }

    public SweepResult run() {
        List<Integer> levels = bench.options().sweep().connections();
        int maxLevel = levels.stream().mapToInt(Integer::intValue).max().orElseThrow();
        List<UUID> shows = new ArrayList<>();
        for (int i = 0; i < maxLevel; i++) {
            UUID show = UUID.randomUUID();
            ShowsApi.createShowNow(baseUrl, show, SEATS);
            shows.add(show);
        }
        int[] nextSeat = new int[maxLevel];
        boolean[] holding = new boolean[maxLevel];
        double seconds = bench.options().sweep().seconds();
        List<StepResult> reads = new ArrayList<>();
        List<StepResult> writes = new ArrayList<>();
        for (int connections : levels) {
            try (LoadClient client = bench.client(baseUrl, connections)) {
                reads.add(bench.step("sweep", "read " + connections + " conn", Double.NaN, connections, seconds,
                        recorder -> ClosedLoop.start(connections, recorder, (worker, intended, next) ->
                                client.send(HttpMethod.GET, ShowsApi.show(shows.get(worker)), null, intended, recorder, false,
                                        reply -> next.run()))));
                writes.add(bench.step("sweep", "write " + connections + " conn", Double.NaN, connections, seconds,
                        recorder -> ClosedLoop.start(connections, recorder, (worker, intended, next) -> {
                            // Reserve seat n, cancel it, move on to seat n + 1: always a valid command, one event each.
                            boolean cancel = holding[worker];
                            int seat = nextSeat[worker];
                            client.send(HttpMethod.PATCH, ShowsApi.seat(shows.get(worker), seat),
                                    cancel ? ShowsApi.CANCEL : ShowsApi.RESERVE, intended, recorder, false, reply -> {
                                        if (reply.isSuccess()) {
                                            holding[worker] = !cancel;
                                            nextSeat[worker] = cancel ? (seat + 1) % SEATS : seat;
                                        }
                                        next.run();
                                    });
                        })));
            }
        }
        return new SweepResult(reads, writes);
    }
}
