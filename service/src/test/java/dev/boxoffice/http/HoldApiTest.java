package dev.boxoffice.http;

import static dev.boxoffice.support.SeatStatuses.seatIs;
import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;

import dev.boxoffice.support.OpenApiContract;
import dev.boxoffice.support.TestDatabase;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Holds and multi-seat reservations over HTTP: every route, every error, each answer checked against /q/openapi. */
@QuarkusTest
@QuarkusTestResource(TestDatabase.class)
@ExtendWith(OpenApiContract.class)
class HoldApiTest {

    @Test
    void holdsSeatsUntilTheyExpireAndShowsThemHeld() {
        UUID show = createShow(10);
        Instant before = Instant.now();

        String location = hold(show, "[3,4,5]", 300).statusCode(201)
                .header("Location", notNullValue())
                .body("seats", equalTo(List.of(3, 4, 5)))
                .body("status", equalTo("HELD"))
                .extract().header("Location");
        String holdId = location.substring(location.lastIndexOf('/') + 1);

        given().when().get("/shows/" + show + "/holds/" + holdId).then().statusCode(200)
                .body("holdId", equalTo(holdId)).body("showId", equalTo(show.toString())).body("status", equalTo("HELD"));
        given().when().get("/shows/" + show).then().statusCode(200)
                .body("seats", seatIs(4, "HELD")).body("seats", seatIs(6, "AVAILABLE"));
        String expiresAt = given().when().get(location.substring(location.indexOf("/shows"))).then().extract().path("expiresAt");
        org.assertj.core.api.Assertions.assertThat(Instant.parse(expiresAt)).isBetween(before.plusSeconds(299), Instant.now().plusSeconds(301));
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> given().queryParam("available", "true").queryParam("limit", 200)
                .when().get("/shows").then().body("items.find { it.showId == '" + show + "' }.availableSeats", equalTo(7)));
    }

    @Test
    void theDefaultHoldLastsTenMinutes() {
        UUID show = createShow(2);
        String expiresAt = given().contentType(ContentType.JSON).body("{\"seats\":[0]}")
                .when().post("/shows/" + show + "/holds").then().statusCode(201).extract().path("expiresAt");
        org.assertj.core.api.Assertions.assertThat(Instant.parse(expiresAt))
                .isBetween(Instant.now().plusSeconds(590), Instant.now().plusSeconds(601));
    }

    @Test
    void aSeatTakenAnywhereRefusesTheHoldAndNamesEverySeatTaken() {
        UUID show = createShow(10);
        hold(show, "[1,2]", 60).statusCode(201);
        reserve(show, "[7]").statusCode(200);

        problem(hold(show, "[0,2,7,8]", 60), 409, "SEATS_NOT_AVAILABLE").body("seats", equalTo(List.of(2, 7)));
        problem(reserve(show, "[2,3]"), 409, "SEATS_NOT_AVAILABLE").body("seats", equalTo(List.of(2)));
        given().when().get("/shows/" + show).then().body("seats", seatIs(0, "AVAILABLE"));
    }

    @Test
    void refusesAnInvalidSeatListWithA400() {
        UUID show = createShow(5);
        problem(hold(show, "[1,1]", 60), 400, "VALIDATION_FAILED");
        problem(hold(show, "[]", 60), 400, "VALIDATION_FAILED");
        problem(hold(show, "[-1]", 60), 400, "VALIDATION_FAILED");
        problem(hold(show, "[4,5,9]", 60), 400, "SEATS_OUT_OF_RANGE").body("seats", equalTo(List.of(5, 9)));
        problem(hold(show, "[0]", 0), 400, "VALIDATION_FAILED");
        problem(hold(show, "[0]", 3601), 400, "VALIDATION_FAILED");
        String tooMany = IntStream.range(0, 101).boxed().toList().toString();
        problem(hold(createShow(200), tooMany, 60), 400, "VALIDATION_FAILED");
        problem(reserve(show, "[2,2]"), 400, "VALIDATION_FAILED");
        problem(given().contentType(ContentType.JSON).body("{\"seats\":\"all\"}").when().post("/shows/" + show + "/holds").then(),
                400, "VALIDATION_FAILED");
        problem(given().when().get("/shows/" + show + "/holds/not-a-uuid").then(), 400, "VALIDATION_FAILED");
    }

    @Test
    void aConfirmedHoldReservesItsSeatsAndConfirmingAgainGivesTheSameAnswer() {
        UUID show = createShow(10);
        String hold = holdId(hold(show, "[1,2]", 60));

        confirm(show, hold).statusCode(200).body("status", equalTo("CONFIRMED")).body("seats", equalTo(List.of(1, 2)));
        confirm(show, hold).statusCode(200).body("status", equalTo("CONFIRMED"));

        given().when().get("/shows/" + show).then().body("seats", seatIs(1, "RESERVED")).body("seats", seatIs(2, "RESERVED"));
        problem(release(show, hold), 409, "HOLD_ALREADY_CONFIRMED");
    }

    @Test
    void aReleasedHoldFreesItsSeatsAndCannotBeConfirmed() {
        UUID show = createShow(10);
        String hold = holdId(hold(show, "[6]", 60));

        release(show, hold).statusCode(200).body("status", equalTo("RELEASED"));
        release(show, hold).statusCode(200).body("status", equalTo("RELEASED"));

        given().when().get("/shows/" + show).then().body("seats", seatIs(6, "AVAILABLE"));
        problem(confirm(show, hold), 409, "HOLD_RELEASED");
        hold(show, "[6]", 60).statusCode(201);
    }

    @Test
    void aHoldWhoseTimeIsUpIsGoneAndItsSeatsAreReleasedByAnEvent() {
        UUID show = createShow(4);
        String hold = holdId(hold(show, "[0,1]", 1));

        await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> given().when().get("/shows/" + show + "/holds/" + hold)
                .then().statusCode(200).body("status", equalTo("EXPIRED")));
        problem(confirm(show, hold), 410, "HOLD_EXPIRED");
        problem(release(show, hold), 410, "HOLD_EXPIRED");
        await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> given().when().get("/shows/" + show).then()
                .body("seats", seatIs(0, "AVAILABLE")).body("seats", seatIs(1, "AVAILABLE")));
        problem(confirm(show, hold), 410, "HOLD_EXPIRED");
    }

    @Test
    void reservesSeveralSeatsAtOnce() {
        UUID show = createShow(10);

        reserve(show, "[7,2,5]").statusCode(200).body("seats", equalTo(List.of(7, 2, 5))).body("status", equalTo("RESERVED"));

        given().when().get("/shows/" + show).then().body("seats", seatIs(2, "RESERVED")).body("seats", seatIs(5, "RESERVED"));
        given().contentType(ContentType.JSON).body("{\"action\":\"CANCEL_RESERVATION\"}")
                .when().patch("/shows/" + show + "/seats/5").then().statusCode(200).body("status", equalTo("AVAILABLE"));
    }

    @Test
    void unknownShowsAndHoldsAreNotFound() {
        UUID missing = UUID.randomUUID();
        problem(hold(missing, "[0]", 60), 404, "SHOW_NOT_FOUND");
        problem(reserve(missing, "[0]"), 404, "SHOW_NOT_FOUND");
        problem(given().when().get("/shows/" + missing + "/holds/" + UUID.randomUUID()).then(), 404, "SHOW_NOT_FOUND");
        UUID show = createShow(2);
        String unknown = UUID.randomUUID().toString();
        problem(given().when().get("/shows/" + show + "/holds/" + unknown).then(), 404, "HOLD_NOT_FOUND");
        problem(confirm(show, unknown), 404, "HOLD_NOT_FOUND");
        problem(release(show, unknown), 404, "HOLD_NOT_FOUND");
    }

    @Test
    void theSeatPatchOfTheSeedStillWorksAndSeesHeldSeats() {
        UUID show = createShow(3);
        hold(show, "[1]", 60).statusCode(201);

        problem(given().contentType(ContentType.JSON).body("{\"action\":\"RESERVE\"}").when().patch("/shows/" + show + "/seats/1").then(),
                409, "SEAT_NOT_AVAILABLE");
        given().contentType(ContentType.JSON).body("{\"action\":\"RESERVE\"}").when().patch("/shows/" + show + "/seats/0")
                .then().statusCode(200).body("status", equalTo("RESERVED"));
    }

    @Test
    void aHoldTheShowNoLongerRemembersIsAnsweredFromTheReadModel() {
        UUID show = createShow(1);
        String first = holdId(hold(show, "[0]", 60));
        confirm(show, first).statusCode(200);
        given().contentType(ContentType.JSON).body("{\"action\":\"CANCEL_RESERVATION\"}").when().patch("/shows/" + show + "/seats/0")
                .then().statusCode(200);
        for (int i = 0; i < 130; i++) { // a show remembers its last 128 ended holds
            release(show, holdId(hold(show, "[0]", 60))).statusCode(200);
        }

        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> given().when().get("/shows/" + show + "/holds/" + first)
                .then().statusCode(200).body("status", equalTo("CONFIRMED")));
        confirm(show, first).statusCode(200).body("status", equalTo("CONFIRMED"));
        problem(release(show, first), 409, "HOLD_ALREADY_CONFIRMED");
    }

    @Test
    void otherMethodsAreRefusedWithTheAllowedOnes() {
        UUID show = createShow(1);
        given().when().put("/shows/" + show + "/holds").then().statusCode(405).header("Allow", equalTo("OPTIONS, POST"));
        given().when().get("/shows/" + show + "/holds/" + UUID.randomUUID() + "/confirm").then().statusCode(405)
                .header("Allow", equalTo("OPTIONS, POST"));
    }

    /** 50 seats: five rows of ten, A to E, the stage before row A. */
    @Test
    void holdsTheBestSeatsAvailableTogetherAndNamesThemAsPeopleDo() {
        UUID show = createShow(50);

        bestAvailable(show, "{\"count\":4}").statusCode(201)
                .body("seats", equalTo(List.of(3, 4, 5, 6)))
                .body("labels", equalTo(List.of("Hall, row A, seat 4", "Hall, row A, seat 5", "Hall, row A, seat 6",
                        "Hall, row A, seat 7")))
                .body("status", equalTo("HELD"));
        // Row A has three seats left on each side: four together are next found in row B's middle.
        bestAvailable(show, "{\"count\":4,\"category\":\"Standard\",\"ttlSeconds\":60}").statusCode(201)
                .body("seats", equalTo(List.of(13, 14, 15, 16)));
        given().when().get("/shows/" + show).then().body("seats", seatIs(14, "HELD"));
    }

    @Test
    void refusesABestAvailableHoldThatCannotSitTogetherOrAsksForWhatTheHallLacks() {
        UUID show = createShow(3);
        problem(bestAvailable(show, "{\"count\":4}"), 409, "NO_SEATS_TOGETHER")
                .body("detail", equalTo("No 4 seats are available together; 3 are available, at most 3 together."));
        problem(bestAvailable(show, "{\"count\":2,\"category\":\"Gold\"}"), 400, "CATEGORY_NOT_FOUND");
        problem(bestAvailable(show, "{\"count\":0}"), 400, "VALIDATION_FAILED");
        problem(bestAvailable(show, "{\"count\":21}"), 400, "VALIDATION_FAILED");
        problem(bestAvailable(show, "{\"count\":2,\"seats\":[0,1]}"), 400, "VALIDATION_FAILED");
        problem(bestAvailable(show, "{\"seats\":[0],\"category\":\"Standard\"}"), 400, "VALIDATION_FAILED");
        problem(bestAvailable(show, "{\"ttlSeconds\":60}"), 400, "VALIDATION_FAILED");
        given().when().get("/shows/" + show).then().body("seats", seatIs(0, "AVAILABLE"));
    }

    private static ValidatableResponse bestAvailable(UUID show, String body) {
        return given().contentType(ContentType.JSON).body(body).when().post("/shows/" + show + "/holds").then();
    }

    private static UUID createShow(int seats) {
        UUID id = UUID.randomUUID();
        given().contentType(ContentType.JSON).body("{\"showId\":\"" + id + "\",\"title\":\"Holds\",\"maxSeats\":" + seats + "}")
                .when().post("/shows").then().statusCode(201);
        return id;
    }

    private static ValidatableResponse hold(UUID show, String seats, int ttlSeconds) {
        return given().contentType(ContentType.JSON).body("{\"seats\":" + seats + ",\"ttlSeconds\":" + ttlSeconds + "}")
                .when().post("/shows/" + show + "/holds").then();
    }

    private static ValidatableResponse reserve(UUID show, String seats) {
        return given().contentType(ContentType.JSON).body("{\"seats\":" + seats + "}").when().post("/shows/" + show + "/reservations").then();
    }

    private static ValidatableResponse confirm(UUID show, String hold) {
        return given().when().post("/shows/" + show + "/holds/" + hold + "/confirm").then();
    }

    private static ValidatableResponse release(UUID show, String hold) {
        return given().when().delete("/shows/" + show + "/holds/" + hold).then();
    }

    private static String holdId(ValidatableResponse created) {
        return created.statusCode(201).header("Location", endsWith("")).extract().path("holdId");
    }

    private static ValidatableResponse problem(ValidatableResponse response, int status, String code) {
        return response.statusCode(status).contentType("application/problem+json").body("code", equalTo(code))
                .body("status", equalTo(status));
    }
}
