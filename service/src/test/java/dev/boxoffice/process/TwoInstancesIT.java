package dev.boxoffice.process;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxoffice.database.EmbeddedDatabase;
import dev.boxoffice.support.SseClient;
import dev.boxoffice.support.TestDatabase;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hundreds of concurrent reservations of a few seats, on one instance and split across two: one winner per seat. An
 * Idempotency-Key retried on the other instance, or sent to both at once: one effect, one answer. A seat-map stream
 * on one instance sees what the other commits.
 */
class TwoInstancesIT {

    private static final int SEATS = 5;
    private static final int REQUESTS = 300;

    @TempDir
    static Path work;

    private static ServiceProcess first;
    private static ServiceProcess second;

    @BeforeAll
    static void startTwoInstancesOnOneDatabase() throws Exception {
        EmbeddedDatabase db = TestDatabase.shared();
        Map<String, String> external = Map.of(
                "quarkus.datasource.reactive.url", db.reactiveUrl(),
                "quarkus.datasource.jdbc.url", db.jdbcUrl(),
                "quarkus.datasource.username", EmbeddedDatabase.USER);
        first = ServiceProcess.start(external, work);
        second = ServiceProcess.start(external, work);
    }

    @AfterAll
    static void stop() throws Exception {
        if (first != null) {
            first.close();
        }
        if (second != null) {
            second.close();
        }
    }

    @Test
    void oneInstanceReservesEachSeatExactlyOnce() throws Exception {
        UUID show = UUID.randomUUID();
        assertThat(Http.createShow(first, show, SEATS).statusCode()).isEqualTo(201);

        assertOneWinnerPerSeat(show, race(show, List.of(first)));
    }

    @Test
    void twoInstancesReserveEachSeatExactlyOnce() throws Exception {
        UUID show = UUID.randomUUID();
        assertThat(Http.createShow(first, show, SEATS).statusCode()).isEqualTo(201);
        assertThat(Http.getShow(second, show).statusCode()).isEqualTo(200); // both now hold the show in memory

        assertOneWinnerPerSeat(show, race(show, List.of(first, second)));
    }

    @Test
    void aSeatMapStreamOnOneInstanceShowsWhatTheOtherCommits() throws Exception {
        UUID show = UUID.randomUUID();
        assertThat(Http.createShow(first, show, SEATS).statusCode()).isEqualTo(201);
        try (SseClient stream = SseClient.open(URI.create(first.url("/shows/" + show + "/stream")), null)) {
            assertThat(stream.next(Duration.ofSeconds(5)).event()).isEqualTo("snapshot");

            assertThat(Http.hold(second, show, "[1,3]", 60).statusCode()).isEqualTo(201);

            SseClient.Event held = stream.next(Duration.ofSeconds(5));
            assertThat(held.event()).isEqualTo("seats");
            assertThat(held.data()).contains("\"seats\":[1,3]").contains("\"status\":\"HELD\"");
        }
    }

    @Test
    void aRetryOnTheOtherInstanceGetsTheFirstAnswer() throws Exception {
        UUID show = UUID.randomUUID();
        assertThat(Http.createShow(first, show, SEATS).statusCode()).isEqualTo(201);
        String path = "/shows/" + show + "/holds";
        HttpResponse<String> held = Http.keyed(first, "POST", path, "{\"seats\":[1,2]}", "retry-" + show);
        HttpResponse<String> retried = Http.keyed(second, "POST", path, "{\"seats\":[1,2]}", "retry-" + show);

        assertThat(held.statusCode()).isEqualTo(201);
        assertThat(retried.statusCode()).isEqualTo(201);
        assertThat(retried.body()).isEqualTo(held.body());
        assertThat(retried.headers().firstValue("Location")).isEqualTo(held.headers().firstValue("Location"));
        assertThat(eventTypes(show)).containsExactly("ShowCreated", "SeatsHeld");
    }

    /**
     * The same key sent to both instances at once, for many shows: one effect per show, and both callers get the
     * answer of the one that committed first, byte for byte.
     */
    @Test
    void theSameKeyOnBothInstancesAtOnceTakesEffectOnce() throws Exception {
        for (int round = 0; round < 20; round++) {
            UUID show = UUID.randomUUID();
            assertThat(Http.createShow(first, show, SEATS).statusCode()).isEqualTo(201);
            assertThat(Http.getShow(second, show).statusCode()).isEqualTo(200);
            String path = "/shows/" + show + "/seats/3";
            String body = "{\"action\":\"RESERVE\"}";
            var onFirst = Http.keyedAsync(first, "PATCH", path, body, "race-" + show);
            var onSecond = Http.keyedAsync(second, "PATCH", path, body, "race-" + show);

            HttpResponse<String> a = onFirst.join();
            HttpResponse<String> b = onSecond.join();
            assertThat(a.statusCode()).as(a.body()).isEqualTo(200);
            assertThat(b.statusCode()).as(b.body()).isEqualTo(200);
            assertThat(b.body()).isEqualTo(a.body());
            assertThat(eventTypes(show)).containsExactly("ShowCreated", "SeatReserved");
        }
    }

    private static List<String> eventTypes(UUID show) throws Exception {
        try (Connection db = DriverManager.getConnection(TestDatabase.shared().jdbcUrl(), EmbeddedDatabase.USER, "");
                PreparedStatement query = db.prepareStatement(
                        "SELECT event_type FROM events WHERE stream_id = ? ORDER BY version")) {
            query.setString(1, "show-" + show);
            List<String> types = new ArrayList<>();
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    types.add(rows.getString(1));
                }
            }
            return types;
        }
    }

    private static List<Result> race(UUID show, List<ServiceProcess> instances) {
        List<CompletableFuture<HttpResponse<String>>> calls = new ArrayList<>();
        List<Integer> seats = new ArrayList<>();
        for (int i = 0; i < REQUESTS; i++) {
            seats.add(i % SEATS);
            calls.add(Http.seatRetryingAsync(instances.get(i % instances.size()), show, i % SEATS, "RESERVE", 10));
        }
        List<Result> results = new ArrayList<>();
        for (int i = 0; i < REQUESTS; i++) {
            results.add(new Result(seats.get(i), calls.get(i).join().statusCode()));
        }
        return results;
    }

    private static void assertOneWinnerPerSeat(UUID show, List<Result> results) throws Exception {
        Map<Integer, Integer> winners = new HashMap<>();
        for (Result result : results) {
            assertThat(result.status).as("status of a reservation of seat %d", result.seat).isIn(200, 409);
            if (result.status == 200) {
                winners.merge(result.seat, 1, Integer::sum);
            }
        }
        assertThat(winners).hasSize(SEATS).allSatisfy((seat, count) -> assertThat(count).isEqualTo(1));

        try (Connection db = DriverManager.getConnection(TestDatabase.shared().jdbcUrl(), EmbeddedDatabase.USER, "");
                PreparedStatement query = db.prepareStatement(
                        "SELECT version, event_type FROM events WHERE stream_id = ? ORDER BY version")) {
            query.setString(1, "show-" + show);
            List<String> types = new ArrayList<>();
            long expectedVersion = 1;
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    assertThat(rows.getLong(1)).isEqualTo(expectedVersion++);
                    types.add(rows.getString(2));
                }
            }
            assertThat(types).first().isEqualTo("ShowCreated");
            assertThat(types.subList(1, types.size())).hasSize(SEATS).containsOnly("SeatReserved");
        }
    }

    private record Result(int seat, int status) {
    }
}
