package dev.boxoffice.http;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.notNullValue;

import dev.boxoffice.domain.LineShuffle;
import dev.boxoffice.support.OpenApiContract;
import dev.boxoffice.support.SseClient;
import dev.boxoffice.support.TestDatabase;
import dev.boxoffice.support.WaitingRooms;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.response.ExtractableResponse;
import io.restassured.response.Response;
import io.restassured.response.ValidatableResponse;
import java.net.URI;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A show's waiting room over HTTP: join, wait, be admitted, buy with the admission token; the gate on seats; the
 * on-sale's draw, recomputed from what the room publishes; the line told when seats are all held or sold out; each
 * answer checked against /q/openapi.
 */
@QuarkusTest
@QuarkusTestResource(TestDatabase.class)
@ExtendWith(OpenApiContract.class)
class WaitingRoomApiTest {

    @Test
    void aBuyerJoinsIsAdmittedBuysWithTheTokenAndIsDone() {
        UUID show = WaitingRooms.createShow(Instant.now(), 50, 10);
        ValidatableResponse joined = join(show).statusCode(201).body("status", equalTo("WAITING"));
        String ticket = joined.extract().path("ticket");
        joined.header("Location", endsWith("/shows/" + show + "/queue/" + ticket)).header("Retry-After", notNullValue());
        ExtractableResponse<Response> admitted = awaitAdmitted(show, ticket);
        String token = admitted.path("admissionToken");
        assertThat(Instant.parse(admitted.path("admissionLapsesAt"))).isAfter(Instant.now().plusSeconds(590));

        problem(hold(show, "[1,2]", null), 403, "ADMISSION_REQUIRED").body("queue", equalTo("/shows/" + show + "/queue"));
        String hold = hold(show, "[1,2]", token).statusCode(201).extract().path("holdId");
        given().header(BuyerAdmission.HEADER, token).when().post("/shows/" + show + "/holds/" + hold + "/confirm")
                .then().statusCode(200).body("status", equalTo("CONFIRMED"));

        status(show, ticket).statusCode(200).body("status", equalTo("EXPIRED"));
        problem(hold(show, "[3]", token), 403, "ADMISSION_REQUIRED");
        given().header(BuyerAdmission.HEADER, token).when().post("/shows/" + show + "/holds/" + hold + "/confirm")
                .then().statusCode(200).body("status", equalTo("CONFIRMED")); // asked again, the same answer
    }

    @Test
    void joiningAgainWithItsTicketKeepsThePlace() {
        UUID show = WaitingRooms.createShow(Instant.now().plusSeconds(3600), 50, 10);
        String ticket = join(show).statusCode(201).header("Retry-After", notNullValue()).body("status", equalTo("WAITING"))
                .body("position", nullValue()).extract().path("ticket");

        given().header(QueueResource.TICKET_HEADER, ticket).when().post("/shows/" + show + "/queue")
                .then().statusCode(200).body("ticket", equalTo(ticket)).body("status", equalTo("WAITING"));
        assertThat(numberOf(join(show).statusCode(201).extract().path("ticket"))).isNotEqualTo(numberOf(ticket));
    }

    @Test
    void aForgedOrAlteredTicketOrTokenIsRefused() {
        UUID show = WaitingRooms.createShow(Instant.now(), 50, 10);
        UUID other = WaitingRooms.createShow(Instant.now(), 50, 10);
        String ticket = join(show).statusCode(201).extract().path("ticket");
        String token = awaitAdmitted(show, ticket).path("admissionToken");

        problem(status(show, "not-a-ticket"), 400, "INVALID_TICKET");
        problem(status(show, altered(ticket)), 400, "INVALID_TICKET");
        problem(status(other, ticket), 400, "INVALID_TICKET");
        problem(status(show, token), 400, "INVALID_TICKET");
        problem(hold(show, "[0]", altered(token)), 403, "ADMISSION_REQUIRED");
        problem(hold(other, "[0]", token), 403, "ADMISSION_REQUIRED");
        problem(hold(show, "[0]", ticket), 403, "ADMISSION_REQUIRED");
    }

