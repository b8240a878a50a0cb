package dev.boxoffice.http;

import static dev.boxoffice.support.SeatStatuses.seatIs;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.boxoffice.database.EmbeddedDatabase;
import dev.boxoffice.support.OpenApiContract;
import dev.boxoffice.support.TestDatabase;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ExtractableResponse;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Idempotency-Key over HTTP: a retry gets the first answer byte for byte and changes nothing, whatever happened to the
 * show since; a refusal is remembered too; a key reused for another request, a key still in flight and a malformed
 * key are refused; each answer checked against /q/openapi.
 */
@QuarkusTest
@QuarkusTestResource(TestDatabase.class)
@ExtendWith(OpenApiContract.class)
class IdempotencyApiTest {

    @Test
    void aRetriedHoldGetsTheSameHoldAndHoldsNothingMore() {
        UUID show = createShow(10);
        String key = UUID.randomUUID().toString();

        var first = keyed(key).body("{\"seats\":[1,2],\"ttlSeconds\":300}").post("/shows/" + show + "/holds").then()
                .statusCode(201).extract();
        var retry = keyed(key).body("{\"seats\":[1,2],\"ttlSeconds\":300}").post("/shows/" + show + "/holds").then()
                .statusCode(201).extract();

        assertSameAnswer(first, retry);
        assertThat(retry.header("Location")).isEqualTo(first.header("Location"));
        assertThat(eventsOf(show)).isEqualTo(2); // created, held once
    }

    @Test
    void aRetriedCancellationChangesNothingAfterTheSeatWasTakenAgain() {
        UUID show = createShow(10);
        seat(null, show, 7, "RESERVE").then().statusCode(200);
        String key = UUID.randomUUID().toString();
        var cancelled = seat(key, show, 7, "CANCEL_RESERVATION").then().statusCode(200).extract();
        seat(null, show, 7, "RESERVE").then().statusCode(200); // someone else takes it

        var retry = seat(key, show, 7, "CANCEL_RESERVATION").then().statusCode(200).extract();

        assertSameAnswer(cancelled, retry);
        given().get("/shows/" + show).then().body("seats", seatIs(7, "RESERVED"));
        assertThat(eventsOf(show)).isEqualTo(4);
    }

    @Test
    void aRefusalIsRememberedAndARetryGetsItEvenOnceTheSeatIsFree() {
        UUID show = createShow(10);
        seat(null, show, 3, "RESERVE").then().statusCode(200);
        String key = UUID.randomUUID().toString();
        var refused = seat(key, show, 3, "RESERVE").then().statusCode(409).contentType("application/problem+json")
                .body("code", equalTo("SEAT_NOT_AVAILABLE")).extract();
        seat(null, show, 3, "CANCEL_RESERVATION").then().statusCode(200);

        var retry = seat(key, show, 3, "RESERVE").then().statusCode(409).contentType("application/problem+json").extract();

        assertSameAnswer(refused, retry);
        given().get("/shows/" + show).then().body("seats", seatIs(3, "AVAILABLE"));
    }

    @Test
    void everyWriteReplaysItsAnswer() {
        UUID show = UUID.randomUUID();
        String create = "{\"showId\":\"" + show + "\",\"title\":\"Keyed\",\"maxSeats\":6}";
        assertReplayed(key -> keyed(key).body(create).post("/shows"), 201);
        assertReplayed(key -> keyed(key).body("{\"seats\":[0,1]}").post("/shows/" + show + "/reservations"), 200);
        String hold = holdId(show, "[2]");
        assertReplayed(key -> keyed(key).post("/shows/" + show + "/holds/" + hold + "/confirm"), 200);
        String other = holdId(show, "[3]");
        assertReplayed(key -> keyed(key).delete("/shows/" + show + "/holds/" + other), 200);
        assertReplayed(key -> seat(key, show, 4, "RESERVE"), 200);
        assertThat(eventsOf(show)).isEqualTo(7); // created, reserved, held, confirmed, held, released, reserved
    }

    @Test
    void aKeyUsedForAnotherRequestIsRefused() {
        UUID show = createShow(10);
        String key = UUID.randomUUID().toString();
        seat(key, show, 1, "RESERVE").then().statusCode(200);

        problem(seat(key, show, 2, "RESERVE"), 422, "IDEMPOTENCY_KEY_REUSED");
        problem(seat(key, show, 1, "CANCEL_RESERVATION"), 422, "IDEMPOTENCY_KEY_REUSED");
        problem(keyed(key).body("{\"seats\":[1]}").post("/shows/" + show + "/reservations"), 422, "IDEMPOTENCY_KEY_REUSED");
        given().get("/shows/" + show).then().body("seats", seatIs(1, "RESERVED"))
                .body("seats", seatIs(2, "AVAILABLE"));
    }

    @Test
    void aQuotedKeyIsTheSameKeyAsABareOne() {
        UUID show = createShow(10);
        String key = UUID.randomUUID().toString();
        var bare = seat(key, show, 5, "RESERVE").then().statusCode(200).extract();
        var quoted = seat('"' + key + '"', show, 5, "RESERVE").then().statusCode(200).extract();
        assertSameAnswer(bare, quoted);
    }

