package dev.boxoffice.http;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;

import com.fasterxml.jackson.databind.JsonNode;
import com.atlassian.oai.validator.report.MessageResolver;
import com.atlassian.oai.validator.schema.SchemaValidator;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.boxoffice.support.OpenApiContract;
import dev.boxoffice.support.SseClient;
import dev.boxoffice.support.SseClient.Event;
import dev.boxoffice.support.TestDatabase;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.parser.OpenAPIV3Parser;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The seat-map stream over HTTP: a snapshot, then every committed change in order; resuming with Last-Event-ID;
 * its errors; a slow reader dropped at the per-stream bound (16 KB in the test profile); new streams refused at the
 * streams' memory bound (256 KB in the test profile).
 */
@QuarkusTest
@QuarkusTestResource(TestDatabase.class)
@ExtendWith(OpenApiContract.class)
class SeatStreamApiTest {

    private static final Duration WAIT = Duration.ofSeconds(5);
    private static final ObjectMapper JSON = new ObjectMapper();

    @TestHTTPResource("/")
    URI base;

    @Test
    void beginsWithTheSeatMapThenSendsEachChangeAsItCommits() throws Exception {
        UUID show = createShow(10);
        reserve(show, "[2]");
        try (SseClient stream = open(show, null)) {
            assertThat(stream.contentType()).startsWith("text/event-stream");
            Event snapshot = stream.next(WAIT);
            assertThat(snapshot.event()).isEqualTo("snapshot");
            assertThat(data(snapshot).get("seats").asText()).isEqualTo("AARAAAAAAA");
            assertThat(data(snapshot).at("/hall/sections/0/rows/0/count").asInt()).as("the hall: two rows").isEqualTo(2);
            assertThat(data(snapshot).at("/hall/sections/0/rows/0/seats").asInt()).as("of five").isEqualTo(5);
            assertThat(data(snapshot).get("version").asLong()).isEqualTo(2);

            String hold = hold(show, "[3,4]", 60);
            Event held = stream.next(WAIT);
            assertThat(held.event()).isEqualTo("seats");
            assertThat(data(held).get("status").asText()).isEqualTo("HELD");
            assertThat(data(held).get("holdId").asText()).isEqualTo(hold);
            assertThat(seats(held)).containsExactly(3, 4);
            assertThat(Long.parseLong(held.id())).isGreaterThan(Long.parseLong(snapshot.id()));

            given().when().post("/shows/" + show + "/holds/" + hold + "/confirm").then().statusCode(200);
            Event confirmed = stream.next(WAIT);
            assertThat(data(confirmed).get("status").asText()).isEqualTo("RESERVED");
            assertThat(seats(confirmed)).containsExactly(3, 4);
            assertThat(Long.parseLong(confirmed.id())).isGreaterThan(Long.parseLong(held.id()));

            hold(show, "[7]", 1);
            assertThat(data(stream.next(WAIT)).get("status").asText()).isEqualTo("HELD");
            Event expired = stream.next(WAIT);
            assertThat(data(expired).get("status").asText()).isEqualTo("AVAILABLE");
            assertThat(data(expired).get("reason").asText()).isEqualTo("EXPIRED");
            assertThat(seats(expired)).containsExactly(7);
        }
    }

    @Test
    void everyEventIsOneTheDocumentDescribes() throws Exception {
        OpenAPI document = new OpenAPIV3Parser().read(base.resolve("/q/openapi").toString());
        SchemaValidator validator = new SchemaValidator(document, new MessageResolver());
        Schema<?> eventSchema = document.getComponents().getSchemas().get("SeatStreamEvent");
        assertThat(document.getPaths().get("/shows/{showId}/stream").getGet().getResponses().get("200").getContent()
                .get("text/event-stream").getSchema().get$ref()).isEqualTo("#/components/schemas/SeatStreamEvent");
        UUID show = createShow(10);
        List<Event> events = new ArrayList<>();
        try (SseClient stream = open(show, null)) {
            events.add(stream.next(WAIT));
            String hold = hold(show, "[3,4]", 60);
            events.add(stream.next(WAIT));
            given().when().delete("/shows/" + show + "/holds/" + hold).then().statusCode(200);
            events.add(stream.next(WAIT));
        }
        SeatFrames frames = new SeatFrames(JSON);
        for (String reason : List.of("SLOW_READER", "STREAMS_MEMORY_FULL")) {
            events.add(SseClient.parse(frames.end(reason).toString()));
        }
        Map<String, String> dataSchemas = Map.of("snapshot", "SeatMapSnapshot", "seats", "SeatChange", "end", "StreamEnd");
        for (Event event : events) {
            assertThat(validator.validate(asDocumented(event), eventSchema, "event").getMessages()).as(event.toString()).isEmpty();
            Schema<?> data = document.getComponents().getSchemas().get(dataSchemas.get(event.event()));
            assertThat(validator.validate(event.data(), data, "data").getMessages()).as(event.data()).isEmpty();
        }
        String notAnEvent = "{\"event\":\"seats\",\"id\":1,\"data\":{\"seats\":[1]}}";
        assertThat(validator.validate(notAnEvent, eventSchema, "event").hasErrors()).as("the check can fail").isTrue();
        assertThat(validator.validate("{\"seats\":\"1\"}", document.getComponents().getSchemas().get("SeatChange"), "data")
                .hasErrors()).as("the data's check can fail").isTrue();
    }

