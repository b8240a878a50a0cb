package dev.boxoffice.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.boxoffice.database.EmbeddedDatabase;
import dev.boxoffice.support.SeatStatuses;
import dev.boxoffice.support.TestDatabase;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An event log written before events and snapshots recorded their schema version (checked in, made by the service as
 * it was then: {@code src/test/resources/event-log/}), read by the service as it is now: the schema migrated, the
 * older event shapes upcast, the older snapshots left aside, and the shows, their holds and the read model come out as
 * they were. New events then join the old ones in the same streams, and a restart reads both.
 */
class EventLogFixtureIT {

    private static final UUID SHOW_A = UUID.fromString("11111111-1111-4111-8111-111111111111");
    private static final UUID SHOW_B = UUID.fromString("22222222-2222-4222-8222-222222222222");
    private static final String CONFIRMED = "10b8f331-ba77-449e-a890-adc8062c94ab";
    private static final String RELEASED = "9ec76d91-b43d-4a9e-b5db-9f4aafd7b796";
    private static final String EXPIRED = "d469c5ca-6bf0-41ce-b8cb-7fbe969ac9d9";
    private static final String HELD = "37942632-5494-4e1d-8daa-20ef2473aa56";
    private static final Instant HELD_UNTIL = Instant.parse("2026-11-25T13:36:51.158Z");

    @TempDir
    Path work;

    @Test
    void theServiceReadsALogWrittenBeforeSchemaVersionsAndWritesOnAfterIt() throws Exception {
        String jdbcUrl = databaseWithTheFixture();
        Map<String, String> properties = Map.of(
                "quarkus.datasource.reactive.url", jdbcUrl.substring("jdbc:".length()),
                "quarkus.datasource.jdbc.url", jdbcUrl,
                "quarkus.datasource.username", EmbeddedDatabase.USER,
                "boxoffice.entities.snapshot-every", "4");

        String showA;
        try (ServiceProcess service = ServiceProcess.start(properties, work)) {
            showA = Http.getShow(service, SHOW_A).body();
            assertThat(statuses(showA)).containsExactly("RESERVED", "RESERVED", "AVAILABLE", "RESERVED", "RESERVED",
                    "RESERVED", "RESERVED", "AVAILABLE", "RESERVED", "RESERVED");
            assertThat(hold(service, SHOW_A, CONFIRMED)).contains("\"seats\":[5,6]", "\"status\":\"CONFIRMED\"");
            assertThat(hold(service, SHOW_B, RELEASED)).contains("\"seats\":[0,1]", "\"status\":\"RELEASED\"");
            assertThat(hold(service, SHOW_B, EXPIRED)).contains("\"seats\":[2,3]", "\"status\":\"EXPIRED\"");
            boolean heldStillLive = Instant.now().isBefore(HELD_UNTIL.minusSeconds(30));
            if (heldStillLive) {
                assertThat(hold(service, SHOW_B, HELD)).contains("\"seats\":[4]", "\"status\":\"HELD\"");
                assertThat(statuses(Http.getShow(service, SHOW_B).body()))
                        .containsExactly("AVAILABLE", "AVAILABLE", "AVAILABLE", "AVAILABLE", "HELD", "RESERVED");
            } else { // its time is up: the service releases it from the old log as from a new one
                await().atMost(Duration.ofSeconds(60)).untilAsserted(() ->
                        assertThat(hold(service, SHOW_B, HELD)).contains("\"status\":\"EXPIRED\""));
            }
            await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(Http.listShows(service).body())
                    .contains("\"showId\":\"" + SHOW_A + "\",\"title\":\"Fixture A\",\"totalSeats\":10,\"availableSeats\":2",
                            "\"showId\":\"" + SHOW_B + "\",\"title\":\"Fixture B\",\"totalSeats\":6,\"availableSeats\":"
                                    + (heldStillLive ? 4 : 5)));

            // New events after the old ones, in the current shapes.
            assertThat(Http.seat(service, SHOW_A, 0, "RESERVE").statusCode()).isEqualTo(409);
            assertThat(Http.seat(service, SHOW_A, 7, "RESERVE").statusCode()).isEqualTo(200);
            assertThat(Http.hold(service, SHOW_A, "[2]", 600).statusCode()).isEqualTo(201);
            showA = Http.getShow(service, SHOW_A).body();
            service.stop();
        }
        assertThat(schemaVersions(jdbcUrl, "SeatsHeld")).containsExactly(1, 1, 1, 1, 2);

        try (ServiceProcess restarted = ServiceProcess.start(properties, work)) {
            assertThat(Http.getShow(restarted, SHOW_A).body()).isEqualTo(showA);
            assertThat(statuses(showA)).containsExactly("RESERVED", "RESERVED", "HELD", "RESERVED", "RESERVED",
                    "RESERVED", "RESERVED", "RESERVED", "RESERVED", "RESERVED");
        }
    }

    /** A database of its own on the tests' server, migrated as far as the fixture's schema, with the fixture in it. */
    private static String databaseWithTheFixture() throws Exception {
        String jdbcUrl = TestDatabase.databaseMigratedTo("5");
        String fixture;
        try (var in = EventLogFixtureIT.class.getResourceAsStream("/event-log/written-before-schema-versions.sql")) {
            fixture = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        try (Connection connection = DriverManager.getConnection(jdbcUrl, EmbeddedDatabase.USER, null);
                Statement statement = connection.createStatement()) {
            statement.execute(fixture);
        }
        return jdbcUrl;
    }

    private static List<Integer> schemaVersions(String jdbcUrl, String type) throws Exception {
        List<Integer> versions = new ArrayList<>();
        try (Connection connection = DriverManager.getConnection(jdbcUrl, EmbeddedDatabase.USER, null);
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(
                        "SELECT schema_version FROM events WHERE event_type = '" + type + "' ORDER BY position")) {
            while (rows.next()) {
                versions.add(rows.getInt(1));
            }
        }
        return versions;
    }

    private static String hold(ServiceProcess service, UUID show, String hold) throws Exception {
        return Http.get(service, "/shows/" + show + "/holds/" + hold).body();
    }

    /** The show's seats, one letter each in its JSON, by their statuses' names. */
    private static List<String> statuses(String show) {
        java.util.regex.Matcher letters = java.util.regex.Pattern.compile("\"seats\":\"([AHR]*)\"").matcher(show);
        assertThat(letters.find()).as("the seats of %s", show).isTrue();
        return java.util.stream.IntStream.range(0, letters.group(1).length())
                .mapToObj(seat -> SeatStatuses.status(letters.group(1), seat)).toList();
    }
}
