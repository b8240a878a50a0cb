package dev.boxoffice.http;

import static dev.boxoffice.support.SeatStatuses.seatIs;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.boxoffice.support.OpenApiContract;
import dev.boxoffice.support.TestDatabase;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Confirmations and releases answered before the REST layer answer as the resource does: the same requests, sent to
 * two shows alike, one well formed (answered by the route) and one with a Content-Type (which the route leaves to the
 * resource), get the same status, headers and body, for each outcome settling a hold has.
 */
@QuarkusTest
@QuarkusTestResource(TestDatabase.class)
@ExtendWith(OpenApiContract.class)
class HoldSettlementsApiTest {

    @Inject
    MeterRegistry registry;

    @Test
    void theRouteAnswersEveryOutcomeAsTheResourceDoes() throws InterruptedException {
        Show direct = new Show(false);
        Show resource = new Show(true);
        for (Show show : List.of(direct, resource)) {
            show.hold("a", 0, 600);
            show.hold("b", 1, 600);
            show.hold("c", 2, 600);
            show.hold("d", 3, 600);
            show.hold("e", 4, 600);
            show.hold("f", 5, 600);
            show.hold("expiring", 6, 1);
        }
        double before = directAnswers();
        Thread.sleep(1_100); // the expiring hold's second is up

        List<Step> steps = List.of(
                new Step("a", true, Map.of()), // 200 CONFIRMED
                new Step("a", true, Map.of()), // 200, the same answer
                new Step("a", false, Map.of()), // 409 HOLD_ALREADY_CONFIRMED
                new Step("b", false, Map.of()), // 200 RELEASED
                new Step("b", false, Map.of()), // 200, the same answer
                new Step("b", true, Map.of()), // 409 HOLD_RELEASED
                new Step("unknown", true, Map.of()), // 404 HOLD_NOT_FOUND
                new Step("expiring", true, Map.of()), // 410 HOLD_EXPIRED
                new Step("c", true, Map.of("Idempotency-Key", "k")), // 200, remembered
                new Step("c", true, Map.of("Idempotency-Key", "k")), // the same answer, replayed
                new Step("d", true, Map.of("Idempotency-Key", "k")), // 422 IDEMPOTENCY_KEY_REUSED
                new Step("d", true, Map.of("Idempotency-Key", "\"")), // 400, a malformed key
                new Step("d", true, Map.of("Admission-Token", "not-a-token")), // 403 ADMISSION_REQUIRED
                new Step("e", true, Map.of("X-Correlation-Id", "c".repeat(128))), // 200
                new Step("f", false, Map.of("Accept", "*/*"))); // 200
        List<Integer> statuses = new ArrayList<>();
        for (Step step : steps) {
            Response answered = direct.send(step);
            Response resourceAnswered = resource.send(step);
            assertThat(answered.statusCode()).as("status of %s", step).isEqualTo(resourceAnswered.statusCode());
            assertThat(answered.contentType()).as("media type of %s", step).isEqualTo(resourceAnswered.contentType());
            assertThat(answered.header("Retry-After")).isEqualTo(resourceAnswered.header("Retry-After"));
            assertThat(direct.normalized(answered)).as("body of %s", step).isEqualTo(resource.normalized(resourceAnswered));
            statuses.add(answered.statusCode());
        }

        assertThat(statuses).containsExactly(200, 200, 409, 200, 200, 409, 404, 410, 200, 200, 422, 400, 403, 200, 200);
        assertThat(directAnswers() - before).isEqualTo(steps.size());
        assertThat(registry.find("http.server.requests").tag("uri", "/shows/{showId}/holds/{holdId}/confirm").timers()).isNotEmpty();
        assertThat(registry.find("http.server.requests").tag("uri", "/shows/{showId}/holds/{holdId}").timers()).isNotEmpty();
        assertThat(registry.find("http.server.requests").timers())
                .noneMatch(timer -> String.valueOf(timer.getId().getTag("uri")).contains(direct.id.toString()));
    }

