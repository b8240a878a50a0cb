package dev.boxoffice.http;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;

import dev.boxoffice.support.OpenApiContract;
import dev.boxoffice.support.TestDatabase;
import dev.boxoffice.support.WaitingRooms;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Operators steering a waiting room over HTTP, with the admin token: a pause keeps the line still and a resume moves
 * it on, a new rate reaches the estimates, a closed line takes nobody new; each control listed in the room's record
 * with who made it; each answer checked against /q/openapi.
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
