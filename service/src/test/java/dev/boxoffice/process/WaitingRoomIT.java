package dev.boxoffice.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.boxoffice.database.EmbeddedDatabase;
import dev.boxoffice.support.TestDatabase;
import java.net.ServerSocket;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A waiting room's line is kept in committed events and signed tickets, not in memory: the service killed with
 * kill -9 in the middle of an on-sale, its tickets stay valid with the same places, no place is given twice, and the
 * line moves again within 5 s of the restart, and a show sold out is still, and the operators' controls hold; the node
 * moving a line lost, another node moves it within 5 s.
 */
class WaitingRoomIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path work;

    @Test
    void aKillMinus9LosesNoTicketGivesNoPlaceTwiceAndTheLineMovesAgainWithinFiveSeconds() throws Exception {
        Map<String, String> embedded = Map.of("boxoffice.embedded-postgres.data-dir", work.resolve("pg-data").toString(),
                "boxoffice.embedded-postgres.port", Integer.toString(freePort()), "boxoffice.admin.token", "operators");
        UUID show = UUID.randomUUID();
        String queue = "/shows/" + show + "/queue";
        List<String> before = new ArrayList<>();
        long calledBeforeKill;
        UUID soldOut = UUID.randomUUID();
        UUID steered = UUID.randomUUID();
        String waitingAtSellOut;
        try (ServiceProcess first = ServiceProcess.start(embedded, work)) {
            assertThat(Http.post(first, "/shows", "{\"showId\":\"" + show + "\",\"title\":\"On sale\",\"maxSeats\":100,"
                    + "\"onSaleAt\":\"" + Instant.now() + "\",\"waitingRoom\":{\"admitPerSecond\":4,\"maxActive\":1000}}")
                    .statusCode()).isEqualTo(201);
            for (int i = 0; i < 60; i++) {
                HttpResponse<String> joined = Http.post(first, queue, null);
                assertThat(joined.statusCode()).as(joined.body()).isEqualTo(201);
                before.add(json(joined).get("ticket").asText());
            }
            await().atMost(Duration.ofSeconds(10)).until(() -> called(first, queue) >= 4);
            calledBeforeKill = called(first, queue);
            waitingAtSellOut = sellOut(first, soldOut);
            steer(first, steered);
            first.kill(); // at once: the line is nowhere but in committed events and the tickets
        }

        try (ServiceProcess second = ServiceProcess.start(embedded, work)) {
            Instant ready = Instant.now();
            await().atMost(Duration.ofSeconds(5)).pollInterval(Duration.ofMillis(100))
                    .until(() -> called(second, queue) > calledBeforeKill);
            assertThat(Duration.between(ready, Instant.now())).isLessThan(Duration.ofSeconds(5));

            long called = called(second, queue);
            for (String ticket : before) {
                HttpResponse<String> standing = Http.get(second, queue + "/" + ticket);
                assertThat(standing.statusCode()).as(standing.body()).isEqualTo(200);
                JsonNode view = json(standing);
                long number = numberOf(ticket);
                if (view.get("status").asText().equals("WAITING")) {
                    assertThat(view.get("position").asLong()).as("its place, as before the kill")
                            .isBetween(number - called(second, queue) + 1, number - called + 1);
                } else {
                    assertThat(number).isLessThan(called(second, queue));
                }
            }
            Set<Long> numbers = new HashSet<>();
            before.forEach(ticket -> numbers.add(numberOf(ticket)));
            for (int i = 0; i < 20; i++) {
                HttpResponse<String> joined = Http.post(second, queue, null);
                assertThat(joined.statusCode()).isEqualTo(201);
                assertThat(numbers.add(numberOf(json(joined).get("ticket").asText()))).as("a place given twice").isTrue();
            }
            assertThat(Http.post(second, "/shows/" + soldOut + "/queue", null).statusCode()).as("still sold out").isEqualTo(409);
            assertThat(json(Http.get(second, "/shows/" + soldOut + "/queue/" + waitingAtSellOut)).get("status").asText())
                    .isEqualTo("SOLD_OUT");
            JsonNode room = json(Http.get(second, "/shows/" + steered + "/queue"));
            assertThat(room.get("admitPerSecond").asInt()).as("the operators' rate").isEqualTo(7);
            assertThat(room.get("closed").asBoolean()).isTrue();
            assertThat(room.get("controls")).hasSize(2);
            assertThat(room.get("controls").get(0).get("operator").asText()).isEqualTo("Ada");
            assertThat(Http.post(second, "/shows/" + steered + "/queue", null).statusCode()).as("still closed").isEqualTo(409);
            second.stop();
        }
    }

    /** A room whose operators set its rate and closed it. */
    private static void steer(ServiceProcess service, UUID show) throws Exception {
        assertThat(Http.post(service, "/shows", "{\"showId\":\"" + show + "\",\"title\":\"Steered\",\"maxSeats\":10,"
                + "\"waitingRoom\":{\"admitPerSecond\":100,\"maxActive\":10}}").statusCode()).isEqualTo(201);
        for (String control : new String[] {"{\"action\":\"SET_RATE\",\"value\":7,\"operator\":\"Ada\"}",
                "{\"action\":\"CLOSE\",\"operator\":\"Grace\"}"}) {
            HttpResponse<String> answer = Http.postAuthorized(service, "/shows/" + show + "/queue/controls", control, "Bearer operators");
            assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        }
    }

    /** Sells {@code show}'s one seat through its room to the first buyer; the ticket of a second one, waiting. */
    private static String sellOut(ServiceProcess service, UUID show) throws Exception {
        String queue = "/shows/" + show + "/queue";
        assertThat(Http.post(service, "/shows", "{\"showId\":\"" + show + "\",\"title\":\"Last seat\",\"maxSeats\":1,"
                + "\"waitingRoom\":{\"admitPerSecond\":100,\"maxActive\":1}}").statusCode()).isEqualTo(201);
        String buyer = json(Http.post(service, queue, null)).get("ticket").asText();
        String waiting = json(Http.post(service, queue, null)).get("ticket").asText();
        String token = await().atMost(Duration.ofSeconds(10)).until(
                () -> json(Http.get(service, queue + "/" + buyer)).path("admissionToken").asText(null), t -> t != null);
        assertThat(Http.reserveAsAdmitted(service, show, 0, token).statusCode()).isEqualTo(200);
        assertThat(Http.post(service, queue, null).statusCode()).as("sold out").isEqualTo(409);
        return waiting;
    }

    @Test
    void whenTheNodeMovingALineIsLostAnotherMovesItWithinFiveSecondsAndHonoursItsTickets() throws Exception {
        EmbeddedDatabase db = TestDatabase.shared();
        Map<String, String> external = Map.of("quarkus.datasource.reactive.url", db.reactiveUrl(),
                "quarkus.datasource.jdbc.url", db.jdbcUrl(), "quarkus.datasource.username", EmbeddedDatabase.USER);
        UUID show = UUID.randomUUID();
        String queue = "/shows/" + show + "/queue";
        try (ServiceProcess survivor = ServiceProcess.start(external, work)) {
            ServiceProcess lost = ServiceProcess.start(external, work);
            assertThat(Http.post(lost, "/shows", "{\"showId\":\"" + show + "\",\"title\":\"On sale\",\"maxSeats\":100,"
                    + "\"waitingRoom\":{\"admitPerSecond\":4,\"maxActive\":1000}}").statusCode()).isEqualTo(201);
            List<String> tickets = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                tickets.add(json(Http.post(lost, queue, null)).get("ticket").asText());
            }
            // The node that hands out the line's numbers moves it: it takes the lease over within a renewal.
            await().atMost(Duration.ofSeconds(10)).until(() -> called(lost, queue) >= 4);
            lost.kill();
            long calledBeforeLoss = called(survivor, queue);
            Instant lostAt = Instant.now();

            await().atMost(Duration.ofSeconds(5)).pollInterval(Duration.ofMillis(100))
                    .until(() -> called(survivor, queue) > calledBeforeLoss);
            assertThat(Duration.between(lostAt, Instant.now())).isLessThan(Duration.ofSeconds(5));
            for (String ticket : tickets) {
                HttpResponse<String> standing = Http.get(survivor, queue + "/" + ticket);
                assertThat(standing.statusCode()).as(standing.body()).isEqualTo(200);
            }
            lost.close();
        }
    }

    private static long called(ServiceProcess service, String queue) throws Exception {
        return json(Http.get(service, queue)).get("called").asLong();
    }

    private static long numberOf(String ticket) {
        return ByteBuffer.wrap(Base64.getUrlDecoder().decode(ticket)).getLong(17);
    }

    private static JsonNode json(HttpResponse<String> response) throws Exception {
        return JSON.readTree(response.body());
    }

    private static int freePort() throws Exception {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
