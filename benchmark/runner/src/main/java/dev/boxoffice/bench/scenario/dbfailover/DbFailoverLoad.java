package dev.boxoffice.bench.scenario.dbfailover;

import dev.boxoffice.bench.client.ShowsApi;
import dev.boxoffice.bench.load.ArrivalSchedule;
import dev.boxoffice.bench.load.OpenLoop;
import dev.boxoffice.bench.load.StepRecorder;
import dev.boxoffice.bench.measure.Bench;
import dev.boxoffice.bench.measure.StepResult;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
import java.net.URI;
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
        URI base = URI.create(baseUrl);
        HttpClient client = bench.vertx().createHttpClient(new HttpClientOptions().setDefaultHost(base.getHost())
                .setDefaultPort(base.getPort()).setKeepAlive(true), new PoolOptions().setHttp1MaxSize(CONNECTIONS));
        try {
            return bench.step("dbfailover", label, rate, CONNECTIONS, seconds, recorder -> {
                OpenLoop.start(bench.vertx(), new ArrivalSchedule(List.of(new ArrivalSchedule.Phase("reservations", rate, seconds))),
                        recorder, intended -> reserve(client, recorder, intended));
                events.run();
            });
        } finally {
            client.close();
        }
    }

    private void reserve(HttpClient client, StepRecorder recorder, long intendedNanos) {
        long n = next.getAndIncrement();
        UUID show = shows.get((int) (n / SEATS_PER_SHOW));
        int seat = (int) (n % SEATS_PER_SHOW);
        String correlationId = show + "/" + seat;
        recorder.sent();
        client.request(new RequestOptions().setMethod(HttpMethod.PATCH).setURI(ShowsApi.seat(show, seat))
                        .putHeader("Content-Type", "application/json").putHeader("X-Correlation-Id", correlationId)
                        .setTimeout(bench.steps().timeoutMs()))
                .compose(request -> request.send(ShowsApi.RESERVE))
                .compose(response -> response.body().map(body -> response.statusCode()))
                .onComplete(done -> {
                    if (done.failed()) {
                        recorder.failed(intendedNanos, String.valueOf(done.cause().getMessage()).contains("timeout"));
                        return;
                    }
                    recorder.answered(intendedNanos, done.result(), false);
                    if (done.result() == 200) {
                        acknowledged.add(correlationId);
                    }
                });
    }
}