    @Test
    void aMalformedKeyIsA400AndChangesNothing() {
        UUID show = createShow(10);
        for (String key : List.of("", "x".repeat(256), "with space", "caf\u00e9", "\"\"", "back\\slash")) {
            problem(seat(key, show, 0, "RESERVE"), 400, "VALIDATION_FAILED")
                    .body("violations[0].field", equalTo("Idempotency-Key"));
        }
        seat("x".repeat(255), show, 0, "RESERVE").then().statusCode(200);
    }

    /**
     * Requests with one key sent at once: while the first is being answered the others get 409 REQUEST_IN_PROGRESS
     * with Retry-After, or, once it is answered, its answer; never a second effect. Racing, so a few rounds are tried
     * until one shows a request in progress.
     */
    @Test
    void aKeyStillInFlightGetsA409WithRetryAfter() throws Exception {
        boolean sawInProgress = false;
        for (int round = 0; round < 10 && !sawInProgress; round++) {
            UUID show = createShow(10);
            String key = UUID.randomUUID().toString();
            List<Response> answers = concurrently(16, () -> seat(key, show, 9, "RESERVE"));
            String first = null;
            for (Response answer : answers) {
                if (answer.statusCode() == 409) {
                    assertThat(answer.contentType()).isEqualTo("application/problem+json");
                    assertThat(answer.jsonPath().getString("code")).isEqualTo("REQUEST_IN_PROGRESS");
                    assertThat(answer.header("Retry-After")).isEqualTo("1");
                    sawInProgress = true;
                } else {
                    assertThat(answer.statusCode()).isEqualTo(200);
                    first = first == null ? answer.asString() : first;
                    assertThat(answer.asString()).isEqualTo(first);
                }
            }
            assertThat(eventsOf(show)).isEqualTo(2);
        }
        assertThat(sawInProgress).as("a request found its key in flight in one of ten rounds").isTrue();
    }

    @Test
    void requestsWithoutAKeyAreNotRemembered() {
        UUID show = createShow(10);
        seat(null, show, 6, "RESERVE").then().statusCode(200);
        problem(seat(null, show, 6, "RESERVE"), 409, "SEAT_NOT_AVAILABLE");
    }

    private static void assertReplayed(Function<String, Response> request, int status) {
        String key = UUID.randomUUID().toString();
        var first = request.apply(key).then().statusCode(status).extract();
        var retry = request.apply(key).then().statusCode(status).extract();
        assertSameAnswer(first, retry);
    }

    private static void assertSameAnswer(ExtractableResponse<Response> first, ExtractableResponse<Response> retry) {
        assertThat(retry.statusCode()).isEqualTo(first.statusCode());
        assertThat(retry.contentType()).isEqualTo(first.contentType());
        assertThat(retry.asByteArray()).isEqualTo(first.asByteArray());
    }

    private static List<Response> concurrently(int count, java.util.function.Supplier<Response> request) throws Exception {
        try (var pool = Executors.newFixedThreadPool(count)) {
            List<CompletableFuture<Response>> sent = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                sent.add(CompletableFuture.supplyAsync(request, pool));
            }
            List<Response> answers = new ArrayList<>();
            for (CompletableFuture<Response> answer : sent) {
                answers.add(answer.get());
            }
            return answers;
        }
    }

    private static RequestSpecification keyed(String key) {
        return given().contentType(ContentType.JSON).header("Idempotency-Key", key).when();
    }

    private static Response seat(String key, UUID show, int seat, String action) {
        RequestSpecification request = given().contentType(ContentType.JSON).body("{\"action\":\"" + action + "\"}");
        if (key != null) {
            request.header("Idempotency-Key", key);
        }
        return request.when().patch("/shows/" + show + "/seats/" + seat);
    }

    private static io.restassured.response.ValidatableResponse problem(Response response, int status, String code) {
        return response.then().statusCode(status).contentType("application/problem+json").body("code", equalTo(code));
    }

    private static String holdId(UUID show, String seats) {
        return given().contentType(ContentType.JSON).body("{\"seats\":" + seats + "}").when()
                .post("/shows/" + show + "/holds").then().statusCode(201).extract().path("holdId");
    }

    private static UUID createShow(int seats) {
        UUID id = UUID.randomUUID();
        given().contentType(ContentType.JSON).body("{\"showId\":\"" + id + "\",\"title\":\"Idempotent\",\"maxSeats\":" + seats + "}")
                .when().post("/shows").then().statusCode(201);
        return id;
    }

    private static long eventsOf(UUID show) {
        EmbeddedDatabase db = TestDatabase.shared();
        try (var connection = DriverManager.getConnection(db.jdbcUrl(), EmbeddedDatabase.USER, "");
             var query = connection.prepareStatement("SELECT count(*) FROM events WHERE stream_id = ?")) {
            query.setString(1, "show-" + show);
            try (var rows = query.executeQuery()) {
                rows.next();
                return rows.getLong(1);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
