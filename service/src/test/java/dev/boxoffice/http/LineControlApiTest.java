package dev.boxoffice.http;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;

import dev.boxoffice.support.OpenApiContract;
import dev.boxoffice.support.SseClient;
import dev.boxoffice.support.TestDatabase;
import dev.boxoffice.support.WaitingRooms;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.ValidatableResponse;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Operators steering a waiting room over HTTP, with the admin token: a pause keeps the line still and a resume moves
 * it on, a new rate reaches the estimates, a pause, a resume and a new rate reach a ticket's stream within 2 s, a
 * closed line takes nobody new; each control listed in the room's record
 * with who made it; the operators' feed showing the line and each control within a second; each answer checked
 * against /q/openapi.
 */
@QuarkusTest
@QuarkusTestResource(TestDatabase.class)
@ExtendWith(OpenApiContract.class)
class LineControlApiTest {

    private static final String ADMIN = "Bearer test-admin-token";

    @Test
    void aPausedLineStaysStillUntilResumedAndTheRecordSaysWhoDidIt() {
        UUID show = WaitingRooms.createShow(Instant.now(), 5, 100);
        for (int i = 0; i < 30; i++) {
            join(show).statusCode(201);
        }
        await().atMost(Duration.ofSeconds(5)).until(() -> called(show) >= 1);

        control(show, "{\"action\":\"PAUSE\",\"operator\":\"Ada\"}").statusCode(200).body("paused", equalTo(true));
        long paused = called(show);
        await().during(Duration.ofMillis(1_200)).atMost(Duration.ofSeconds(2)).until(() -> called(show) == paused);

        control(show, "{\"action\":\"RESUME\",\"operator\":\"Grace\"}").statusCode(200).body("paused", equalTo(false))
                .body("controls.action", contains("PAUSE", "RESUME")).body("controls.operator", contains("Ada", "Grace"));
        await().atMost(Duration.ofSeconds(3)).until(() -> called(show) > paused);
        control(show, "{\"action\":\"RESUME\",\"operator\":\"Grace\"}").statusCode(200)
                .body("controls.action", contains("PAUSE", "RESUME")); // not paused: nothing recorded
    }

    @Test
    void aNewRateReachesTheEstimatesAndAClosedLineTakesNobodyNew() {
        UUID show = WaitingRooms.createShow(Instant.now().plusSeconds(3600), 1, 100);
        for (int i = 0; i < 30; i++) {
            join(show).statusCode(201);
        }
        String ticket = join(show).statusCode(201).extract().path("ticket");
        long slow = ((Number) standing(show, ticket).extract().path("estimatedWaitSeconds")).longValue();

        control(show, "{\"action\":\"SET_RATE\",\"value\":30,\"operator\":\"Ada\"}").statusCode(200)
                .body("admitPerSecond", equalTo(30));
        long fast = ((Number) standing(show, ticket).extract().path("estimatedWaitSeconds")).longValue();
        assertThat(fast).as("the same line at 30 a second").isLessThan(slow);
        control(show, "{\"action\":\"SET_MAX_ACTIVE\",\"value\":7,\"operator\":\"Ada\"}").statusCode(200)
                .body("maxActive", equalTo(7));

        control(show, "{\"action\":\"CLOSE\",\"operator\":\"Ada\"}").statusCode(200).body("closed", equalTo(true));
        join(show).statusCode(409).contentType("application/problem+json").body("code", equalTo("LINE_CLOSED"));
        standing(show, ticket).statusCode(200).body("status", equalTo("WAITING")); // those in line keep their places
    }

    @Test
    void aControlWithoutTheTokenOrMalformedIsRefusedAndChangesNothing() {
        UUID show = WaitingRooms.createShow(Instant.now(), 5, 100);
        String pause = "{\"action\":\"PAUSE\",\"operator\":\"Ada\"}";
        problem(given().contentType(ContentType.JSON).body(pause).when().post(controls(show)).then(), 401, "UNAUTHORIZED");
        problem(given().header("Authorization", "Bearer wrong").contentType(ContentType.JSON).body(pause)
                .when().post(controls(show)).then(), 401, "UNAUTHORIZED");
        problem(control(show, "{\"action\":\"SET_RATE\",\"operator\":\"Ada\"}"), 400, "VALIDATION_FAILED");
        problem(control(show, "{\"action\":\"PAUSE\",\"value\":3,\"operator\":\"Ada\"}"), 400, "VALIDATION_FAILED");
        problem(control(show, "{\"action\":\"SET_RATE\",\"value\":0,\"operator\":\"Ada\"}"), 400, "VALIDATION_FAILED");
        problem(control(show, "{\"action\":\"PAUSE\",\"operator\":\" \"}"), 400, "VALIDATION_FAILED");
        problem(control(show, "{\"action\":\"DANCE\",\"operator\":\"Ada\"}"), 400, "VALIDATION_FAILED");
        problem(control(UUID.randomUUID(), pause), 404, "SHOW_NOT_FOUND");
        given().when().get("/shows/" + show + "/queue").then().statusCode(200).body("paused", equalTo(false))
                .body("controls.size()", equalTo(0));
    }

