package dev.boxoffice.bench.scenario.memory;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.boxoffice.bench.client.ServiceMetrics;
import dev.boxoffice.bench.client.ShowsApi;
import dev.boxoffice.bench.load.LoadClient;
import dev.boxoffice.bench.load.OpenLoop;
import dev.boxoffice.bench.load.StepRecorder;
import dev.boxoffice.bench.measure.Bench;
import dev.boxoffice.bench.measure.StepResult;
import dev.boxoffice.bench.system.BlockingHttp;
import io.vertx.core.http.HttpMethod;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Valid traffic against the memory bound: {@code --memory-large-shows} shows of 10,000 seats, then
 * {@code --memory-small-shows} shows of 50 seats, each reserved into as it is created, far past the service's memory
 * budget; then reservations of random seats across all of them, so most land on shows that were dropped from memory
 * and must be rebuilt from the store. Every request must be answered (2xx, 409 or a fast 503), the service must not
 * run out of memory, and a sample of shows must serve exactly the reservations that were acknowledged. Run it with a
 * small heap, for example {@code --service-jvm-options=-Xmx256m}.
 */
final class MemoryLoad {

    static final int LARGE_SEATS = 10_000;
    static final int SMALL_SEATS = 50;
    private static final int SAMPLE_EVERY = 1_000;
    private static final int MAX_CREATE_ATTEMPTS = 10;
    private static final long MAX_BACKOFF_MILLIS = 30_000;
    private static final long RETRY_AFTER_MILLIS = 1000; // the service's Retry-After
    private static final HttpClient HTTP = BlockingHttp.client(Duration.ofSeconds(5));
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Bench bench;
    private final String baseUrl;
    private final long servicePid;
    private final MemoryOptions options;
    private final Map<UUID, Set<Integer>> acknowledged = new HashMap<>(); // sampled shows only
    private final List<UUID> shows = new ArrayList<>();
    private final List<CreatedShow> createdShows = new ArrayList<>(); // acknowledged only; on the generator's event loop

    MemoryLoad(Bench bench, String baseUrl, long servicePid, MemoryOptions options) {
        this.bench = bench;
        this.baseUrl = baseUrl;
        this.servicePid = servicePid;
        this.options = options;
    }

    MemoryResult run() {
        List<StepResult> steps = new ArrayList<>();
        List<MemoryResult.HeapReading> heap = new ArrayList<>();
        try (LoadClient client = bench.client(baseUrl, options.connections())) {
            heap.add(heapReading("start"));
            steps.add(createShows(client, "large shows", options.largeShows(), LARGE_SEATS, options.largeRate()));
            heap.add(heapReading("after large shows"));
            steps.add(createShows(client, "small shows", options.smallShows(), SMALL_SEATS, options.rate()));
            heap.add(heapReading("after small shows"));
            steps.add(reserveAcross(client, options.reserveRate(), options.reserveSeconds()));
            heap.add(heapReading("after reservations"));
        }
        int mismatches = 0;
        for (Map.Entry<UUID, Set<Integer>> sample : acknowledged.entrySet()) {
            if (!sample.getValue().equals(reservedSeats(sample.getKey()))) {
                mismatches++;
            }
        }
        long largeCreated = createdShows.stream().filter(show -> show.seats() == LARGE_SEATS).count();
        return new MemoryResult(LARGE_SEATS, SMALL_SEATS, largeCreated, createdShows.size() - largeCreated, steps, heap,
                acknowledged.size(), mismatches, outOfMemoryLogged());
    }

    private record CreatedShow(UUID id, int seats, boolean sampled) {
    }

    /**
     * {@code count} new shows at {@code rate} per second, each reserved into once created (two requests a show). The
     * step lasts a second longer than the arrivals need, so that a slow first send cannot end it before the last show.
     */
    private StepResult createShows(LoadClient client, String label, int count, int seats, double rate) {
        bench.progress().info("memory: " + count + " shows of " + seats + " seats at " + Math.round(rate) + " per s");
        int first = shows.size();
        for (int i = 0; i < count; i++) {
            shows.add(UUID.randomUUID());
        }
        int[] next = {first};
        return bench.step("memory", label, rate * 2, options.connections(), count / rate + 1,
                recorder -> OpenLoop.start(bench.vertx(), rate, recorder, intended -> {
                    if (next[0] == first + count) {
                        return;
                    }
                    int index = next[0]++;
                    create(client, recorder, index, seats, intended, 1);
                }));
    }

