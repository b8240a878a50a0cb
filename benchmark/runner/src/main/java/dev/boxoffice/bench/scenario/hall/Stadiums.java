package dev.boxoffice.bench.scenario.hall;

import dev.boxoffice.bench.client.ServiceMetrics;
import dev.boxoffice.bench.client.ShowsApi;
import dev.boxoffice.bench.load.LoadClient;
import dev.boxoffice.bench.load.OpenLoop;
import dev.boxoffice.bench.load.SeatOrder;
import dev.boxoffice.bench.measure.Bench;
import dev.boxoffice.bench.measure.Buckets;
import dev.boxoffice.bench.measure.StepResult;
import dev.boxoffice.bench.scenario.hall.HallResult.Stadium;
import dev.boxoffice.bench.system.BlockingHttp;
import dev.boxoffice.bench.system.JavaService;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.StringJoiner;
import java.util.UUID;

/**
 * Stadiums (100,000 seats unless told), nine in ten sold at random in reservations of 100 seats, on a service of their own with
 * a short idle timeout: weighed on its heap (after a full collection) in memory, then again once they have left it;
 * then read again, each read loading its show from its snapshot and the events after it, once to warm the loading up
 * and three times measured (the service's histogram of loads, and the reads as a client saw them), every show out of
 * memory before each round.
 */
record Stadiums(Bench bench, String baseUrl, long servicePid, HallOptions options) {

    static final int MAX_SEATS = 100_000;
    static final int SOLD_PER_TEN = 9;
    static final int ROUNDS = 3;
    static final int SEATS_PER_RESERVATION = 100;
    // Each show has one writer, and 100 seats a request cost it: at 100 a second a show, the freshly started service
    // beside other work (a test running in parallel) queued a second of them and refused two. 20 stadiums still sell
    // at MAX_SELL_RATE.
    private static final double SELL_RATE_PER_SHOW = 25;
    // A reservation of 100 seats costs the service about 1 ms of its core (profiled: mostly reading and validating the
    // seat numbers, and the HTTP framework's work), so 1,000 a second overloaded it; the sale is set-up, not measured.
    static final double MAX_SELL_RATE = 500;
    private static final double READ_RATE = 20;
    private static final double SENDING_MARGIN = 1;
    private static final double MIB = 1024 * 1024;
    static final String LOADS = "boxoffice_entities_load_seconds";
    private static final String IN_MEMORY = ServiceMetrics.SHOWS_IN_MEMORY;
    private static final String RESIDENT = "boxoffice_entities_resident_bytes";
    private static final String SNAPSHOTS_BUFFERED = "boxoffice_snapshots_buffered_bytes";

    private static final HttpClient TOUCH = BlockingHttp.client(Duration.ofSeconds(5));

    Stadium run(LoadClient client) {
        List<StepResult> steps = new ArrayList<>();
        int seats = options.stadiumSeats();
        String hall = HallJson.stadium(seats);
        List<UUID> shows = new ArrayList<>();
        for (int i = 0; i < options.stadiums(); i++) {
            UUID show = UUID.randomUUID();
            ShowsApi.createShowInHallNow(baseUrl, show, hall);
            shows.add(show);
        }
        long[] sold = {0};
        steps.add(sell(client, shows, sold));
        awaitSnapshotsWritten(); // snapshots waiting to be written are the database's, not the shows'
        touch(shows); // the sale's last requests may be an idle timeout ago
        Map<String, Double> in = ServiceMetrics.afterFullCollection(baseUrl, servicePid, bench.progress());
        awaitNoShowInMemory();
        Map<String, Double> out = ServiceMetrics.afterFullCollection(baseUrl, servicePid, bench.progress());
        steps.add(read(client, shows, "stadiums: read back to warm up"));
        Buckets loadsBefore = ServiceMetrics.buckets(baseUrl, LOADS);
        for (int round = 1; round <= ROUNDS; round++) {
            awaitNoShowInMemory();
            steps.add(read(client, shows, "stadiums: read back " + round + " of " + ROUNDS));
        }
        Buckets loads = ServiceMetrics.buckets(baseUrl, LOADS).since(loadsBefore);
        return new Stadium(shows.size(), seats, sold[0], in.getOrDefault(IN_MEMORY, Double.NaN),
                out.getOrDefault(IN_MEMORY, Double.NaN), ServiceMetrics.heapMiB(in), ServiceMetrics.heapMiB(out),
                in.getOrDefault(RESIDENT, Double.NaN) / MIB, out.getOrDefault(RESIDENT, Double.NaN) / MIB,
                loads.count(), loads.quantile(0.5) * 1000, loads.quantile(0.99) * 1000, steps);
    }

