package dev.boxoffice.app;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.boxoffice.support.TestDatabase;
import dev.boxoffice.support.WaitingRooms;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The Grafana dashboard of deploy/grafana against what the service exports: every metric a panel's query names is in
 * /q/metrics, a waiting room on sale among them (labelled by its show, with its figures).
 */
@QuarkusTest
@QuarkusTestResource(TestDatabase.class)
class DashboardTest {

    private static final Path DASHBOARD = Path.of(System.getProperty("boxoffice.repo", ".."))
            .resolve("deploy/grafana/boxoffice.json").toAbsolutePath().normalize();
    /** A series name in a query: metric names here start with one of these. */
    private static final Pattern METRIC = Pattern.compile("\\b(?:boxoffice|http|jvm|process)_[a-z0-9_]+");

    @Test
    void everyMetricTheDashboardQueriesIsExported() throws Exception {
        UUID show = WaitingRooms.createShow(Instant.now(), 1, 10, 5);
        for (int i = 0; i < 6; i++) { // one called a second: the line is moved for a few seconds
            given().when().post("/shows/" + show + "/queue").then().statusCode(201);
        }
        String room = "{show=\"" + show + "\"}";
        await().atMost(Duration.ofSeconds(10)).until(() -> metrics().contains("boxoffice_room_waiting" + room));
        String exported = metrics();
        assertThat(exported).contains("boxoffice_room_seats_available" + room + " 5.0", "boxoffice_room_admit_per_second" + room + " 1.0",
                "boxoffice_room_last_wait_seconds" + room);

        Set<String> names = exported.lines().filter(line -> !line.startsWith("#"))
                .map(line -> line.split("[{ ]", 2)[0]).collect(Collectors.toSet());
        List<String> queries = queries(new ObjectMapper().readTree(Files.readString(DASHBOARD)));
        assertThat(queries).hasSizeGreaterThan(10);
        Set<String> queried = new TreeSet<>();
        for (String query : queries) {
            Matcher metric = METRIC.matcher(query);
            assertThat(metric.find()).as("a query naming a metric: " + query).isTrue();
            do {
                queried.add(metric.group());
            } while (metric.find());
        }
        assertThat(names).containsAll(queried);
    }

    private static List<String> queries(JsonNode dashboard) {
        List<String> queries = new ArrayList<>();
        for (JsonNode panel : dashboard.get("panels")) {
            for (JsonNode target : panel.get("targets")) {
                queries.add(target.get("expr").asText());
            }
        }
        return queries;
    }

    private static String metrics() {
        return given().when().get("/q/metrics").then().statusCode(200).extract().asString();
    }
}
