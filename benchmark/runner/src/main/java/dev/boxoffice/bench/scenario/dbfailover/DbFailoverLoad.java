package dev.boxoffice.bench.scenario.dbfailover;

import dev.boxoffice.bench.client.ShowsApi;
import dev.boxoffice.bench.load.ArrivalSchedule;
import dev.boxoffice.bench.load.LoadClient;
import dev.boxoffice.bench.load.OpenLoop;
import dev.boxoffice.bench.load.Request;
import dev.boxoffice.bench.load.StepRecorder;
import dev.boxoffice.bench.measure.Bench;
import dev.boxoffice.bench.measure.StepResult;
import io.vertx.core.http.HttpMethod;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Reservations at a constant rate (open model), each of a seat no other request asks for, each with a correlation id
 * of its own ({@code show/seat}), so that what the clients were told can be checked against the log afterwards. A
 * request that fails is not sent again: its seat's fate is unknown to its client.
 */
final class DbFailoverLoad {

    private static final int SEATS_PER_SHOW = 5_000;
    private static final int CONNECTIONS = 256;

    private final Bench bench;
    private final String baseUrl;
    private final List<UUID> shows;
    private final AtomicLong next = new AtomicLong();
    final Set<String> acknowledged = ConcurrentHashMap.newKeySet();

    DbFailoverLoad(Bench bench, String baseUrl, double rate, double seconds) {
        this.bench = bench;
        this.baseUrl = baseUrl;
        this.shows = ShowsApi.createShowsNow(baseUrl, (int) Math.ceil(rate * seconds / SEATS_PER_SHOW) + 1, SEATS_PER_SHOW);
    }

    /** The step; {@code events} is run as it starts (it schedules the kill and the switchover). */
    StepResult run(String label, double rate, double seconds, Runnable events) {
        try (LoadClient client = bench.client(baseUrl, CONNECTIONS)) {
            return bench.step("dbfailover", label, rate, CONNECTIONS, seconds, recorder -> {
                OpenLoop.start(bench.vertx(), new ArrivalSchedule(List.of(new ArrivalSchedule.Phase("reservations", rate, seconds))),
                        recorder, intended -> reserve(client, recorder, intended));
                events.run();
            });
        }
    }

    private void reserve(LoadClient client, StepRecorder recorder, long intendedNanos) {
        long n = next.getAndIncrement();
        UUID show = shows.get((int) (n / SEATS_PER_SHOW));
        int seat = (int) (n % SEATS_PER_SHOW);
        String correlationId = show + "/" + seat;
        client.send(Request.of(HttpMethod.PATCH, ShowsApi.seat(show, seat), ShowsApi.RESERVE)
                .with("X-Correlation-Id", correlationId), intendedNanos, recorder, false).onSuccess(reply -> {
                    if (reply.status() == 200) {
                        acknowledged.add(correlationId);
                    }
                });
    }
}