    /**
     * A refused creation (503) is sent again after its Retry-After, then backing off, as a well-behaved client would:
     * retrying every second under a sustained overload multiplied the load it was refused for.
     */
    private void create(LoadClient client, StepRecorder recorder, int index, int seats, long intended, int attempt) {
        UUID show = shows.get(index);
        client.send(HttpMethod.POST, "/shows", ShowsApi.createShow(show, seats), intended, recorder, false, answer -> {
            if (answer.isSuccess()) {
                CreatedShow createdShow = new CreatedShow(show, seats, index % SAMPLE_EVERY == 0);
                createdShows.add(createdShow);
                reserve(client, recorder, createdShow, index % seats, System.nanoTime());
            } else if (answer.status() == 503 && attempt < MAX_CREATE_ATTEMPTS && !recorder.closing()) {
                client.vertx().setTimer(backoffMillis(attempt), t -> {
                    if (!recorder.closing()) { // the step may have ended meanwhile
                        create(client, recorder, index, seats, System.nanoTime(), attempt + 1);
                    }
                });
            }
        });
    }

    /** Retry-After, doubled per further attempt up to 30 s, with full jitter above Retry-After. */
    private static long backoffMillis(int attempt) {
        long ceiling = Math.min(MAX_BACKOFF_MILLIS, RETRY_AFTER_MILLIS << Math.min(attempt - 1, 5));
        return RETRY_AFTER_MILLIS + ThreadLocalRandom.current().nextLong(ceiling - RETRY_AFTER_MILLIS + 1);
    }

    /**
     * Random seats of random shows, among those whose creation was acknowledged: most were dropped from memory long
     * ago and are rebuilt from the store.
     */
    private StepResult reserveAcross(LoadClient client, double rate, double seconds) {
        SplittableRandom random = new SplittableRandom(42);
        return bench.step("memory", "reservations across all shows", rate, options.connections(), seconds,
                recorder -> OpenLoop.start(bench.vertx(), rate, recorder, intended -> {
                    if (createdShows.isEmpty()) {
                        return; // every creation was refused: nothing to reserve into
                    }
                    CreatedShow show = createdShows.get(random.nextInt(createdShows.size()));
                    reserve(client, recorder, show, random.nextInt(show.seats()), intended);
                }));
    }

    private void reserve(LoadClient client, StepRecorder recorder, CreatedShow show, int seat, long intended) {
        client.send(HttpMethod.PATCH, ShowsApi.seat(show.id(), seat), ShowsApi.RESERVE, intended, recorder, true, reply -> {
            if (show.sampled()) { // a sampled show is checked at the end even if none of its reservations was acknowledged
                Set<Integer> seats = acknowledged.computeIfAbsent(show.id(), s -> new TreeSet<>());
                if (reply.isSuccess()) {
                    seats.add(seat);
                }
            }
        });
    }

    /** The seats the service now reports reserved for {@code show} (read after the load, one at a time). */
    private Set<Integer> reservedSeats(UUID show) {
        try {
            HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(baseUrl + ShowsApi.show(show)))
                    .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
            Set<Integer> reserved = new TreeSet<>();
            if (response.statusCode() == 200) {
                String letters = JSON.readTree(response.body()).get("seats").asText(); // one per seat: A, H, R
                for (int seat = 0; seat < letters.length(); seat++) {
                    if (letters.charAt(seat) == 'R') {
                        reserved.add(seat);
                    }
                }
            }
            return reserved;
        } catch (IOException e) {
            return Set.of(-1); // no answer: counts as a mismatch
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The service's heap after a full collection (jcmd GC.run), and its own memory figures. */
    private MemoryResult.HeapReading heapReading(String when) {
        Map<String, Double> metrics = ServiceMetrics.afterFullCollection(baseUrl, servicePid, bench.progress());
        double mib = 1024 * 1024;
        return new MemoryResult.HeapReading(when, ServiceMetrics.heapMiB(metrics),
                metrics.getOrDefault("boxoffice_entities_in_memory", Double.NaN),
                metrics.getOrDefault("boxoffice_entities_resident_bytes", Double.NaN) / mib,
                metrics.getOrDefault("boxoffice_entities_memory_budget_bytes", Double.NaN) / mib,
                metrics.getOrDefault("boxoffice_entities_evicted_total", Double.NaN));
    }

    private boolean outOfMemoryLogged() {
        try (var logs = Files.list(bench.logDirectory())) {
            for (Path log : logs.filter(p -> p.getFileName().toString().startsWith("boxoffice-service")).toList()) {
                if (Files.readString(log).contains("OutOfMemoryError")) {
                    return true;
                }
            }
            return false;
        } catch (IOException e) {
            return false;
        }
    }
}
