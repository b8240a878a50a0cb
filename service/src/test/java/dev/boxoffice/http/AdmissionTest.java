package dev.boxoffice.http;

import dev.boxoffice.line.LineTokens;
import static dev.boxoffice.http.ShowApiTest.awaitAnAppendWaitingForTheLock;
import static dev.boxoffice.http.ShowApiTest.createBody;
import static dev.boxoffice.http.ShowApiTest.createShow;
import static dev.boxoffice.http.ShowApiTest.problem;
import static dev.boxoffice.http.ShowApiTest.seatAction;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;

import dev.boxoffice.database.EmbeddedDatabase;
import dev.boxoffice.support.OpenApiContract;
import dev.boxoffice.support.TestDatabase;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The service-wide bounds of the admission control, made small enough to reach with a handful of requests. */
@QuarkusTest
@TestProfile(AdmissionTest.SmallBounds.class)
@QuarkusTestResource(TestDatabase.class)
@ExtendWith(OpenApiContract.class)
class AdmissionTest {

    @Inject
    LineTokens lineTokens;

    public static class SmallBounds implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of(
                    "boxoffice.admission.max-wait", "1s",
                    "boxoffice.admission.max-wait-throttled", "100ms",
                    "boxoffice.admission.cpu-stat", FakeCpuQuota.STAT.toString(),
                    "boxoffice.admission.warm-up", "0s",
                    "boxoffice.admission.cancellation-headroom", "3s",
                    // Three requests of a few bytes in flight fit (4 KiB each and their bodies), a body of 11 KB does not.
                    "boxoffice.admission.memory-budget", "14K",
                    "boxoffice.admission.max-hall-bytes", "6K", // 4 bytes a seat: 1,000 seats fit, 2,000 do not
                    "boxoffice.entities.max-queue-delay", "10s");
        }
    }

    @Test
    void onceTheOldestRequestHasWaitedPastTheBoundOnlyCancellationsGetInAndARefusalWritesNothing() throws Exception {
        UUID held = createShow(3);
        seatAction(held, "1", "RESERVE").then().statusCode(200);
        seatAction(held, "2", "RESERVE").then().statusCode(200);
        UUID first = createShow(3);
        UUID second = createShow(3);
        UUID refused = createShow(3);
        try (Connection db = DriverManager.getConnection(TestDatabase.shared().jdbcUrl(), EmbeddedDatabase.USER, "");
                ExecutorService clients = Executors.newVirtualThreadPerTaskExecutor()) {
            db.setAutoCommit(false);
            try (var lock = db.prepareStatement("LOCK TABLE events IN SHARE MODE")) {
                lock.execute(); // appends wait for this transaction: requests stay in flight
            }
            var inFlight = List.of(
                    CompletableFuture.supplyAsync(() -> seatAction(first, "0", "RESERVE").statusCode(), clients),
                    CompletableFuture.supplyAsync(() -> seatAction(second, "0", "RESERVE").statusCode(), clients));
            awaitAnAppendWaitingForTheLock();
            awaitInFlight(2);
            awaitOldestWaitedMoreThan(1.0);

            problem(seatAction(refused, "0", "RESERVE"), 503, "OVERLOADED").header("Retry-After", "1");
            problem(given().when().get("/shows/" + refused), 503, "OVERLOADED").header("Retry-After", "1")
                    .body("detail", org.hamcrest.Matchers.containsString("behind"));
            var cancellation = CompletableFuture.supplyAsync(
                    () -> seatAction(held, "1", "CANCEL_RESERVATION").statusCode(), clients);
            awaitInFlight(3);
            awaitOldestWaitedMoreThan(4.0);
            problem(seatAction(held, "2", "CANCEL_RESERVATION"), 503, "OVERLOADED"); // past the headroom too

            db.commit();
            for (var request : inFlight) {
                assertThat(request.get(10, TimeUnit.SECONDS)).isEqualTo(200);
            }
            assertThat(cancellation.get(10, TimeUnit.SECONDS)).isEqualTo(200);
        }
        given().when().get("/shows/" + refused).then().statusCode(200)
                .body("seats", equalTo("AAA"));
        given().when().get("/shows/" + held).then().statusCode(200)
                .body("seats", equalTo("AAR"));
        // A refusal comes before routing; its metrics must still name the route, not the path: one time series per
        // show and seat would grow the heap with every refused request.
        assertThat(given().when().get("/q/metrics").asString()).doesNotContain(refused.toString(), held.toString());
    }

    @Test
    void pastTheBoundAWaitingRoomsJoinsPollsAndAdmittedBuyersStillGetIn() throws Exception {
        UUID room = UUID.randomUUID();
        // On sale in an hour: nothing of the room waits for the database, so what waits below waits for the bound only.
        given().contentType(ContentType.JSON).body("{\"showId\":\"" + room + "\",\"title\":\"Room\",\"maxSeats\":3,"
                + "\"onSaleAt\":\"" + Instant.now().plusSeconds(3_600) + "\","
                + "\"waitingRoom\":{\"admitPerSecond\":1,\"maxActive\":1}}").when().post("/shows").then().statusCode(201);
        String ticket = given().when().post("/shows/" + room + "/queue").then().statusCode(201).extract().path("ticket");
        UUID blocked = createShow(3);
        UUID refused = createShow(3);
        try (Connection db = DriverManager.getConnection(TestDatabase.shared().jdbcUrl(), EmbeddedDatabase.USER, "");
                ExecutorService clients = Executors.newVirtualThreadPerTaskExecutor()) {
            db.setAutoCommit(false);
            try (var lock = db.prepareStatement("LOCK TABLE events IN SHARE MODE")) {
                lock.execute();
            }
            var inFlight = CompletableFuture.supplyAsync(() -> seatAction(blocked, "0", "RESERVE").statusCode(), clients);
            awaitAnAppendWaitingForTheLock();
            awaitOldestWaitedMoreThan(1.0);
            problem(seatAction(refused, "0", "RESERVE"), 503, "OVERLOADED");

            // The room's own traffic is let in: a join (from the numbers the node has in hand), a poll, and a hold
            // with an admission token the service signed, which the show judges itself (the place was not admitted:
            // 403). A hold with a forged token is refused by the bound like any request.
            given().when().post("/shows/" + room + "/queue").then().statusCode(201);
            given().when().get("/shows/" + room + "/queue/" + ticket).then().statusCode(200);
            String signed = lineTokens.admission(room, 1, System.currentTimeMillis() + 60_000);
            String hold = "{\"seats\":[0],\"ttlSeconds\":60}";
            problem(given().contentType(ContentType.JSON).header(BuyerAdmission.HEADER, signed).body(hold)
                    .when().post("/shows/" + room + "/holds"), 403, "ADMISSION_REQUIRED");
            problem(given().contentType(ContentType.JSON).header(BuyerAdmission.HEADER, signed.substring(1) + "A").body(hold)
                    .when().post("/shows/" + room + "/holds"), 503, "OVERLOADED");
            // A line service's reads of the room's record, and its block of numbers (which waits for the lock; the
            // room's refusals after it wait for its append too, which may change what they are decided on).
            given().when().get("/shows/" + room + "/queue").then().statusCode(200);
            String blockRequest = lineTokens.blockRequest(room, 8, System.currentTimeMillis());
            var block = CompletableFuture.supplyAsync(() -> given().header(QueueResource.BLOCK_REQUEST_HEADER, blockRequest)
                    .when().post("/shows/" + room + "/queue/blocks").then().extract().statusCode(), clients);

            db.commit();
            assertThat(inFlight.get(10, TimeUnit.SECONDS)).isEqualTo(200);
            assertThat(block.get(10, TimeUnit.SECONDS)).isEqualTo(200);
        }
    }

    @Test
    void whileTheCpuQuotaThrottlesTheServiceTheShorterBoundHoldsAndSeatChangesGetNoHeadroom() throws Exception {
        UUID held = createShow(3);
        seatAction(held, "1", "RESERVE").then().statusCode(200);
        UUID first = createShow(3);
        UUID refused = createShow(3);
        try (var quota = FakeCpuQuota.throttling();
                Connection db = DriverManager.getConnection(TestDatabase.shared().jdbcUrl(), EmbeddedDatabase.USER, "");
                ExecutorService clients = Executors.newVirtualThreadPerTaskExecutor()) {
            awaitThrottled(true);
            db.setAutoCommit(false);
            try (var lock = db.prepareStatement("LOCK TABLE events IN SHARE MODE")) {
                lock.execute();
            }
            var inFlight = CompletableFuture.supplyAsync(() -> seatAction(first, "0", "RESERVE").statusCode(), clients);
            awaitAnAppendWaitingForTheLock();
            awaitInFlight(1);
            awaitOldestWaitedMoreThan(0.15);

            // Within the steady bound (1 s) but past the throttled one (100 ms):
            problem(given().when().get("/shows/" + refused), 503, "OVERLOADED").header("Retry-After", "1");
            // and a cancellation, let in for 3 s more when the service is not throttled, is refused too.
            problem(seatAction(held, "1", "CANCEL_RESERVATION"), 503, "OVERLOADED");
            assertThat(oldestWaited()).isLessThan(1.0);

            db.commit();
            assertThat(inFlight.get(10, TimeUnit.SECONDS)).isEqualTo(200);
        }
        awaitThrottled(false);
        given().when().get("/shows/" + held).then().statusCode(200)
                .body("seats", equalTo("ARA"));
    }

    @Test
    void aRequestWhoseBodyWouldTakeTheRequestsPastTheirMemoryIsRefusedAndCreatesNothing() {
        UUID show = UUID.randomUUID();
        String padded = createBody(show, "Padded", 3) + " ".repeat(11_000); // white space after the value: valid JSON
        problem(given().contentType(ContentType.JSON).body(padded).when().post("/shows"), 503, "OVERLOADED")
                .header("Retry-After", "1")
                .body("detail", org.hamcrest.Matchers.containsString("memory set aside"));
        problem(given().when().get("/shows/" + show), 404, "SHOW_NOT_FOUND");
        given().contentType(ContentType.JSON).body(createBody(show, "Small", 3)).when().post("/shows").then().statusCode(201);
    }

    @Test
    void answersListingAWholeHallAreBoundedInBytesAndARefusedCreationCreatesNothing() {
        UUID tooLarge = UUID.randomUUID();
        problem(given().contentType(ContentType.JSON).body(createBody(tooLarge, "Arena", 2_000)).when().post("/shows"),
                503, "OVERLOADED").header("Retry-After", "1");
        problem(given().when().get("/shows/" + tooLarge), 404, "SHOW_NOT_FOUND");

        UUID fits = createShow(1_000);
        for (int i = 0; i < 5; i++) { // each answer gives its bytes back when it ends
            given().when().get("/shows/" + fits).then().statusCode(200);
        }
    }

    private static void awaitOldestWaitedMoreThan(double seconds) {
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(50)).until(() -> oldestWaited() > seconds);
    }

    private static double oldestWaited() {
        return gauge("boxoffice_admission_oldest_seconds");
    }

    private static void awaitThrottled(boolean throttled) {
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(50))
                .until(() -> gauge("boxoffice_admission_throttled") == (throttled ? 1 : 0));
    }

    private static double gauge(String name) {
        return given().when().get("/q/metrics").asString().lines().filter(line -> line.startsWith(name + " "))
                .mapToDouble(line -> Double.parseDouble(line.substring(line.indexOf(' ') + 1))).findFirst().orElseThrow();
    }

    private static void awaitInFlight(int requests) {
        await().atMost(Duration.ofSeconds(10)).until(() -> given().when().get("/q/metrics").asString()
                .contains("boxoffice_admission_in_flight " + requests + ".0"));
    }
}