    /** An event as the document describes one: its fields as text/event-stream names them, each a string. */
    private static String asDocumented(Event event) throws Exception {
        var node = JSON.createObjectNode().put("event", event.event());
        if (event.id() != null) {
            node.put("id", event.id());
        }
        node.put("data", event.data());
        return JSON.writeValueAsString(node);
    }

    @Test
    void aReconnectingClientGetsWhatItMissedAndNothingElse() throws Exception {
        UUID show = createShow(10);
        String lastSeen;
        try (SseClient stream = open(show, null)) {
            lastSeen = stream.next(WAIT).id();
        }
        reserve(show, "[0]");
        reserve(show, "[1,5]");

        try (SseClient resumed = open(show, lastSeen)) {
            Event first = resumed.next(WAIT);
            assertThat(first.event()).isEqualTo("seats");
            assertThat(seats(first)).containsExactly(0);
            Event second = resumed.next(WAIT);
            assertThat(seats(second)).containsExactly(1, 5);
            assertThat(resumed.poll(Duration.ofMillis(300))).isNull();

            try (SseClient fromSecond = open(show, first.id())) {
                assertThat(seats(fromSecond.next(WAIT))).containsExactly(1, 5);
            }
        }
    }

    @Test
    void anIdNotOfThisShowStartsAfreshWithASnapshot() throws Exception {
        UUID other = createShow(3);
        String otherId;
        try (SseClient stream = open(other, null)) {
            otherId = stream.next(WAIT).id();
        }
        UUID show = createShow(4);
        reserve(show, "[1]");
        try (SseClient stream = open(show, otherId)) {
            Event snapshot = stream.next(WAIT);
            assertThat(snapshot.event()).isEqualTo("snapshot");
            assertThat(data(snapshot).get("seats").asText()).isEqualTo("ARAA");
        }
    }

    @Test
    void answersItsErrorsAsProblems() {
        UUID show = createShow(2);
        given().when().get("/shows/" + UUID.randomUUID() + "/stream").then().statusCode(404)
                .contentType("application/problem+json").body("code", equalTo("SHOW_NOT_FOUND"));
        given().when().get("/shows/not-a-uuid/stream").then().statusCode(400).body("code", equalTo("VALIDATION_FAILED"));
        for (String notAnId : List.of("yesterday", "", "-1")) {
            given().header("Last-Event-ID", notAnId).when().get("/shows/" + show + "/stream").then().statusCode(400)
                    .body("code", equalTo("VALIDATION_FAILED")).body("violations[0].field", equalTo("Last-Event-ID"));
        }
        given().when().post("/shows/" + show + "/stream").then().statusCode(405).header("Allow", "GET, OPTIONS")
                .body("code", equalTo("METHOD_NOT_ALLOWED"));
        given().when().options("/shows/" + show + "/stream").then().statusCode(204).header("Allow", "GET, OPTIONS");
    }

