package dev.boxoffice.variants;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.report.LevelResolver;
import com.atlassian.oai.validator.report.ValidationReport;
import com.atlassian.oai.validator.restassured.OpenApiValidationFilter;
import dev.boxoffice.database.EmbeddedDatabase;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The API's contract, held by the service and by every variant of it alike: the same answers, the same errors, every
 * response valid against the service's own OpenAPI document, and no seat reserved twice by two instances at once.
 * Each runs as packaged, two instances on a database of its own.
 */
@ParameterizedClass(name = "{0}")
@ValueSource(strings = {VariantProcess.REACTIVE, "worker", "virtual-threads", "worker-shared-commit",
        "virtual-threads-shared-commit", "crud-worker", "crud-virtual-threads", "crud-reactive"})
class ApiContractIT {

    private static final Path LOGS = Path.of("target/variant-logs");
    private static EmbeddedDatabase database;
    private static VariantProcess first;
    private static VariantProcess second;

    @Parameter
    String variant;

    @BeforeAll
    static void startDatabaseAndReadTheContract() throws Exception {
        database = EmbeddedDatabase.startThrowaway(); // boxoffice.embedded-postgres.binaries: another major
        try (VariantProcess service = VariantProcess.start(VariantProcess.REACTIVE, databaseUrl("openapi"), LOGS)) {
            String contract = HttpClient.newHttpClient().send(
                    HttpRequest.newBuilder(URI.create(service.baseUrl() + "/q/openapi?format=json")).build(),
                    HttpResponse.BodyHandlers.ofString()).body();
            RestAssured.filters(new OpenApiValidationFilter(OpenApiInteractionValidator
                    .createForInlineApiSpecification(contract)
                    .withLevelResolver(LevelResolver.create() // the tests send invalid requests on purpose
                            .withLevel("validation.request", ValidationReport.Level.IGNORE).build())
                    .build()));
        }
    }

    @AfterAll
    static void stopDatabase() throws Exception {
        RestAssured.replaceFiltersWith(List.of());
        database.close();
    }

    @BeforeParameterizedClassInvocation
    static void startTwoInstances(String variant) throws Exception {
        // boxoffice.contract.variants: the ones to run (the contract on other PostgreSQL majors is the service's alone)
        String only = System.getProperty("boxoffice.contract.variants", "");
        Assumptions.assumeTrue(only.isBlank() || List.of(only.split(",")).contains(variant), "not among " + only);
        String url = databaseUrl(variant);
        first = VariantProcess.start(variant, url, LOGS);
        second = VariantProcess.start(variant, url, LOGS);
    }

    @AfterParameterizedClassInvocation
    static void stopInstances() throws Exception {
        if (first == null) {
            return; // a variant not run
        }
        List<String> warnings = new ArrayList<>(first.warnings());
        warnings.addAll(second.warnings());
        first.close();
        second.close();
        first = null;
        second = null;
        assertThat(warnings).as("warnings and errors logged").isEmpty();
    }

    @Test
    void createsReadsReservesAndCancels() {
        UUID id = UUID.randomUUID();
        api(first).body(show(id, "Hamlet", 3)).post("/shows").then().statusCode(201)
                .header("Location", endsWith("/shows/" + id))
                .body("id", equalTo(id.toString()), "title", equalTo("Hamlet"), "seats", equalTo("AAA"));
        api(first).body(show(id, "Hamlet", 3)).post("/shows").then().statusCode(409).body("code", equalTo("SHOW_ALREADY_EXISTS"));

        seat(first, id, 1, "RESERVE").then().statusCode(200)
                .body("number", equalTo(1), "status", equalTo("RESERVED"), "price", equalTo(100));
        seat(first, id, 1, "RESERVE").then().statusCode(409).body("code", equalTo("SEAT_NOT_AVAILABLE"));
        api(first).get("/shows/" + id).then().statusCode(200)
                .body("seats", equalTo("ARA"));
        seat(first, id, 1, "CANCEL_RESERVATION").then().statusCode(200).body("status", equalTo("AVAILABLE"));
        seat(first, id, 1, "CANCEL_RESERVATION").then().statusCode(409).body("code", equalTo("SEAT_NOT_RESERVED"));
        seat(first, id, 3, "RESERVE").then().statusCode(404).body("code", equalTo("SEAT_NOT_FOUND"));
        seat(first, UUID.randomUUID(), 0, "RESERVE").then().statusCode(404).body("code", equalTo("SHOW_NOT_FOUND"));
        api(first).get("/shows/" + UUID.randomUUID()).then().statusCode(404).body("code", equalTo("SHOW_NOT_FOUND"));
    }

