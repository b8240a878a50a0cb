package dev.boxoffice.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The service as a user runs it, with its default embedded PostgreSQL and a persistent data directory: stopped
 * gracefully, then killed with SIGKILL, it comes back with every acknowledged change and nothing else.
 */
class RestartIT {

    @TempDir
    Path work;

    @Test
    void stateSurvivesGracefulAndAbruptRestarts() throws Exception {
        Path dataDir = work.resolve("pg-data");
        Map<String, String> embedded = Map.of("boxoffice.embedded-postgres.data-dir", dataDir.toString(),
                "boxoffice.entities.snapshot-every", "4");
        UUID show = UUID.randomUUID();

        String afterFirstRun;
        try (ServiceProcess service = ServiceProcess.start(embedded, work)) {
            assertThat(service.logLines()).as("a clean start warns of nothing").noneMatch(line -> line.contains(" WARN "));
            assertThat(Http.createShow(service, show, 10).statusCode()).isEqualTo(201);
            for (int seat : new int[] {1, 3, 5, 7, 9}) {
                assertThat(Http.seat(service, show, seat, "RESERVE").statusCode()).isEqualTo(200);
            }
            assertThat(Http.seat(service, show, 3, "CANCEL_RESERVATION").statusCode()).isEqualTo(200);
            afterFirstRun = Http.getShow(service, show).body();
            service.stop();
        }
        assertThat(dataDir.resolve("postmaster.pid")).as("embedded PostgreSQL stopped with the service").doesNotExist();

        String afterSecondRun;
        ServiceProcess second = ServiceProcess.start(embedded, work);
        assertThat(Http.getShow(second, show).body()).isEqualTo(afterFirstRun);
        assertThat(Http.seat(second, show, 0, "RESERVE").statusCode()).isEqualTo(200);
        afterSecondRun = Http.getShow(second, show).body();
        second.kill(); // SIGKILL: the JVM dies, its PostgreSQL child is orphaned and must be dealt with on start
        assertThat(afterSecondRun).isNotEqualTo(afterFirstRun);

        try (ServiceProcess third = ServiceProcess.start(embedded, work)) {
            assertThat(Http.getShow(third, show).body()).isEqualTo(afterSecondRun);
            assertThat(Http.seat(third, show, 0, "RESERVE").statusCode()).isEqualTo(409);
            assertThat(Http.seat(third, show, 3, "RESERVE").statusCode()).isEqualTo(200);
            // The read model, projected across a graceful stop and a SIGKILL, agrees with the log: 6 of 10 reserved.
            await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(Http.listShows(third).body())
                    .contains("\"showId\":\"" + show + "\"", "\"totalSeats\":10,\"availableSeats\":4"));
            third.stop();
        }
        assertThat(Files.exists(dataDir.resolve("postmaster.pid"))).isFalse();
    }

    /**
     * Answers remembered under idempotency keys are committed with the events: after SIGKILL a retry gets the same
     * bytes, and the show gets no second event.
     */
    @Test
    void aRetryAfterSigkillGetsTheFirstAnswerAndChangesNothing() throws Exception {
        Map<String, String> embedded = Map.of("boxoffice.embedded-postgres.data-dir", work.resolve("keyed").toString());
        UUID show = UUID.randomUUID();
        String holds = "/shows/" + show + "/holds";
        String seat = "/shows/" + show + "/seats/4";
        String hold;
        String reserve;
        String refusal;
        String showAfter;
        ServiceProcess first = ServiceProcess.start(embedded, work);
        assertThat(Http.createShow(first, show, 10).statusCode()).isEqualTo(201);
        hold = answer(Http.keyed(first, "POST", holds, "{\"seats\":[1,2]}", "hold-1"), 201);
        reserve = answer(Http.keyed(first, "PATCH", seat, "{\"action\":\"RESERVE\"}", "reserve-1"), 200);
        refusal = answer(Http.keyed(first, "PATCH", seat, "{\"action\":\"RESERVE\"}", "reserve-2"), 409);
        showAfter = Http.getShow(first, show).body();
        first.kill();

        try (ServiceProcess second = ServiceProcess.start(embedded, work)) {
            assertThat(Http.seat(second, show, 4, "CANCEL_RESERVATION").statusCode()).isEqualTo(200);
            assertThat(answer(Http.keyed(second, "POST", holds, "{\"seats\":[1,2]}", "hold-1"), 201)).isEqualTo(hold);
            assertThat(answer(Http.keyed(second, "PATCH", seat, "{\"action\":\"RESERVE\"}", "reserve-1"), 200)).isEqualTo(reserve);
            assertThat(answer(Http.keyed(second, "PATCH", seat, "{\"action\":\"RESERVE\"}", "reserve-2"), 409)).isEqualTo(refusal);
            // Nothing was done again: seat 4 is free since the cancellation, seats 1 and 2 held once.
            int seat4 = showAfter.indexOf("\"seats\":\"") + "\"seats\":\"".length() + 4; // its letter, R then A
            assertThat(showAfter.charAt(seat4)).isEqualTo('R');
            assertThat(Http.getShow(second, show).body())
                    .isEqualTo(showAfter.substring(0, seat4) + "A" + showAfter.substring(seat4 + 1));
            second.stop();
        }
    }

    private static String answer(java.net.http.HttpResponse<String> response, int status) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
        return response.headers().firstValue("Location").orElse("") + " " + response.body();
    }
}