    @Test
    void aReaderThatFallsBehindIsToldWhyAndDropped() throws Exception {
        int buyers = 4;
        UUID show = createShow(100 * buyers);
        double openBefore = metric("boxoffice_streams_open");
        double chargedBefore = metric("boxoffice_streams_charged_bytes");
        try (Socket reader = new Socket()) {
            reader.setReceiveBufferSize(1024); // before connecting: the window it offers stays small
            reader.connect(new InetSocketAddress(base.getHost(), base.getPort()));
            OutputStream out = reader.getOutputStream();
            out.write(("GET /shows/" + show + "/stream HTTP/1.1\r\nHost: test\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            double droppedBefore = dropped();
            // The socket buffers (the server's is 32 KB in the tests, see SmallSendBuffers) fill before the server's own
            // bound is reached: buyers hold and release 100 seats at a time (about 500 bytes on the stream each) until it is.
            AtomicBoolean done = new AtomicBoolean();
            ExecutorService pool = Executors.newFixedThreadPool(buyers);
            HttpClient client = HttpClient.newHttpClient();
            for (int buyer = 0; buyer < buyers; buyer++) {
                String seats = IntStream.range(buyer * 100, buyer * 100 + 100).boxed().toList().toString();
                pool.submit(() -> holdAndRelease(client, show, seats, done));
            }
            try {
                await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200))
                        .until(() -> dropped() > droppedBefore);
            } finally {
                done.set(true);
                pool.shutdown();
                assertThat(pool.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
            }

            reader.setSoTimeout(10_000);
            String received = readToEnd(reader.getInputStream());
            assertThat(received).contains("event: snapshot");
            assertThat(received).contains("event: end\ndata: {\"reason\":\"SLOW_READER\"}");
            assertThat(received.lastIndexOf("event: end")).isGreaterThan(received.lastIndexOf("event: seats"));
        }
        await().atMost(WAIT).untilAsserted(() -> { // nothing of the dropped stream is left charged
            assertThat(metric("boxoffice_streams_open")).isEqualTo(openBefore);
            assertThat(metric("boxoffice_streams_charged_bytes")).isEqualTo(chargedBefore);
        });
        try (SseClient again = open(show, null)) {
            assertThat(again.next(WAIT).event()).isEqualTo("snapshot");
        }
    }

    private Void holdAndRelease(HttpClient client, UUID show, String seats, AtomicBoolean done) throws Exception {
        URI holds = base.resolve("/shows/" + show + "/holds");
        while (!done.get()) {
            HttpResponse<String> held = client.send(HttpRequest.newBuilder(holds).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"seats\":" + seats + ",\"ttlSeconds\":60}")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(held.statusCode()).isEqualTo(201);
            String location = held.headers().firstValue("Location").orElseThrow();
            HttpResponse<String> released = client.send(HttpRequest.newBuilder(base.resolve(URI.create(location).getPath()))
                    .DELETE().build(), HttpResponse.BodyHandlers.ofString());
            assertThat(released.statusCode()).isEqualTo(200);
        }
        return null;
    }

    @Test
    void newStreamsAreRefusedPastTheStreamsMemoryBound() throws Exception {
        UUID show = createShow(5);
        List<SseClient> open = new ArrayList<>();
        try {
            int status = 200;
            while (status == 200 && open.size() < 100) {
                var answer = given().when().get("/shows/" + UUID.randomUUID() + "/stream"); // checks the bound first
                status = answer.statusCode();
                if (status == 404) {
                    open.add(open(show, null));
                    open.get(open.size() - 1).next(WAIT);
                    status = 200;
                } else {
                    answer.then().statusCode(503).header("Retry-After", "1").body("code", equalTo("OVERLOADED"));
                }
            }
            assertThat(open.size()).as("streams open at the bound of 256 KB, at 8 KB each").isBetween(10, 32);
        } finally {
            open.forEach(SseClient::close);
        }
        await().atMost(WAIT).untilAsserted(() ->
                given().when().get("/shows/" + UUID.randomUUID() + "/stream").then().statusCode(404));
    }

    private SseClient open(UUID show, String lastEventId) throws Exception {
        return SseClient.open(base.resolve("/shows/" + show + "/stream"), lastEventId);
    }

    private static JsonNode data(Event event) throws Exception {
        return JSON.readTree(event.data());
    }

    private static List<Integer> seats(Event event) throws Exception {
        List<Integer> seats = new ArrayList<>();
        data(event).get("seats").forEach(seat -> seats.add(seat.asInt()));
        return seats;
    }

    private static double dropped() {
        return metric("boxoffice_streams_dropped_total");
    }

    private static double metric(String name) {
        String metrics = given().when().get("/q/metrics").then().statusCode(200).extract().asString();
        return metrics.lines().filter(line -> line.startsWith(name + " ") || line.startsWith(name + "{"))
                .mapToDouble(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1))).sum();
    }

    private static String readToEnd(InputStream in) throws Exception {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        in.transferTo(all);
        return all.toString(StandardCharsets.UTF_8);
    }

    private static UUID createShow(int seats) {
        UUID id = UUID.randomUUID();
        given().contentType(ContentType.JSON)
                .body("{\"showId\":\"" + id + "\",\"title\":\"Streamed\",\"maxSeats\":" + seats + "}")
                .when().post("/shows").then().statusCode(201);
        return id;
    }

    private static void reserve(UUID show, String seats) {
        given().contentType(ContentType.JSON).body("{\"seats\":" + seats + "}")
                .when().post("/shows/" + show + "/reservations").then().statusCode(200);
    }

    private static String hold(UUID show, String seats, int ttlSeconds) {
        return given().contentType(ContentType.JSON).body("{\"seats\":" + seats + ",\"ttlSeconds\":" + ttlSeconds + "}")
                .when().post("/shows/" + show + "/holds").then().statusCode(201).extract().path("holdId");
    }
}
