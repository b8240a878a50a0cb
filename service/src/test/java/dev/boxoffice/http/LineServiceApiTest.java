package dev.boxoffice.http;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import dev.boxoffice.domain.LineShuffle;
import dev.boxoffice.line.LineService;
import dev.boxoffice.line.LineTokens;
import dev.boxoffice.support.SseClient;
import dev.boxoffice.support.TestDatabase;
import dev.boxoffice.support.WaitingRooms;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.ValidatableResponse;
import io.restassured.specification.RequestSpecification;
import io.vertx.core.Vertx;
import jakarta.inject.Inject;
import java.net.URI;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * A waiting room's line served by a line service in front of the node, over HTTP: the node sees a block request per
 * block of joins and one request per admission, never a waiting ticket's poll; the answers are the node's own; the
 * draw keeps its order across the two.
 */
@QuarkusTest
@QuarkusTestResource(TestDatabase.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LineServiceApiTest {

    @Inject
    LineTokens tokens;

    private Vertx vertx;
    private LineService line;

    @BeforeAll
    void startLineService() throws Exception {
        vertx = Vertx.vertx();
        line = LineService.start(vertx, LineService.Settings.of(0, URI.create("http://127.0.0.1:"
                        + ConfigProvider.getConfig().getValue("quarkus.http.test-port", Integer.class))),
                tokens, Clock.systemUTC()).toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @AfterAll
    void stopLineService() throws Exception {
        line.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @Test
    void aBuyerWaitsAtTheLineServiceAndIsAdmittedByTheNode() {
        UUID show = WaitingRooms.createShow(Instant.now().plusSeconds(5), 5, 10); // the first request of a cold line service may take seconds
        ValidatableResponse joined = viaLine().when().post("/shows/" + show + "/queue").then().statusCode(201)
                .contentType(ContentType.JSON).header("Cache-Control", "no-store").header("Retry-After", notNullValue())
                .body("status", equalTo("WAITING")).body("position", nullValue());
        String ticket = joined.extract().path("ticket");
        joined.header("Location", equalTo("/shows/" + show + "/queue/" + ticket));

        double nodePolls = nodeRequests("GET", "/shows/{showId}/queue/{ticket}");
        for (int i = 0; i < 20; i++) {
            viaLine().when().get("/shows/" + show + "/queue/" + ticket).then().statusCode(200)
                    .body("ticket", equalTo(ticket)).body("status", equalTo("WAITING"));
        }
        assertThat(nodeRequests("GET", "/shows/{showId}/queue/{ticket}")).as("waiting polls never reach the node")
                .isEqualTo(nodePolls);

        String token = await().atMost(Duration.ofSeconds(15)).pollInterval(Duration.ofMillis(200)).until(
                () -> viaLine().when().get("/shows/" + show + "/queue/" + ticket).then().statusCode(200).extract()
                        .<String>path("admissionToken"), notNullValue());
        assertThat(nodeRequests("GET", "/shows/{showId}/queue/{ticket}")).as("no poll at the node")
                .isEqualTo(nodePolls);
        assertThat(nodeRequests("POST", "/shows/{showId}/queue/admissions")).as("the admission, at the node")
                .isPositive();
        given().contentType(ContentType.JSON).body("{\"seats\":[1]}").header(BuyerAdmission.HEADER, token)
                .when().post("/shows/" + show + "/holds").then().statusCode(201);
        viaLine().header(QueueResource.TICKET_HEADER, ticket).when().post("/shows/" + show + "/queue").then()
                .statusCode(200).body("status", equalTo("ADMITTED")).body("admissionToken", equalTo(token));
    }

    @Test
    void buyersWhoKeepJoiningWhileTheLineIsCalledAreAllCalled() throws Exception {
        UUID show = WaitingRooms.createShow(Instant.now(), 20, 100);
        List<String> tickets = new ArrayList<>();
        for (int i = 0; i < 30; i++) { // blocks recorded between the line keeper's moves and its leases' renewals
            tickets.add(viaLine().when().post("/shows/" + show + "/queue").then().statusCode(201).extract().path("ticket"));
            Thread.sleep(100);
        }
        for (String ticket : tickets) {
            awaitAdmitted(show, ticket);
        }
    }

    @Test
    void calledTicketsPollingAtOnceAreAdmittedByOneRequestToTheNode() {
        UUID show = WaitingRooms.createShow(Instant.now(), 20, 100);
        List<String> tickets = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            tickets.add(viaLine().when().post("/shows/" + show + "/queue").then().statusCode(201).extract().path("ticket"));
        }
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(200)).until(() -> ((Number) viaLine()
                .when().get("/shows/" + show + "/queue").then().extract().path("called")).longValue() >= tickets.size());
        double before = nodeRequests("POST", "/shows/{showId}/queue/admissions");

        List<String> tokens;
        try (ExecutorService buyers = Executors.newFixedThreadPool(tickets.size())) { // all polling at once
            List<CompletableFuture<String>> polls = tickets.stream().map(ticket -> CompletableFuture.supplyAsync(
                    () -> viaLine().when().get("/shows/" + show + "/queue/" + ticket).then().statusCode(200)
                            .header("Cache-Control", "no-store").body("status", equalTo("ADMITTED"))
                            .extract().<String>path("admissionToken"), buyers)).toList();
            tokens = polls.stream().map(CompletableFuture::join).toList();
        }

        assertThat(tokens).doesNotContainNull().doesNotHaveDuplicates();
        assertThat(nodeRequests("POST", "/shows/{showId}/queue/admissions") - before)
                .as("six admissions asked within the gathering's window: one or two requests, not six").isBetween(1.0, 2.0);
        given().contentType(ContentType.JSON).body("{\"seats\":[1]}").header(BuyerAdmission.HEADER, tokens.get(0))
                .when().post("/shows/" + show + "/holds").then().statusCode(201);
    }

    @Test
    void aGatheringOfAdmissionsIsRefusedWholeForATicketNotSignedForTheShow() {
        UUID show = WaitingRooms.createShow(Instant.now(), 20, 100);
        String ticket = viaLine().when().post("/shows/" + show + "/queue").then().statusCode(201).extract().path("ticket");
        given().contentType(ContentType.JSON).body("{\"tickets\":[\"" + ticket + "\",\"not-a-ticket\"]}")
                .when().post("/shows/" + show + "/queue/admissions").then().statusCode(400)
                .contentType("application/problem+json").body("code", equalTo("INVALID_TICKET"));
        given().contentType(ContentType.JSON).body("{\"tickets\":[]}")
                .when().post("/shows/" + show + "/queue/admissions").then().statusCode(400)
                .contentType("application/problem+json").body("code", equalTo("VALIDATION_FAILED"));
    }

    private String awaitAdmitted(UUID show, String ticket) {
        return await().atMost(Duration.ofSeconds(10)).pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(200)).until(
                () -> viaLine().when().get("/shows/" + show + "/queue/" + ticket).then().statusCode(200).extract()
                        .<String>path("admissionToken"), notNullValue());
    }

    @Test
    void whatTheLineServiceDoesNotAnswerItselfIsTheNodesAnswer() {
        UUID show = WaitingRooms.createShow(Instant.now().plusSeconds(3600), 5, 10);
        String ticket = viaLine().when().post("/shows/" + show + "/queue").then().statusCode(201).extract().path("ticket");

        problem(viaLine().when().get("/shows/" + show + "/queue/not-a-ticket").then(), 400, "INVALID_TICKET");
        problem(viaLine().when().get("/shows/" + WaitingRooms.createShow(Instant.now(), 5, 10) + "/queue/" + ticket).then(), 400, "INVALID_TICKET");
        UUID open = UUID.randomUUID();
        given().contentType(ContentType.JSON).body("{\"showId\":\"" + open + "\",\"title\":\"Open\",\"maxSeats\":5}")
                .when().post("/shows").then().statusCode(201);
        problem(viaLine().when().post("/shows/" + open + "/queue").then(), 404, "NO_WAITING_ROOM");
        problem(viaLine().when().get("/shows/" + UUID.randomUUID() + "/queue").then(), 404, "SHOW_NOT_FOUND");
        problem(viaLine().when().get("/shows/1-2-3-4-5/queue").then(), 400, "VALIDATION_FAILED");
        viaLine().when().options("/shows/" + show + "/queue/" + ticket).then().statusCode(204)
                .header("Allow", equalTo(given().when().options("/shows/" + show + "/queue/" + ticket).then().extract().header("Allow")));
        problem(viaLine().contentType(ContentType.JSON).body("[" + "0,".repeat(10_000) + "0]").when()
                .put("/shows/" + show + "/queue").then(), 413, "PAYLOAD_TOO_LARGE"); // refused unread, as a node does
        viaLine().when().get("/shows/" + show + "/queue").then().statusCode(200).body("showId", equalTo(show.toString()))
                .body("numbered", notNullValue());
    }

    @Test
    void thoseWhoJoinAtTheLineServiceBeforeTheOnSaleAreCalledInTheOrderDrawn() {
        Instant onSale = Instant.now().plusSeconds(5); // joins before a draw wait up to 250 ms each for their block
        UUID show = WaitingRooms.createShow(onSale, 1, 2);
        List<String> tickets = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            tickets.add(viaLine().when().post("/shows/" + show + "/queue").then().statusCode(201).extract().path("ticket"));
        }
        assertThat(Instant.now()).as("every one joined before the on-sale").isBefore(onSale);

        await().atMost(Duration.ofSeconds(10)).until(() -> viaLine().when().get("/shows/" + show + "/queue")
                .then().extract().path("draw") != null);
        var room = given().when().get("/shows/" + show + "/queue").then().statusCode(200).extract();
        byte[] seed = HexFormat.of().parseHex(room.path("draw.seed"));
        long count = ((Number) room.path("draw.count")).longValue();
        assertThat(count).as("every number handed out before the on-sale is drawn").isGreaterThanOrEqualTo(6);
        for (String ticket : tickets) {
            await().atMost(Duration.ofSeconds(5)).until(() -> viaLine().when().get("/shows/" + show + "/queue/" + ticket)
                    .then().extract().path("position") != null);
            long place = LineShuffle.place(seed, count, numberOf(ticket));
            long called = ((Number) given().when().get("/shows/" + show + "/queue").then().extract().path("called")).longValue();
            var standing = viaLine().when().get("/shows/" + show + "/queue/" + ticket).then().statusCode(200).extract();
            if ("WAITING".equals(standing.path("status"))) {
                assertThat(((Number) standing.path("position")).longValue()).as("its drawn place, from the published seed")
                        .isBetween(Math.max(1, place - called - 1), place - called + 2);
            }
        }
        String late = viaLine().when().post("/shows/" + show + "/queue").then().statusCode(201).extract().path("ticket");
        assertThat(numberOf(late)).as("a number handed out after the draw is its own place, behind those drawn")
                .isGreaterThanOrEqualTo(count);
    }

    @Test
    void aTicketsStreamEndsWithItsAdmission() throws Exception {
        UUID show = WaitingRooms.createShow(Instant.now(), 20, 10);
        String ticket = viaLine().when().post("/shows/" + show + "/queue").then().statusCode(201).extract().path("ticket");
        try (SseClient stream = SseClient.open(URI.create("http://127.0.0.1:" + line.port() + "/shows/" + show
                + "/queue/" + ticket + "/stream"), null)) {
            List<String> statuses = new ArrayList<>();
            String last = null;
            while (!"ADMITTED".equals(last)) {
                SseClient.Event event = stream.next(Duration.ofSeconds(15));
                assertThat(event).as("an event within 15 s, until ADMITTED").isNotNull();
                last = new io.vertx.core.json.JsonObject(event.data()).getString("status");
                statuses.add(last);
            }
            assertThat(statuses).last().isEqualTo("ADMITTED");
            assertThat(statuses).allMatch(status -> status.equals("WAITING") || status.equals("ADMITTED"));
        }
    }

    @Test
    void aShowSoldOutIsToldAtTheLineServiceInTheNodesWordsWithoutAskingTheNode() {
        UUID show = WaitingRooms.createShow(Instant.now(), 50, 10, 1);
        String first = viaLine().when().post("/shows/" + show + "/queue").then().statusCode(201).extract().path("ticket");
        String token = awaitAdmitted(show, first);
        String hold = given().contentType(ContentType.JSON).body("{\"seats\":[0]}").header(BuyerAdmission.HEADER, token)
                .when().post("/shows/" + show + "/holds").then().statusCode(201).extract().path("holdId");
        String second = viaLine().when().post("/shows/" + show + "/queue").then().statusCode(201).extract().path("ticket");
        await().atMost(Duration.ofSeconds(3)).until(() -> "ALL_HELD".equals(
                viaLine().when().get("/shows/" + show + "/queue/" + second).then().statusCode(200).extract().path("seats")));

        given().header(BuyerAdmission.HEADER, token).when().post("/shows/" + show + "/holds/" + hold + "/confirm").then().statusCode(200);
        await().atMost(Duration.ofSeconds(3)).until(() -> "SOLD_OUT".equals(
                viaLine().when().get("/shows/" + show + "/queue/" + second).then().statusCode(200).extract().path("status")));
        var atLine = viaLine().when().get("/shows/" + show + "/queue/" + second).then().extract();
        var atNode = given().when().get("/shows/" + show + "/queue/" + second).then().extract();
        assertThat(atLine.body().<Object>path("")).isEqualTo(atNode.body().path(""));
        assertThat(atLine.header("Retry-After")).isEqualTo(atNode.header("Retry-After"));

        double nodeJoins = nodeRequests("POST", "/shows/{showId}/queue") + nodeRequests("POST", "/shows/{showId}/queue/blocks");
        var joinAtLine = viaLine().when().post("/shows/" + show + "/queue").then().extract();
        assertThat(nodeRequests("POST", "/shows/{showId}/queue") + nodeRequests("POST", "/shows/{showId}/queue/blocks"))
                .as("a join refused by the line service alone").isEqualTo(nodeJoins);
        var joinAtNode = given().when().post("/shows/" + show + "/queue").then().extract();
        assertThat(joinAtLine.statusCode()).isEqualTo(409);
        assertThat(joinAtLine.contentType()).isEqualTo(joinAtNode.contentType()).startsWith("application/problem+json");
        assertThat(joinAtLine.body().<Object>path("")).isEqualTo(joinAtNode.body().path(""));
        assertThat(joinAtLine.<String>path("code")).isEqualTo("SOLD_OUT");
    }

    @Test
    void aTicketsStreamAtTheLineServiceIsToldOfTheSellOutAtOnce() throws Exception {
        UUID show = WaitingRooms.createShow(Instant.now(), 1, 1, 1);
        String token = awaitAdmitted(show, viaLine().when().post("/shows/" + show + "/queue").then().statusCode(201)
                .extract().path("ticket"));
        String hold = given().contentType(ContentType.JSON).body("{\"seats\":[0]}").header(BuyerAdmission.HEADER, token)
                .when().post("/shows/" + show + "/holds").then().statusCode(201).extract().path("holdId");
        for (int i = 0; i < 40; i++) {
            viaLine().when().post("/shows/" + show + "/queue").then().statusCode(201);
        }
        String last = viaLine().when().post("/shows/" + show + "/queue").then().statusCode(201).extract().path("ticket");
        try (SseClient stream = SseClient.open(URI.create("http://127.0.0.1:" + line.port() + "/shows/" + show
                + "/queue/" + last + "/stream"), null)) {
            assertThat(stream.next(Duration.ofSeconds(5)).data()).contains("\"status\":\"WAITING\""); // looks every 10 s
            given().header(BuyerAdmission.HEADER, token).when().post("/shows/" + show + "/holds/" + hold + "/confirm").then().statusCode(200);
            SseClient.Event event;
            do {
                event = stream.next(Duration.ofSeconds(3)); // woken when the seats ran out, not at its next look
            } while (event.data().contains("\"WAITING\""));
            assertThat(event.data()).contains("\"status\":\"SOLD_OUT\"");
            await().atMost(Duration.ofSeconds(3)).until(stream::ended);
        }
    }

    @Test
    void theOperatorsControlsReachTheLineServiceWithinItsRecordsAge() {
        UUID show = WaitingRooms.createShow(Instant.now().plusSeconds(3600), 1, 100);
        for (int i = 0; i < 20; i++) {
            viaLine().when().post("/shows/" + show + "/queue").then().statusCode(201);
        }
        String ticket = viaLine().when().post("/shows/" + show + "/queue").then().statusCode(201).extract().path("ticket");
        long slow = ((Number) viaLine().when().get("/shows/" + show + "/queue/" + ticket).then().extract()
                .path("estimatedWaitSeconds")).longValue();
        operator(show, "{\"action\":\"SET_RATE\",\"value\":40,\"operator\":\"Ada\"}");
        await().atMost(Duration.ofSeconds(3)).until(() -> ((Number) viaLine().when().get("/shows/" + show + "/queue/" + ticket)
                .then().extract().path("estimatedWaitSeconds")).longValue() < slow);

        operator(show, "{\"action\":\"CLOSE\",\"operator\":\"Ada\"}");
        await().atMost(Duration.ofSeconds(3)).until(() -> viaLine().when().post("/shows/" + show + "/queue").then()
                .extract().statusCode() == 409);
        var atLine = viaLine().when().post("/shows/" + show + "/queue").then().extract();
        var atNode = given().when().post("/shows/" + show + "/queue").then().extract();
        assertThat(atLine.<String>path("code")).isEqualTo("LINE_CLOSED");
        assertThat(atLine.body().<Object>path("")).isEqualTo(atNode.body().path(""));
    }

    @Test
    void aPauseAndItsResumeReachATicketsStreamAtTheLineServiceInTheNodesWords() throws Exception {
        UUID show = WaitingRooms.createShow(Instant.now(), 1, 100);
        for (int i = 0; i < 60; i++) {
            viaLine().when().post("/shows/" + show + "/queue").then().statusCode(201);
        }
        String last = viaLine().when().post("/shows/" + show + "/queue").then().statusCode(201).extract().path("ticket");
        try (SseClient stream = SseClient.open(URI.create("http://127.0.0.1:" + line.port() + "/shows/" + show
                + "/queue/" + last + "/stream"), null)) {
            assertThat(stream.next(Duration.ofSeconds(5)).data()).contains("\"estimatedWaitSeconds\""); // looks every 10 s
            operator(show, "{\"action\":\"PAUSE\",\"operator\":\"Ada\"}");
            JsonPath paused = LineControlApiTest.nextWhere(stream, Duration.ofSeconds(2), view -> Boolean.TRUE.equals(view.get("paused")));
            assertThat(paused.<Object>get("estimatedWaitSeconds")).isNull();
            var atLine = viaLine().when().get("/shows/" + show + "/queue/" + last).then().statusCode(200).extract();
            var atNode = given().when().get("/shows/" + show + "/queue/" + last).then().statusCode(200).extract();
            assertThat(atLine.body().<Object>path("")).isEqualTo(atNode.body().path(""));
            assertThat(atLine.header("Retry-After")).isEqualTo(atNode.header("Retry-After")).isEqualTo("10");

            operator(show, "{\"action\":\"RESUME\",\"operator\":\"Ada\"}");
            LineControlApiTest.nextWhere(stream, Duration.ofSeconds(2), view -> view.get("estimatedWaitSeconds") != null);
        }
    }

    private static void operator(UUID show, String control) {
        given().header("Authorization", "Bearer test-admin-token").contentType(ContentType.JSON).body(control)
                .when().post("/shows/" + show + "/queue/controls").then().statusCode(200);
    }

    private RequestSpecification viaLine() {
        return given().port(line.port());
    }

    /** Requests of {@code method} on {@code uri} the node counted (its HTTP server metric). */
    private static double nodeRequests(String method, String uri) {
        String metrics = given().when().get("/q/metrics").then().statusCode(200).extract().asString();
        return metrics.lines().filter(l -> l.startsWith("http_server_requests_seconds_count{"))
                .filter(l -> l.contains("method=\"" + method + "\"") && l.contains("uri=\"" + uri + "\""))
                .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1))).sum();
    }

    private static long numberOf(String ticket) {
        return ByteBuffer.wrap(Base64.getUrlDecoder().decode(ticket)).getLong(17);
    }

    private static void problem(ValidatableResponse response, int status, String code) {
        response.statusCode(status).contentType("application/problem+json").body("code", equalTo(code));
    }
}