    @Test
    void aShowWithoutAWaitingRoomHasNoQueueAndNeedsNoToken() {
        UUID show = UUID.randomUUID();
        given().contentType(ContentType.JSON).body("{\"showId\":\"" + show + "\",\"title\":\"Open\",\"maxSeats\":5}")
                .when().post("/shows").then().statusCode(201);

        problem(join(show), 404, "NO_WAITING_ROOM");
        problem(given().when().get("/shows/" + show + "/queue").then(), 404, "NO_WAITING_ROOM");
        hold(show, "[0]", null).statusCode(201);
        problem(join(UUID.randomUUID()), 404, "SHOW_NOT_FOUND");
        problem(given().contentType(ContentType.JSON).body("{\"showId\":\"" + UUID.randomUUID()
                + "\",\"title\":\"Bad\",\"maxSeats\":5,\"waitingRoom\":{\"admitPerSecond\":0}}").when().post("/shows").then(),
                400, "VALIDATION_FAILED");
    }

    @Test
    void thoseWhoJoinBeforeTheOnSaleAreCalledInTheOrderDrawnFromThePublishedSeed() {
        join(WaitingRooms.createShow(Instant.now(), 1, 1)).statusCode(201); // the first requests of a fresh service are slow
        Instant onSale = Instant.now().plusSeconds(3);
        UUID show = WaitingRooms.createShow(onSale, 1, 2); // a place a second, two at most: the line stops after two for a while
        List<String> tickets = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            tickets.add(join(show).statusCode(201).body("position", nullValue()).extract().path("ticket"));
        }
        assertThat(Instant.now()).as("every one joined before the on-sale").isBefore(onSale);

