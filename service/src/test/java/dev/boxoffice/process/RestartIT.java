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
}
