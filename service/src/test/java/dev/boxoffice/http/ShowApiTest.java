package dev.boxoffice.http;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.notNullValue;

import dev.boxoffice.database.EmbeddedDatabase;
import dev.boxoffice.support.OpenApiContract;
import io.quarkus.test.common.http.TestHTTPResource;
import java.io.ByteArrayInputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import dev.boxoffice.support.TestDatabase;
import org.junit.jupiter.api.extension.ExtendWith;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@QuarkusTest
@QuarkusTestResource(TestDatabase.class)
@ExtendWith(OpenApiContract.class) // every response is checked against /q/openapi
class ShowApiTest {

    @TestHTTPResource("/shows")
    URI showsUri;

    @Test
    void createsAShow() {
        UUID id = UUID.randomUUID();
        given().contentType(ContentType.JSON).body(createBody(id, "Hamlet", 3))
                .when().post("/shows")
                .then().statusCode(201)
                .header("Location", endsWith("/shows/" + id))
                .body("id", equalTo(id.toString()))
                .body("title", equalTo("Hamlet"))
                .body("seats", equalTo("AAA"))
                .body("hall.categories[0].price", equalTo(100));
    }

    @Test
    void refusesASecondShowWithTheSameId() {
        UUID id = createShow(2);
        problem(given().contentType(ContentType.JSON).body(createBody(id, "Again", 2)).when().post("/shows"),
                409, "SHOW_ALREADY_EXISTS");
    }

    @Test
    void readsAShowWithSeatsInNumberOrder() {
        UUID id = createShow(12);
        reserve(id, 11).statusCode(200);
        given().when().get("/shows/" + id)
                .then().statusCode(200)
                .body("id", equalTo(id.toString()))
                .body("seats", equalTo("AAAAAAAAAAAR"));
    }

    @Test
    void unknownShowIsNotFound() {
        problem(given().when().get("/shows/" + UUID.randomUUID()), 404, "SHOW_NOT_FOUND");
        problem(seatAction(UUID.randomUUID(), "0", "RESERVE"), 404, "SHOW_NOT_FOUND");
    }

    @Test
    void reservesAndCancelsASeatAnsweringWithItsNewState() {
        UUID id = createShow(5);
        reserve(id, 3).statusCode(200)
                .body("number", equalTo(3)).body("status", equalTo("RESERVED")).body("price", equalTo(100));
        problem(seatAction(id, "3", "RESERVE"), 409, "SEAT_NOT_AVAILABLE");
        seatAction(id, "3", "CANCEL_RESERVATION").then().statusCode(200)
                .body("number", equalTo(3)).body("status", equalTo("AVAILABLE"));
        problem(seatAction(id, "3", "CANCEL_RESERVATION"), 409, "SEAT_NOT_RESERVED");
    }