    @Test
    void theOperatorsFeedShowsTheLineAndEachControlWithinASecond() throws Exception {
        UUID show = WaitingRooms.createShow(Instant.now(), 2, 100, 100);
        for (int i = 0; i < 30; i++) {
            join(show).statusCode(201);
        }
        URI feedUri = URI.create("http://127.0.0.1:" + RestAssured.port + "/shows/" + show + "/queue/operator/stream");
        try (SseClient feed = SseClient.openAuthorized(feedUri, ADMIN)) {
            JsonPath first = JsonPath.from(feed.next(Duration.ofSeconds(5)).data());
            assertThat(first.getLong("waiting") + first.getLong("room.called")).as("every arrival, waiting or called")
                    .isGreaterThanOrEqualTo(30);
            assertThat(first.getInt("seatsSold")).isZero();
            assertThat(first.getInt("room.seatsAvailable")).isEqualTo(100);
            assertThat(first.getLong("lastWaitSeconds")).isEqualTo((first.getLong("waiting") + 1) / 2);

            control(show, "{\"action\":\"SET_RATE\",\"value\":7,\"operator\":\"Ada\"}").statusCode(200);
            JsonPath faster = nextWhere(feed, Duration.ofSeconds(1), view -> view.getInt("room.admitPerSecond") == 7);
            assertThat(faster.getLong("lastWaitSeconds")).isEqualTo((faster.getLong("waiting") + 6) / 7);
            assertThat(faster.getList("room.controls.operator")).containsExactly("Ada");

            control(show, "{\"action\":\"PAUSE\",\"operator\":\"Grace\"}").statusCode(200);
            JsonPath paused = nextWhere(feed, Duration.ofSeconds(1), view -> view.getBoolean("room.paused"));
            assertThat(paused.<Object>get("lastWaitSeconds")).as("nobody is called while paused").isNull();
        }
    }

    @Test
    void aPauseAResumeAndANewRateReachATicketsStreamWithinTwoSeconds() throws Exception {
        UUID show = WaitingRooms.createShow(Instant.now(), 1, 100);
        for (int i = 0; i < 60; i++) {
            join(show).statusCode(201);
        }
        String last = join(show).statusCode(201).extract().path("ticket"); // a minute to wait: its stream looks every 10 s
        URI streamUri = URI.create("http://127.0.0.1:" + RestAssured.port + "/shows/" + show + "/queue/" + last + "/stream");
        try (SseClient stream = SseClient.open(streamUri, null)) {
            assertThat(JsonPath.from(stream.next(Duration.ofSeconds(5)).data()).getLong("estimatedWaitSeconds")).isGreaterThan(30);

            control(show, "{\"action\":\"PAUSE\",\"operator\":\"Ada\"}").statusCode(200);
            JsonPath paused = nextWhere(stream, Duration.ofSeconds(2), view -> Boolean.TRUE.equals(view.get("paused")));
            assertThat(paused.<Object>get("estimatedWaitSeconds")).as("no wait is told while nobody is called").isNull();
            standing(show, last).statusCode(200).body("paused", equalTo(true)).header("Retry-After", "10");

            control(show, "{\"action\":\"SET_RATE\",\"value\":60,\"operator\":\"Ada\"}").statusCode(200);
            control(show, "{\"action\":\"RESUME\",\"operator\":\"Ada\"}").statusCode(200);
            JsonPath resumed = nextWhere(stream, Duration.ofSeconds(2), view -> view.get("paused") == null);
            assertThat(resumed.getLong("estimatedWaitSeconds")).as("the same place at 60 a second").isLessThanOrEqualTo(2);
        }
    }

    @Test
    void theOperatorsFeedIsRefusedWithoutTheTokenAndForAShowWithoutARoom() {
        UUID show = WaitingRooms.createShow(Instant.now(), 5, 100);
        for (String path : List.of("/queue/operator", "/queue/operator/stream")) {
            problem(given().when().get("/shows/" + show + path).then(), 401, "UNAUTHORIZED");
            problem(given().header("Authorization", "Bearer wrong").when().get("/shows/" + show + path).then(), 401, "UNAUTHORIZED");
            problem(given().header("Authorization", ADMIN).when().get("/shows/" + UUID.randomUUID() + path).then(), 404, "SHOW_NOT_FOUND");
            problem(given().header("Authorization", ADMIN).when().get("/shows/not-a-show" + path).then(), 400, "VALIDATION_FAILED");
        }
        UUID withoutRoom = UUID.randomUUID();
        given().contentType(ContentType.JSON).body("{\"showId\":\"" + withoutRoom + "\",\"title\":\"Open\",\"maxSeats\":5}")
                .when().post("/shows").then().statusCode(201);
        problem(given().header("Authorization", ADMIN).when().get("/shows/" + withoutRoom + "/queue/operator/stream").then(), 404, "NO_WAITING_ROOM");
        given().header("Authorization", ADMIN).when().get("/shows/" + show + "/queue/operator").then().statusCode(200)
                .body("room.showId", equalTo(show.toString())).body("seatsSold", equalTo(0));
    }

    /** The first event on the stream, within {@code within}, whose JSON {@code wanted} says yes to. */
    static JsonPath nextWhere(SseClient feed, Duration within, Predicate<JsonPath> wanted) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (true) {
            JsonPath view = JsonPath.from(feed.next(Duration.ofNanos(Math.max(1, deadline - System.nanoTime()))).data());
            if (wanted.test(view)) {
                return view;
            }
        }
    }

    private static ValidatableResponse control(UUID show, String body) {
        return given().header("Authorization", ADMIN).contentType(ContentType.JSON).body(body).when().post(controls(show)).then();
    }

    private static String controls(UUID show) {
        return "/shows/" + show + "/queue/controls";
    }

    private static ValidatableResponse join(UUID show) {
        return given().when().post("/shows/" + show + "/queue").then();
    }

    private static ValidatableResponse standing(UUID show, String ticket) {
        return given().when().get("/shows/" + show + "/queue/" + ticket).then();
    }

    private static long called(UUID show) {
        return ((Number) given().when().get("/shows/" + show + "/queue").then().statusCode(200).extract().path("called")).longValue();
    }

    private static void problem(ValidatableResponse response, int status, String code) {
        response.statusCode(status).contentType("application/problem+json").body("code", equalTo(code));
    }
}
