package dev.boxoffice.http;

import static dev.boxoffice.support.SeatStatuses.seatIs;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.boxoffice.support.OpenApiContract;
import dev.boxoffice.support.TestDatabase;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Seat changes answered before the REST layer answer as the resource does: the same requests, sent to two shows
 * alike, one well formed (answered by the route) and one with a charset in its Content-Type (which the route leaves
 * to the resource), get the same status, headers and body, for each outcome a seat change has.
 */
@QuarkusTest
@QuarkusTestResource(TestDatabase.class)
@ExtendWith(OpenApiContract.class)
class SeatChangesApiTest {

    private static final String DIRECT = "application/json";
    private static final String THROUGH_THE_RESOURCE = "application/json; charset=UTF-8";

    @Inject
    MeterRegistry registry;

    @Test
    void theRouteAnswersEveryOutcomeAsTheResourceDoes() {
        UUID direct = ShowApiTest.createShow(10);
        UUID resource = ShowApiTest.createShow(10);
        double before = directAnswers();

        List<Step> steps = List.of(
                new Step(1, "RESERVE", Map.of()), // 200
                new Step(1, "RESERVE", Map.of()), // 409 SEAT_NOT_AVAILABLE
                new Step(1, "CANCEL_RESERVATION", Map.of()), // 200
                new Step(1, "CANCEL_RESERVATION", Map.of()), // 409 SEAT_NOT_RESERVED
                new Step(99, "RESERVE", Map.of()), // 404 SEAT_NOT_FOUND
                new Step(2, "RESERVE", Map.of("Idempotency-Key", "k")), // 200, remembered
                new Step(2, "RESERVE", Map.of("Idempotency-Key", "k")), // the same answer, replayed
                new Step(3, "RESERVE", Map.of("Idempotency-Key", "k")), // 422 IDEMPOTENCY_KEY_REUSED
                new Step(4, "RESERVE", Map.of("Idempotency-Key", "\"")), // 400, a malformed key
                new Step(5, "RESERVE", Map.of("Admission-Token", "not-a-token")), // 403 ADMISSION_REQUIRED
                new Step(6, "RESERVE", Map.of("X-Correlation-Id", "c".repeat(128))), // 200
                new Step(6, "CANCEL_RESERVATION", Map.of("Accept", "*/*"))); // 200
        List<Integer> statuses = new ArrayList<>();
        for (Step step : steps) {
            // Keys are per node and request: each show gets its own, so that both are first-time writes.
            Response answered = step.send(direct, DIRECT, "direct-");
            Response resourceAnswered = step.send(resource, THROUGH_THE_RESOURCE, "resource-");
            assertThat(answered.statusCode()).as("status of %s", step).isEqualTo(resourceAnswered.statusCode());
            assertThat(answered.contentType()).as("media type of %s", step).isEqualTo(resourceAnswered.contentType());
            assertThat(answered.header("Retry-After")).isEqualTo(resourceAnswered.header("Retry-After"));
            assertThat(answered.asString().replace(direct.toString(), "{show}"))
                    .as("body of %s", step).isEqualTo(resourceAnswered.asString().replace(resource.toString(), "{show}"));
            statuses.add(answered.statusCode());
        }

        assertThat(statuses).containsExactly(200, 409, 200, 409, 404, 200, 200, 422, 400, 403, 200, 200);
        assertThat(directAnswers() - before).isEqualTo(steps.size());
        // Timed under the route's template, as the resource's answers are, never under a show's own path.
        assertThat(registry.find("http.server.requests").tag("uri", "/shows/{showId}/seats/{seatNum}").timers()).isNotEmpty();
        assertThat(registry.find("http.server.requests").timers())
                .noneMatch(timer -> String.valueOf(timer.getId().getTag("uri")).contains(direct.toString()));
    }

    @Test
    void whatTheRouteCannotTakeAsItIsGoesOnToTheResource() {
        UUID show = ShowApiTest.createShow(10);
        double before = directAnswers();

        change(show, "7", "{\"action\":\"RESERVE\"}", THROUGH_THE_RESOURCE).then().statusCode(200);
        change(show, "8", "{\"action\":\"HOLD\"}", DIRECT).then().statusCode(400);
        change(show, "8", "{\"action\":null}", DIRECT).then().statusCode(400);
        change(show, "8", "", DIRECT).then().statusCode(400);
        change(show, "8", "{\"action\":\"RESERVE\"", DIRECT).then().statusCode(400);
        change(show, "-1", "{\"action\":\"RESERVE\"}", DIRECT).then().statusCode(404);
        change(show, "x", "{\"action\":\"RESERVE\"}", DIRECT).then().statusCode(400);
        given().contentType(DIRECT).header("X-Correlation-Id", "c".repeat(129)).body("{\"action\":\"RESERVE\"}")
                .when().patch("/shows/" + show + "/seats/8").then().statusCode(400);
        given().contentType(DIRECT).accept("text/plain").body("{\"action\":\"RESERVE\"}")
                .when().patch("/shows/" + show + "/seats/8").then().statusCode(406);

        assertThat(directAnswers()).isEqualTo(before);
        given().get("/shows/" + show).then().body("seats", seatIs(8, "AVAILABLE")).body("seats", seatIs(7, "RESERVED"));
    }

    @Test
    void aSeatPathIsAShowsCanonicalIdAndASeatNumber() {
        String show = "/shows/0a1b2c3d-0000-4000-8000-000000000000/seats/";
        assertThat(SeatChanges.isSeatPath(show + "0")).isTrue();
        assertThat(SeatChanges.isSeatPath(show + "123456789")).isTrue();
        assertThat(SeatChanges.isSeatPath(show + "1234567890")).isFalse(); // may not fit an int: the resource says so
        assertThat(SeatChanges.isSeatPath(show)).isFalse();
        assertThat(SeatChanges.isSeatPath(show + "-1")).isFalse();
        assertThat(SeatChanges.isSeatPath(show + "1/")).isFalse();
        assertThat(SeatChanges.isSeatPath("/shows/0a1b2c3d-0000-4000-8000-00000000000g/seats/1")).isFalse();
        assertThat(SeatChanges.isSeatPath("/shows/0a1b2c3d00000-4000-8000-000000000000/seats/1")).isFalse();
        assertThat(SeatChanges.isSeatPath("/shows/0a1b2c3d-0000-4000-8000-000000000000/holds/1")).isFalse();
    }

    private double directAnswers() {
        return registry.get("boxoffice.seat.changes.direct").counter().count();
    }

    private static Response change(UUID show, String seat, String body, String contentType) {
        return given().contentType(contentType).body(body).when().patch("/shows/" + show + "/seats/" + seat);
    }

    private record Step(int seat, String action, Map<String, String> headers) {

        Response send(UUID show, String contentType, String keyPrefix) {
            RequestSpecification request = given().contentType(contentType).body("{\"action\":\"" + action + "\"}");
            headers.forEach((name, value) -> request.header(name,
                    name.equals("Idempotency-Key") && !value.equals("\"") ? keyPrefix + value : value));
            return request.when().patch("/shows/" + show + "/seats/" + seat);
        }
    }
}
