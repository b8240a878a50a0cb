package dev.boxoffice.process;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxoffice.database.EmbeddedDatabase;
import dev.boxoffice.support.TestDatabase;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Valid traffic cannot exhaust the heap: on a 64 MB heap with a 1 MB budget for shows in memory, thousands of
 * 10,000-seat shows are created and reserved into (far more than the budget holds; with a seat list per show the
 * heap would have run out after about a hundred). The service keeps answering, keeps within its budget by dropping
 * the least recently used shows, and a dropped show comes back exactly as it was.
 */
class MemoryBudgetIT {

    private static final int SHOWS = 1_500;
    private static final int SEATS = 10_000;
    private static final long BUDGET = 1L << 20;

    @TempDir
    Path work;

    @Test
    void aSmallHeapFullOfLargeShowsKeepsAnswering() throws Exception {
        EmbeddedDatabase db = TestDatabase.shared();
        Map<String, String> settings = Map.of("quarkus.datasource.reactive.url", db.reactiveUrl(),
                "quarkus.datasource.jdbc.url", db.jdbcUrl(), "quarkus.datasource.username", EmbeddedDatabase.USER,
                "boxoffice.entities.memory-budget", Long.toString(BUDGET),
                // room for the 16 answers in flight, each listing a whole hall (the default, 5 % of 64 MB, holds 2):
                // the subject here is the budget of shows in memory, not the bound on answers
                "boxoffice.admission.max-hall-bytes", "24M");
        try (ServiceProcess service = ServiceProcess.start("64m", settings, work)) {
            List<UUID> shows = new ArrayList<>();
            for (int i = 0; i < SHOWS; i++) {
                shows.add(UUID.randomUUID());
            }
            List<Integer> created = inParallel(shows, show -> Http.createShowAsync(service, show, SEATS));
            assertThat(created).as("every creation is done, or refused at once while memory is full")
                    .allSatisfy(status -> assertThat(status).isIn(201, 503));
            List<UUID> existing = new ArrayList<>();
            for (int i = 0; i < SHOWS; i++) {
                if (created.get(i) == 201) {
                    existing.add(shows.get(i));
                }
            }
            assertThat(existing).hasSizeGreaterThan(SHOWS * 9 / 10);
            List<Integer> reserved = inParallel(existing,
                    show -> Http.seatAsync(service, show, existing.indexOf(show) % SEATS, "RESERVE"));
            assertThat(reserved).allSatisfy(status -> assertThat(status).isIn(200, 503));

            String metrics = Http.get(service, "/q/metrics").body();
            assertThat(metric(metrics, "boxoffice_entities_resident_bytes")).isLessThanOrEqualTo(BUDGET + BUDGET / 4);
            assertThat(metric(metrics, "boxoffice_entities_evicted_total")).isPositive();
            assertThat(Http.get(service, "/q/health/live").statusCode()).isEqualTo(200);
            // The first show was dropped long ago; read again, it is rebuilt from its events.
            if (reserved.get(0) == 200) {
                assertThat(Http.getShow(service, existing.get(0)).body())
                        .startsWith("{\"id\":\"" + existing.get(0) + "\",\"title\":\"Show\",\"hall\":{")
                        .contains("\"seats\":\"R");
            }
            assertThat(service.isAlive()).isTrue();
        }
    }

    /** Sends one request per item, 16 at a time, and returns the statuses in the items' order. */
    private static <T> List<Integer> inParallel(List<T> items,
            java.util.function.Function<T, CompletableFuture<HttpResponse<String>>> request) {
        Semaphore inFlight = new Semaphore(16);
        List<CompletableFuture<Integer>> statuses = new ArrayList<>();
        for (T item : items) {
            inFlight.acquireUninterruptibly();
            statuses.add(request.apply(item).thenApply(HttpResponse::statusCode).whenComplete((s, e) -> inFlight.release()));
        }
        return statuses.stream().map(CompletableFuture::join).toList();
    }

    private static double metric(String metrics, String name) {
        Matcher value = Pattern.compile("(?m)^" + name + "(?:\\{[^}]*\\})? ([0-9.eE+-]+)$").matcher(metrics);
        assertThat(value.find()).as("metric %s", name).isTrue();
        return Double.parseDouble(value.group(1));
    }
}