    @Test
    void unknownSeatIsNotFound() {
        UUID id = createShow(5);
        problem(seatAction(id, "5", "RESERVE"), 404, "SEAT_NOT_FOUND");
        problem(seatAction(id, "-1", "RESERVE"), 404, "SEAT_NOT_FOUND");
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "{bad json",
            "{\"showId\":\"not-a-uuid\",\"title\":\"T\",\"maxSeats\":5}",
            "{\"title\":\"T\",\"maxSeats\":5}",
            "{\"showId\":\"%s\",\"maxSeats\":5}",
            "{\"showId\":\"%s\",\"title\":\"   \",\"maxSeats\":5}",
            "{\"showId\":\"%s\",\"title\":7,\"maxSeats\":5}",
            "{\"showId\":\"%s\",\"title\":\"T\"}",
            "{\"showId\":\"%s\",\"title\":\"T\",\"maxSeats\":0}",
            "{\"showId\":\"%s\",\"title\":\"T\",\"maxSeats\":100001}",
            "{\"showId\":\"%s\",\"title\":\"T\",\"maxSeats\":5.5}",
            "{\"showId\":\"%s\",\"title\":\"T\",\"maxSeats\":\"five\"}",
            "{\"showId\":\"%s\",\"title\":\"T\",\"maxSeats\":99999999999}",
            "[]",
            "null",
            ""})
    void refusesInvalidShowsWithAProblem(String template) {
        String body = template.formatted(UUID.randomUUID());
        ValidatableResponse response = given().contentType(ContentType.JSON).body(body).when().post("/shows")
                .then().statusCode(400).contentType("application/problem+json")
                .body("status", equalTo(400)).body("detail", notNullValue());
        response.body("code", org.hamcrest.Matchers.oneOf("VALIDATION_FAILED", "MALFORMED_JSON"));
    }

    @Test
    void reportsEveryInvalidFieldByName() {
        given().contentType(ContentType.JSON).body("{\"title\":\"" + "x".repeat(201) + "\",\"maxSeats\":0}")
                .when().post("/shows")
                .then().statusCode(400).contentType("application/problem+json")
                .body("code", equalTo("VALIDATION_FAILED"))
                .body("violations.field", equalTo(java.util.List.of("maxSeats", "showId", "title")));
    }

    @Test
    void refusesInvalidSeatRequests() {
        UUID id = createShow(3);
        problem(seatAction(id, "abc", "RESERVE"), 400, "VALIDATION_FAILED").body("violations.field", hasItem("seatNum"));
        problem(seatAction(id, "99999999999", "RESERVE"), 400, "VALIDATION_FAILED");
        problem(given().contentType(ContentType.JSON).body("{\"action\":\"RESERVE\"}").when().patch("/shows/nope/seats/1"),
                400, "VALIDATION_FAILED").body("violations.field", hasItem("showId"));
        problem(seatAction(id, "1", "DANCE"), 400, "VALIDATION_FAILED").body("violations.field", hasItem("action"));
        problem(given().contentType(ContentType.JSON).body("{}").when().patch("/shows/" + id + "/seats/1"),
                400, "VALIDATION_FAILED").body("violations.field", hasItem("action"));
        problem(given().contentType(ContentType.JSON).body("{\"action\":").when().patch("/shows/" + id + "/seats/1"),
                400, "MALFORMED_JSON");
        problem(given().contentType(ContentType.JSON).body("{\"action\":\"RESERVE\"} {\"action\":\"RESERVE\"}")
                .when().patch("/shows/" + id + "/seats/1"), 400, "MALFORMED_JSON");
    }

    @Test
    void refusesAnOversizedBody() {
        String huge = "{\"title\":\"" + "x".repeat(20_000) + "\"}";
        problem(given().contentType(ContentType.JSON).body(huge).when().post("/shows"), 413, "PAYLOAD_TOO_LARGE");
    }

    @Test
    void refusesABodyOfUnknownLengthUnread() throws Exception {
        UUID id = UUID.randomUUID();
        String body = "{\"showId\":\"" + id + "\",\"title\":\"Chunked\",\"maxSeats\":5}";
        // A body of unknown length goes out chunked, with no Content-Length.
        HttpResponse<String> chunked = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build().send(
                HttpRequest.newBuilder(showsUri).header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body.getBytes()))).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(chunked.statusCode()).isEqualTo(411);
        assertThat(chunked.headers().firstValue("Content-Type")).hasValue("application/problem+json");
        assertThat(chunked.body()).contains("\"code\":\"LENGTH_REQUIRED\"");
        given().when().get("/shows/" + id).then().statusCode(404);
        given().contentType(ContentType.JSON).body(body).when().post("/shows").then().statusCode(201);
    }

    @Test
    void answersAClientThatAsksForHttp2InClearTextOverHttp11() throws Exception {
        HttpResponse<String> answer = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2).build().send(
                HttpRequest.newBuilder(showsUri).GET().build(), HttpResponse.BodyHandlers.ofString()); // Upgrade: h2c
        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(answer.version()).isEqualTo(HttpClient.Version.HTTP_1_1);
    }

    @Test
    void aRequestRefusedBeforeItsBodyIsReadGetsAProblemAndItsConnectionClosed() throws Exception {
        // The socket must be closed by the service: a connection left open would time the read out.
        assertThat(exchangeUntilClosed("GET /shows HTTP/1.1\r\n\r\n")) // no Host
                .contains("HTTP/1.1 400 ", "\"code\":\"MALFORMED_REQUEST\"", "the 'Host' header is required");
        assertThat(exchangeUntilClosed("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n")) // HTTP/2's preface
                .contains(" 400 ", "\"code\":\"MALFORMED_REQUEST\"", "speaks HTTP/1.1");
        String head = "POST /shows HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n";
        String smuggled = "GET /no-such-thing HTTP/1.1\r\nHost: test\r\n\r\n"; // must never be served as a request
        assertThat(exchangeUntilClosed(head + "Transfer-Encoding: chunked\r\n\r\n" + Integer.toHexString(smuggled.length())
                + "\r\n" + smuggled + "\r\n0\r\n\r\n")).contains("HTTP/1.1 411 ", "\"code\":\"LENGTH_REQUIRED\"")
                .doesNotContain("404");
        assertThat(exchangeUntilClosed(head + "Content-Length: 20000\r\n\r\n" + smuggled))
                .contains("HTTP/1.1 413 ", "\"code\":\"PAYLOAD_TOO_LARGE\"").doesNotContain("404");
    }

    @Test
    void aClientStillSendingTheBodyOfARefusedRequestReadsItsAnswer() throws Exception {
        try (Socket socket = new Socket(showsUri.getHost(), showsUri.getPort())) {
            socket.setSoTimeout(5_000);
            OutputStream out = socket.getOutputStream();
            out.write(("POST /shows HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n"
                    + "Transfer-Encoding: chunked\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            // The service answers 411 meanwhile; the body comes after, in two writes, as from a slow client. Into a
            // connection closed at once, the first write is answered with a reset and the second fails: a client
            // still writing its body (the JDK's HttpClient, for one) then drops the answer it had been sent.
            Thread.sleep(300);
            out.write("5\r\nhello\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            Thread.sleep(200);
            out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(answer).contains("HTTP/1.1 411 ", "\"code\":\"LENGTH_REQUIRED\"");
        }
    }

    private String exchangeUntilClosed(String request) throws Exception {
        try (Socket socket = new Socket(showsUri.getHost(), showsUri.getPort())) {
            socket.setSoTimeout(5_000);
            socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
            String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(answer).containsIgnoringCase("content-type: application/problem+json");
            return answer;
        }
    }

    @Test
    void refusesAFieldNamedTwice() {
        UUID id = UUID.randomUUID();
        problem(given().contentType(ContentType.JSON)
                .body("{\"showId\":\"" + id + "\",\"title\":\"Twice\",\"maxSeats\":5,\"showId\":\"" + UUID.randomUUID() + "\"}")
                .when().post("/shows"), 400, "MALFORMED_JSON").body("detail", containsString("names the field showId twice"));
        given().when().get("/shows/" + id).then().statusCode(404);
        problem(given().contentType(ContentType.JSON).body("{\"action\":\"RESERVE\",\"action\":\"RESERVE\"}")
                .when().patch("/shows/" + id + "/seats/1"), 400, "MALFORMED_JSON");
    }

    @Test
    void unknownRoutesMethodsAndMediaTypesGetProblems() {
        problem(given().when().get("/no-such-thing"), 404, "NOT_FOUND");
        problem(given().when().delete("/shows/" + UUID.randomUUID()), 405, "METHOD_NOT_ALLOWED")
                .header("Allow", "GET, HEAD, OPTIONS");
        problem(given().when().put("/shows"), 405, "METHOD_NOT_ALLOWED").header("Allow", "GET, HEAD, OPTIONS, POST");
        // Not a ticket called "blocks": the line services' path, which takes POST only. (The document's validator
        // would read it as a ticket's path, as the framework did, and look for a 405 there.)
        problem(given().noFilters().when().get("/shows/" + UUID.randomUUID() + "/queue/blocks"), 405, "METHOD_NOT_ALLOWED")
                .header("Allow", "OPTIONS, POST");
        problem(given().contentType(ContentType.TEXT).body("hello").when().post("/shows"), 415, "UNSUPPORTED_MEDIA_TYPE");
    }

    @Test
    void optionsListsTheMethodsOfThatPathAlone() {
        String show = "/shows/" + UUID.randomUUID();
        Map.of("/shows", "GET, HEAD, OPTIONS, POST",
                show, "GET, HEAD, OPTIONS",
                show + "/seats/3", "OPTIONS, PATCH",
                show + "/holds", "OPTIONS, POST",
                show + "/holds/" + UUID.randomUUID(), "DELETE, GET, HEAD, OPTIONS",
                show + "/holds/" + UUID.randomUUID() + "/confirm", "OPTIONS, POST",
                show + "/reservations", "OPTIONS, POST",
                show + "/stream", "GET, OPTIONS",
                show + "/queue", "GET, HEAD, OPTIONS, POST",
                show + "/queue/a-ticket", "GET, HEAD, OPTIONS")
                .forEach((path, allow) -> given().when().options(path).then().statusCode(204).header("Allow", allow));
        for (String lineServicesOnly : List.of(show + "/queue/blocks", show + "/queue/admissions")) { // not tickets
            given().when().options(lineServicesOnly).then().statusCode(204).header("Allow", "OPTIONS, POST");
        }
        given().when().options(show + "/queue/a-ticket/stream").then().statusCode(204).header("Allow", "GET, HEAD, OPTIONS");
        problem(given().when().options("/no-such-thing"), 404, "NOT_FOUND");
    }

    @Test
    void aShowWhoseQueueHasWaitedTooLongRefusesAtOnceAndWritesNothingForTheRefusal() throws Exception {
        UUID id = createShow(3);
        try (Connection db = DriverManager.getConnection(TestDatabase.shared().jdbcUrl(), EmbeddedDatabase.USER, "");
                ExecutorService clients = Executors.newVirtualThreadPerTaskExecutor()) {
            db.setAutoCommit(false);
            try (var lock = db.prepareStatement("LOCK TABLE events IN SHARE MODE")) {
                lock.execute(); // appends wait for this transaction: the show's queue stands still
            }
            var inFlight = CompletableFuture.supplyAsync(() -> reserve(id, 0).extract().statusCode(), clients);
            awaitAnAppendWaitingForTheLock();
            var queued = CompletableFuture.supplyAsync(() -> reserve(id, 1).extract().statusCode(), clients);
            Thread.sleep(500); // longer than boxoffice.entities.max-queue-delay

            problem(seatAction(id, "2", "RESERVE"), 503, "OVERLOADED").header("Retry-After", "1");

            db.commit();
            assertThat(inFlight.get(10, TimeUnit.SECONDS)).isEqualTo(200);
            assertThat(queued.get(10, TimeUnit.SECONDS)).isEqualTo(200);
        }
        given().when().get("/shows/" + id).then().statusCode(200)
                .body("seats", equalTo("RRA"));
    }

    @Test
    void rejectsAnOverlongCorrelationId() {
        problem(given().contentType(ContentType.JSON).header("X-Correlation-Id", "c".repeat(200))
                .body(createBody(UUID.randomUUID(), "T", 1)).when().post("/shows"), 400, "VALIDATION_FAILED");
    }

    @Test
    void servesHealthMetricsAndOpenApi() {
        given().when().get("/q/health/live").then().statusCode(200).body("status", equalTo("UP"));
        given().when().get("/q/health/ready").then().statusCode(200).body("status", equalTo("UP"));
        reserve(createShow(1), 0).statusCode(200);
        given().when().get("/q/metrics").then().statusCode(200)
                .body(org.hamcrest.Matchers.containsString("http_server_requests_seconds_bucket"))
                .body(org.hamcrest.Matchers.containsString("boxoffice_events_appended_total"))
                .body(org.hamcrest.Matchers.containsString("boxoffice_entities_in_memory"))
                .body(org.hamcrest.Matchers.containsString("boxoffice_eventstore_append_seconds_bucket"));
        given().when().get("/q/openapi?format=json").then().statusCode(200)
                .body("paths", org.hamcrest.Matchers.hasKey("/shows/{showId}/seats/{seatNum}"));
        given().when().get("/q/swagger-ui/").then().statusCode(200);
    }

    /**
     * Polls on a connection of its own, a transaction per query: within the lock holder's transaction PostgreSQL would
     * answer every poll from the snapshot of pg_stat_activity taken at the first one.
     */
    static void awaitAnAppendWaitingForTheLock() throws SQLException {
        try (Connection observer = DriverManager.getConnection(TestDatabase.shared().jdbcUrl(), EmbeddedDatabase.USER, "")) {
            await().atMost(Duration.ofSeconds(10)).until(() -> {
                try (var query = observer.prepareStatement(
                        "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'INSERT INTO events%'");
                        var rows = query.executeQuery()) {
                    rows.next();
                    return rows.getInt(1) > 0;
                }
            });
        }
    }

    static UUID createShow(int seats) {
        UUID id = UUID.randomUUID();
        given().contentType(ContentType.JSON).body(createBody(id, "Show", seats)).when().post("/shows").then().statusCode(201);
        return id;
    }

    static String createBody(UUID id, String title, int seats) {
        return "{\"showId\":\"" + id + "\",\"title\":\"" + title + "\",\"maxSeats\":" + seats + "}";
    }

    static ValidatableResponse reserve(UUID id, int seat) {
        return seatAction(id, Integer.toString(seat), "RESERVE").then();
    }

    static io.restassured.response.Response seatAction(UUID id, String seat, String action) {
        return given().contentType(ContentType.JSON).body("{\"action\":\"" + action + "\"}")
                .when().patch("/shows/" + id + "/seats/" + seat);
    }

    static ValidatableResponse problem(io.restassured.response.Response response, int status, String code) {
        return response.then().statusCode(status).contentType("application/problem+json")
                .body("status", equalTo(status)).body("code", equalTo(code)).body("title", notNullValue())
                .body("detail", notNullValue());
    }
}