    /** Reservations of 100 seats round the shows in turn, each show's seats in a shuffled order, until 9 in 10 are sold. */
    private StepResult sell(LoadClient client, List<UUID> shows, long[] sold) {
        int seats = options.stadiumSeats();
        int perShow = seats / 10 * SOLD_PER_TEN / SEATS_PER_RESERVATION;
        int total = perShow * shows.size();
        List<int[]> orders = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(42);
        for (int i = 0; i < shows.size(); i++) {
            orders.add(SeatOrder.shuffled(seats, random));
        }
        int[] next = {0};
        double rate = Math.min(MAX_SELL_RATE, SELL_RATE_PER_SHOW * shows.size());
        bench.progress().info("hall: " + shows.size() + " stadiums of " + seats + " seats, " + total
                + " reservations of " + SEATS_PER_RESERVATION + " seats");
        return bench.step("hall", "stadiums: sell 9 seats in 10", rate, bench.steps().connections(),
                total / rate + SENDING_MARGIN, recorder -> OpenLoop.start(bench.vertx(), rate, recorder, intended -> {
                    if (next[0] == total) {
                        return;
                    }
                    int i = next[0]++;
                    int show = i % shows.size();
                    client.send(HttpMethod.POST, "/shows/" + shows.get(show) + "/reservations",
                            reservation(orders.get(show), i / shows.size()), intended, recorder, false,
                            reply -> sold[0] += reply.status() == 200 ? SEATS_PER_RESERVATION : 0);
                }));
    }

    private static Buffer reservation(int[] order, int block) {
        StringJoiner seats = new StringJoiner(",", "{\"seats\":[", "]}");
        for (int i = block * SEATS_PER_RESERVATION; i < (block + 1) * SEATS_PER_RESERVATION; i++) {
            seats.add(Integer.toString(order[i]));
        }
        return Buffer.buffer(seats.toString());
    }

    private StepResult read(LoadClient client, List<UUID> shows, String label) {
        int[] next = {0};
        return bench.step("hall", label, READ_RATE, bench.steps().connections(), shows.size() / READ_RATE + SENDING_MARGIN,
                recorder -> OpenLoop.start(bench.vertx(), READ_RATE, recorder, intended -> {
                    if (next[0] < shows.size()) {
                        client.send(HttpMethod.GET, ShowsApi.show(shows.get(next[0]++)), null, intended, recorder, false,
                                reply -> { });
                    }
                }));
    }

    /** Until the service has no snapshot waiting to be written, for at most 5 s. */
    private void awaitSnapshotsWritten() {
        long deadline = System.currentTimeMillis() + 5_000;
        while (!(ServiceMetrics.values(baseUrl).getOrDefault(SNAPSHOTS_BUFFERED, Double.NaN) == 0)
                && System.currentTimeMillis() < deadline) {
            JavaService.sleep(100);
        }
    }

    /** Reads every show once, one after the other, so that each is in memory and freshly used. */
    private void touch(List<UUID> shows) {
        for (UUID show : shows) {
            try {
                TOUCH.send(HttpRequest.newBuilder(URI.create(baseUrl + ShowsApi.show(show))).timeout(Duration.ofSeconds(10))
                        .build(), HttpResponse.BodyHandlers.discarding());
            } catch (IOException e) {
                bench.progress().info("hall: reading a stadium before weighing it failed: " + e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private void awaitNoShowInMemory() {
        ServiceMetrics.awaitNoShowInMemory(baseUrl,
                System.currentTimeMillis() + ServiceMetrics.passivatedWithinMillis(options.idleSeconds()));
    }
}
