package dev.boxoffice.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.boxoffice.database.EmbeddedDatabase;
import dev.boxoffice.support.TestDatabase;
import java.net.ConnectException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A hold's expiry is a durable timer: whatever happens between the hold and its expiry (the service killed with
 * kill -9, the show passivated out of memory, the node that held it lost), its seats come back on sale by one
 * release event, exactly once.
 */
class HoldExpiryIT {

    @TempDir
    Path work;

    @Test
    void aHoldExpiresAfterAKillMinus9AndARestartWithExactlyOneRelease() throws Exception {
        int port = freePort();
        Map<String, String> embedded = Map.of("boxoffice.embedded-postgres.data-dir", work.resolve("pg-data").toString(),
                "boxoffice.embedded-postgres.port", Integer.toString(port));
        UUID show = UUID.randomUUID();
        try (ServiceProcess first = ServiceProcess.start(embedded, work)) {
            assertThat(Http.createShow(first, show, 4).statusCode()).isEqualTo(201);
            assertThat(Http.hold(first, show, "[0,1]", 2).statusCode()).isEqualTo(201);
            first.kill(); // at once: the hold's expiry is nowhere but in committed data
        }
        Thread.sleep(3_000); // the hold expires while nothing runs

        try (ServiceProcess second = ServiceProcess.start(embedded, work)) {
            // A connection refused just after the restart is asked again within the bound, not taken as the answer.
            await().atMost(Duration.ofSeconds(5)).ignoreExceptionsInstanceOf(ConnectException.class)
                    .untilAsserted(() -> assertThat(Http.getShow(second, show).body())
                    .contains("\"seats\":\"AAAA\"")); // seats 0 and 1, held, available again
            Thread.sleep(1_000); // time for a second release, if there were one
            assertThat(releases("jdbc:postgresql://localhost:" + port + "/" + EmbeddedDatabase.DATABASE, show)).isEqualTo(1);
            second.stop();
        }
    }

    @Test
    void aHoldOfAPassivatedShowExpiresWithoutKeepingTheShowInMemory() throws Exception {
        EmbeddedDatabase db = TestDatabase.shared();
        Map<String, String> shared = new HashMap<>(external(db));
        shared.put("boxoffice.entities.idle-timeout", "300ms");
        UUID show = UUID.randomUUID();
        try (ServiceProcess service = ServiceProcess.start(shared, work)) {
            assertThat(Http.createShow(service, show, 4).statusCode()).isEqualTo(201);
            assertThat(Http.hold(service, show, "[2,3]", 3).statusCode()).isEqualTo(201);
            await().atMost(Duration.ofSeconds(3)).until(() -> Http.metric(service, "boxoffice_entities_in_memory") == 0);

            await().atMost(Duration.ofSeconds(8)).untilAsserted(() -> assertThat(releases(db.jdbcUrl(), show)).isEqualTo(1));
            assertThat(Http.getShow(service, show).body()).doesNotContain("HELD");
        }
    }

    @Test
    void whenTheNodeHoldingAShowIsLostAnotherReleasesItsHoldOnce() throws Exception {
        EmbeddedDatabase db = TestDatabase.shared();
        UUID show = UUID.randomUUID();
        try (ServiceProcess survivor = ServiceProcess.start(external(db), work)) {
            ServiceProcess holder = ServiceProcess.start(external(db), work);
            assertThat(Http.createShow(holder, show, 4).statusCode()).isEqualTo(201);
            assertThat(Http.hold(holder, show, "[0]", 2).statusCode()).isEqualTo(201);
            holder.kill(); // the show lived in its memory only; its hold's expiry did not

            await().atMost(Duration.ofSeconds(8)).untilAsserted(() -> assertThat(releases(db.jdbcUrl(), show)).isEqualTo(1));
            assertThat(Http.getShow(survivor, show).body()).contains("\"seats\":\"AAAA\"");
            Thread.sleep(1_000);
            assertThat(releases(db.jdbcUrl(), show)).isEqualTo(1);
        }
    }

    private static Map<String, String> external(EmbeddedDatabase db) {
        return Map.of("quarkus.datasource.reactive.url", db.reactiveUrl(), "quarkus.datasource.jdbc.url", db.jdbcUrl(),
                "quarkus.datasource.username", EmbeddedDatabase.USER);
    }

    /** HoldReleased events in the show's stream. */
    private static int releases(String jdbcUrl, UUID show) throws Exception {
        try (Connection db = DriverManager.getConnection(jdbcUrl, EmbeddedDatabase.USER, "");
                PreparedStatement count = db.prepareStatement(
                        "SELECT count(*) FROM events WHERE stream_id = ? AND event_type = 'HoldReleased'")) {
            count.setString(1, "show-" + show);
            try (ResultSet rows = count.executeQuery()) {
                rows.next();
                return rows.getInt(1);
            }
        }
    }

    private static int freePort() throws Exception {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