    @Test
    void refusesBadRequestsWithProblems() {
        api(first).body("{\"title\":\" \",\"maxSeats\":0}").post("/shows").then().statusCode(400)
                .contentType("application/problem+json").body("code", equalTo("VALIDATION_FAILED"),
                        "violations.field", containsInAnyOrder("maxSeats", "showId", "title"));
        api(first).body("{\"showId\":\"" + UUID.randomUUID() + "\",\"title\":\"A\",\"maxSeats\":100001}").post("/shows")
                .then().statusCode(400).body("violations.field", equalTo(List.of("maxSeats")));
        api(first).body("{\"showId\":").post("/shows").then().statusCode(400).body("code", equalTo("MALFORMED_JSON"));
        // A hall of sections is the service's; the variants, which compare ways to sell plain halls, refuse it.
        api(first).body("{\"showId\":\"" + UUID.randomUUID() + "\",\"title\":\"A\",\"hall\":{\"categories\":[{\"name\":\"C\","
                + "\"price\":1}],\"sections\":[{\"name\":\"S\",\"rows\":[{\"from\":\"A\",\"seats\":4,\"category\":\"C\"}]}]}}")
                .post("/shows").then().statusCode(variant.equals(VariantProcess.REACTIVE) ? 201 : 400);
        api(first).body("{\"showId\":\"x\",\"title\":\"A\",\"maxSeats\":1}").post("/shows").then().statusCode(400)
                .body("violations.field", equalTo(List.of("showId")));
        api(first).get("/shows/not-a-uuid").then().statusCode(400).body("violations.field", equalTo(List.of("showId")));
        api(first).body("{\"action\":\"SELL\"}").patch("/shows/" + UUID.randomUUID() + "/seats/1").then().statusCode(400)
                .body("violations.field", equalTo(List.of("action")));
        api(first).body("{\"action\":\"RESERVE\"}").patch("/shows/" + UUID.randomUUID() + "/seats/x").then().statusCode(400)
                .body("violations.field", equalTo(List.of("seatNum")));
        api(first).get("/shows?limit=0").then().statusCode(400).body("violations.field", equalTo(List.of("limit")));
        api(first).get("/shows?available=maybe").then().statusCode(400).body("violations.field", equalTo(List.of("available")));
        api(first).body("x".repeat(20_000)).post("/shows").then().statusCode(413).body("code", equalTo("PAYLOAD_TOO_LARGE"));
        api(first).get("/nowhere").then().statusCode(404).body("code", equalTo("NOT_FOUND"));
        api(first).delete("/shows").then().statusCode(405).header("Allow", "GET, HEAD, OPTIONS, POST")
                .body("code", equalTo("METHOD_NOT_ALLOWED"));
        given().baseUri(first.baseUrl()).contentType(ContentType.TEXT).body("x").post("/shows").then().statusCode(415)
                .body("code", equalTo("UNSUPPORTED_MEDIA_TYPE"));
    }

    @Test
    void listsShowsAPageAtATimeAndOnlyThoseWithSeatsLeft() {
        List<UUID> ids = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            UUID id = UUID.randomUUID();
            api(first).body(show(id, "Show " + i, 1)).post("/shows").then().statusCode(201);
            ids.add(id);
        }
        seat(first, ids.get(0), 0, "RESERVE").then().statusCode(200);
        await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> { // read models may follow a few ms behind
            List<String> all = pages(false);
            assertThat(all).containsAll(ids.stream().map(UUID::toString).toList());
            assertThat(pages(true)).doesNotContain(ids.get(0).toString()).contains(ids.get(1).toString(), ids.get(2).toString());
        });
    }

    @Test
    void twoInstancesNeverReserveOneSeatTwice() {
        UUID id = UUID.randomUUID();
        api(first).body(show(id, "Hot", 2)).post("/shows").then().statusCode(201);
        api(second).get("/shows/" + id).then().statusCode(200); // both instances know the show before the race
        HttpClient client = HttpClient.newHttpClient();
        List<CompletableFuture<Integer>> answers = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            VariantProcess instance = i % 2 == 0 ? first : second;
            answers.add(client.sendAsync(HttpRequest.newBuilder(URI.create(instance.baseUrl() + "/shows/" + id + "/seats/1"))
                            .header("Content-Type", "application/json")
                            .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"action\":\"RESERVE\"}")).build(),
                    HttpResponse.BodyHandlers.discarding()).thenApply(HttpResponse::statusCode));
        }
        List<Integer> statuses = answers.stream().map(CompletableFuture::join).toList();
        assertThat(statuses).filteredOn(s -> s == 200).hasSize(1);
        assertThat(statuses).filteredOn(s -> s == 409).hasSize(15);
    }

    private List<String> pages(boolean onlyAvailable) {
        List<String> ids = new ArrayList<>();
        String after = null;
        do {
            var page = api(first).get("/shows?limit=2&available=" + onlyAvailable + (after == null ? "" : "&after=" + after))
                    .then().statusCode(200).extract().jsonPath();
            ids.addAll(page.getList("items.showId"));
            after = page.getString("next");
        } while (after != null);
        return ids;
    }

    private static io.restassured.response.Response seat(VariantProcess instance, UUID show, int seat, String action) {
        return api(instance).body("{\"action\":\"" + action + "\"}").patch("/shows/" + show + "/seats/" + seat);
    }

    private static RequestSpecification api(VariantProcess instance) {
        return given().baseUri(instance.baseUrl()).contentType(ContentType.JSON);
    }

    private static String show(UUID id, String title, int seats) {
        return "{\"showId\":\"" + id + "\",\"title\":\"" + title + "\",\"maxSeats\":" + seats + "}";
    }

    private static String databaseUrl(String name) throws Exception {
        String database = name.replace('-', '_');
        try (Connection connection = DriverManager.getConnection(ApiContractIT.database.jdbcUrl(), EmbeddedDatabase.USER, "");
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE DATABASE " + database);
        }
        return "postgresql://postgres@127.0.0.1:" + ApiContractIT.database.port() + "/" + database;
    }
}