        await().atMost(Duration.ofSeconds(10)).until(() -> given().when().get("/shows/" + show + "/queue")
                .then().extract().<Integer>path("called") == 2);
        ExtractableResponse<Response> room = given().when().get("/shows/" + show + "/queue").then().statusCode(200).extract();
        assertThat(Instant.parse(room.path("draw.at"))).isAfterOrEqualTo(onSale.truncatedTo(java.time.temporal.ChronoUnit.MILLIS));
        byte[] seed = HexFormat.of().parseHex(room.path("draw.seed"));
        long count = ((Number) room.path("draw.count")).longValue();
        assertThat(count).as("every number handed out before the on-sale is drawn").isGreaterThanOrEqualTo(6);
        for (String ticket : tickets) {
            long place = LineShuffle.place(seed, count, numberOf(ticket));
            if (place < 2) {
                status(show, ticket).statusCode(200).body("status", equalTo("ADMITTED"));
            } else {
                // the room's rate is a place a second, though it calls none while two buyers are in
                status(show, ticket).statusCode(200).body("status", equalTo("WAITING")).body("position", equalTo((int) place - 1))
                        .body("estimatedWaitSeconds", equalTo((int) place - 1));
            }
        }
    }

    @Test
    void theLineIsStillWhileEverySeatIsHeldToldWhenSoldOutAndMovesOnInOrderWhenASeatComesBack() {
        UUID show = WaitingRooms.createShow(Instant.now(), 50, 10, 2);
        String first = join(show).statusCode(201).extract().path("ticket");
        String token = awaitAdmitted(show, first).path("admissionToken");
        String hold = hold(show, "[0,1]", token).statusCode(201).extract().path("holdId");

        String second = join(show).statusCode(201).body("status", equalTo("WAITING")).body("seats", equalTo("ALL_HELD"))
                .extract().path("ticket");
        long called = room(show).body("seatsAvailable", equalTo(0)).body("seatsHeld", equalTo(2)).extract().<Number>path("called").longValue();
        await().during(Duration.ofSeconds(1)).atMost(Duration.ofSeconds(2)).until(() -> status(show, second).extract().path("status").equals("WAITING"));
        assertThat(room(show).extract().<Number>path("called").longValue()).as("nobody called while nothing is on sale").isEqualTo(called);

        given().header(BuyerAdmission.HEADER, token).when().post("/shows/" + show + "/holds/" + hold + "/confirm").then().statusCode(200);
        status(show, second).statusCode(200).header("Retry-After", equalTo("60")).body("status", equalTo("SOLD_OUT"))
                .body("position", nullValue());
        problem(join(show), 409, "SOLD_OUT").body("detail", equalTo("Every seat of show " + show
                + " is sold, and none is held that could come back."));
        room(show).body("seatsAvailable", equalTo(0)).body("seatsHeld", equalTo(0));

        given().contentType(ContentType.JSON).body("{\"action\":\"CANCEL_RESERVATION\"}").when()
                .patch("/shows/" + show + "/seats/1").then().statusCode(200);
        awaitAdmitted(show, second); // kept its place, and called once a seat came back
        join(show).statusCode(201);
    }

    @Test
    void aTicketsStreamIsToldOfTheSellOutAtOnceAndEnds() throws Exception {
        UUID show = WaitingRooms.createShow(Instant.now(), 1, 1, 1);
        String first = join(show).statusCode(201).extract().path("ticket");
        String token = awaitAdmitted(show, first).path("admissionToken");
        String hold = hold(show, "[0]", token).statusCode(201).extract().path("holdId");
        for (int i = 0; i < 40; i++) {
            join(show).statusCode(201);
        }
        String last = join(show).statusCode(201).extract().path("ticket"); // 40 s to wait: its stream looks every 10 s
        try (SseClient stream = SseClient.open(URI.create("http://127.0.0.1:" + RestAssured.port + "/shows/" + show
                + "/queue/" + last + "/stream"), null)) {
            assertThat(stream.next(Duration.ofSeconds(5)).data()).contains("\"seats\":\"ALL_HELD\"");
            given().header(BuyerAdmission.HEADER, token).when().post("/shows/" + show + "/holds/" + hold + "/confirm").then().statusCode(200);
            SseClient.Event event;
            do {
                event = stream.next(Duration.ofSeconds(3)); // woken when the seats ran out, not at its next look
            } while (event.data().contains("\"WAITING\""));
            assertThat(event.data()).contains("\"status\":\"SOLD_OUT\"");
            await().atMost(Duration.ofSeconds(3)).until(stream::ended);
        }
    }

    private static ValidatableResponse room(UUID show) {
        return given().when().get("/shows/" + show + "/queue").then().statusCode(200);
    }

    private static ExtractableResponse<Response> awaitAdmitted(UUID show, String ticket) {
        await().atMost(Duration.ofSeconds(10)).pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(100))
                .until(() -> "ADMITTED".equals(status(show, ticket).extract().path("status")));
        return status(show, ticket).statusCode(200).extract();
    }

    private static ValidatableResponse join(UUID show) {
        return given().when().post("/shows/" + show + "/queue").then();
    }

    private static ValidatableResponse status(UUID show, String ticket) {
        return given().when().get("/shows/" + show + "/queue/" + ticket).then();
    }

    private static ValidatableResponse hold(UUID show, String seats, String token) {
        var request = given().contentType(ContentType.JSON).body("{\"seats\":" + seats + "}");
        if (token != null) {
            request.header(BuyerAdmission.HEADER, token);
        }
        return request.when().post("/shows/" + show + "/holds").then();
    }

    /** The arrival number a ticket carries (signed, not secret). */
    private static long numberOf(String ticket) {
        return ByteBuffer.wrap(Base64.getUrlDecoder().decode(ticket)).getLong(17);
    }

    private static String altered(String signed) {
        byte[] bytes = Base64.getUrlDecoder().decode(signed);
        bytes[20] ^= 1;
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    private static ValidatableResponse problem(ValidatableResponse response, int status, String code) {
        return response.statusCode(status).contentType("application/problem+json").body("code", equalTo(code));
    }
}