    @Test
    void whatTheRouteCannotTakeAsItIsGoesOnToTheResource() {
        Show show = new Show(false);
        String hold = show.hold("a", 0, 600);
        String path = "/shows/" + show.id + "/holds/" + hold;
        double before = directAnswers();

        given().noContentType().header("X-Correlation-Id", "c".repeat(129)).when().post(path + "/confirm").then().statusCode(400);
        given().noContentType().accept("text/plain").when().post(path + "/confirm").then().statusCode(406);
        given().noContentType().when().post("/shows/" + show.id + "/holds/not-a-uuid/confirm").then().statusCode(400);
        given().noContentType().when().post("/shows/" + show.id + "/holds/" + hold + "x/confirm").then().statusCode(400);
        given().contentType(ContentType.JSON).body("{}").when().post(path + "/confirm").then().statusCode(200);

        assertThat(directAnswers()).isEqualTo(before);
        given().get("/shows/" + show.id).then().body("seats", seatIs(0, "RESERVED"));
    }

    @Test
    void aHoldPathIsAShowsAndAHoldsCanonicalIds() {
        String hold = "/shows/0a1b2c3d-0000-4000-8000-000000000000/holds/1a1b2c3d-0000-4000-8000-00000000000F";
        assertThat(HoldSettlements.isHoldPath(hold, false)).isTrue();
        assertThat(HoldSettlements.isHoldPath(hold + "/confirm", true)).isTrue();
        assertThat(HoldSettlements.isHoldPath(hold + "/confirm", false)).isFalse();
        assertThat(HoldSettlements.isHoldPath(hold, true)).isFalse();
        assertThat(HoldSettlements.isHoldPath(hold + "/confirms", true)).isFalse();
        assertThat(HoldSettlements.isHoldPath(hold + "/", false)).isFalse();
        assertThat(HoldSettlements.isHoldPath(hold.replace("/holds/", "/seats/"), false)).isFalse();
        assertThat(HoldSettlements.isHoldPath(hold.replace("-00000000000F", "-00000000000g"), false)).isFalse();
        assertThat(HoldSettlements.isHoldPath(hold.replace("0a1b2c3d-", "0a1b2c3d0"), false)).isFalse();
    }

    private double directAnswers() {
        return registry.get("boxoffice.hold.settlements.direct").counter().count();
    }

    /** A request to settle the hold called {@code hold} in each show. */
    private record Step(String hold, boolean confirm, Map<String, String> headers) {
    }

    /** A show of ten seats, its holds by name, and the way its requests go: direct, or through the resource. */
    private static final class Show {

        final UUID id = ShowApiTest.createShow(10);
        final Map<String, String> holds = new HashMap<>(Map.of("unknown", UUID.randomUUID().toString()));
        final boolean throughTheResource;

        Show(boolean throughTheResource) {
            this.throughTheResource = throughTheResource;
        }

        String hold(String name, int seat, int ttlSeconds) {
            String hold = given().contentType(ContentType.JSON).body("{\"seats\":[" + seat + "],\"ttlSeconds\":" + ttlSeconds + "}")
                    .when().post("/shows/" + id + "/holds").then().statusCode(201).extract().path("holdId");
            holds.put(name, hold);
            return hold;
        }

        Response send(Step step) {
            // A Content-Type without a body goes to the resource; RestAssured sends one with every POST unless told not to.
            RequestSpecification request = throughTheResource ? given().contentType(ContentType.JSON) : given().noContentType();
            // Keys are per node and request: each show gets its own, so that both are first-time writes.
            step.headers().forEach((name, value) -> request.header(name,
                    name.equals("Idempotency-Key") && !value.equals("\"") ? value + "-" + throughTheResource : value));
            String path = "/shows/" + id + "/holds/" + holds.get(step.hold());
            return step.confirm() ? request.when().post(path + "/confirm") : request.when().delete(path);
        }

        /** The body with this show's own ids and times in words that are alike for both shows. */
        String normalized(Response answered) {
            String body = answered.asString().replace(id.toString(), "{show}");
            for (Map.Entry<String, String> hold : holds.entrySet()) {
                body = body.replace(hold.getValue(), "{" + hold.getKey() + "}");
            }
            return body.replaceAll("\\d{4}-\\d{2}-\\d{2}T[\\d:.]+Z", "{time}"); // an expiry, in a hold or a problem
        }
    }
}
