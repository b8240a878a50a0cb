package dev.boxoffice.http;

import static dev.boxoffice.http.ShowApiTest.createShow;
import static dev.boxoffice.http.ShowApiTest.problem;
import static dev.boxoffice.http.ShowApiTest.reserve;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

import dev.boxoffice.support.OpenApiContract;
import dev.boxoffice.support.TestDatabase;
import org.junit.jupiter.api.extension.ExtendWith;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * GET /shows from the show_view read model, and the admin endpoints. In tests the live projection has no fallback
 * poll (10 minutes), so every freshness check here also proves that commit notifications wake it.
 */
@QuarkusTest
@QuarkusTestResource(TestDatabase.class)
@ExtendWith(OpenApiContract.class) // every response is checked against /q/openapi
class ShowListingTest {

    private static final String ADMIN = "Bearer test-admin-token";

    @Test
    void listsShowsWithTheirAvailableSeatsShortlyAfterEachCommit() {
        UUID full = createShow(1);
        UUID open = createShow(3);
        reserve(full, 0).statusCode(200);
        reserve(open, 2).statusCode(200);

        await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> {
            Map<String, Map<String, Object>> all = allShows(false, 200);
            assertThat(all.get(full.toString())).containsEntry("totalSeats", 1).containsEntry("availableSeats", 0);
            assertThat(all.get(open.toString())).containsEntry("totalSeats", 3).containsEntry("availableSeats", 2)
                    .containsEntry("title", "Show");
        });
        Map<String, Map<String, Object>> available = allShows(true, 200);
        assertThat(available).containsKey(open.toString()).doesNotContainKey(full.toString());
        assertThat(available.values()).allSatisfy(show -> assertThat((Integer) show.get("availableSeats")).isPositive());
    }

    @Test
    void pagesFollowTheCursorInIdOrderWithoutGapsOrRepeats() {
        for (int i = 0; i < 7; i++) {
            createShow(2);
        }
        await().atMost(Duration.ofSeconds(5)).until(() -> allShows(false, 200).size() >= 7);
        List<String> oneBigPage = new ArrayList<>(allShows(false, 200).keySet());
        List<String> smallPages = new ArrayList<>(allShows(false, 3).keySet());
        assertThat(smallPages).isEqualTo(oneBigPage).isSorted().doesNotHaveDuplicates();
    }

    @Test
    void refusesBadQueryParametersWithAProblem() {
        problem(given().when().get("/shows?available=yes"), 400, "VALIDATION_FAILED").body("violations[0].field", equalTo("available"));
        problem(given().when().get("/shows?limit=0"), 400, "VALIDATION_FAILED").body("violations[0].field", equalTo("limit"));
        problem(given().when().get("/shows?limit=201"), 400, "VALIDATION_FAILED");
        problem(given().when().get("/shows?limit=ten"), 400, "VALIDATION_FAILED");
        problem(given().when().get("/shows?after=not-a-uuid"), 400, "VALIDATION_FAILED").body("violations[0].field", equalTo("after"));
        // Java's own parser takes this, but no UUID is written so
        problem(given().when().get("/shows?after=1-2-3-4-5"), 400, "VALIDATION_FAILED").body("violations[0].field", equalTo("after"));
        problem(given().when().get("/shows?after="), 400, "VALIDATION_FAILED").body("violations[0].field", equalTo("after"));
        problem(given().when().get("/shows?limit="), 400, "VALIDATION_FAILED").body("violations[0].field", equalTo("limit"));
    }

    @Test
    void adminEndpointsNeedTheToken() {
        problem(given().when().get("/admin/projections"), 401, "UNAUTHORIZED").header("WWW-Authenticate", "Bearer");
        problem(given().header("Authorization", "Bearer wrong").when().post("/admin/projections/show_view/rebuild"),
                401, "UNAUTHORIZED");
        problem(given().header("Authorization", ADMIN).when().post("/admin/projections/no_such/rebuild"), 404, "NOT_FOUND");
        given().header("Authorization", ADMIN).when().get("/admin/projections")
                .then().statusCode(200).body("name", hasItem("show_view"));
    }

    @Test
    void rebuildsIntoANewTableAndSwitchesWithoutLosingAShow() {
        UUID show = createShow(4);
        reserve(show, 1).statusCode(200);
        await().atMost(Duration.ofSeconds(5)).until(() -> allShows(false, 200).containsKey(show.toString())
                && status().getLong("[0].lagEvents") == 0);
        Map<String, Map<String, Object>> before = allShows(false, 200);
        String tableBefore = status().getString("[0].table");

        given().header("Authorization", ADMIN).when().post("/admin/projections/show_view/rebuild")
                .then().statusCode(202).body("projection", equalTo("show_view"));
        UUID during = createShow(2); // committed while the rebuild runs or right after: must not be lost

        await().atMost(Duration.ofSeconds(20)).until(() -> !status().getString("[0].table").equals(tableBefore)
                && allShows(false, 200).containsKey(during.toString()));
        Map<String, Map<String, Object>> after = allShows(false, 200);
        after.remove(during.toString());
        // Other shows may change meanwhile (an earlier test's hold expires), so compare which shows, and this one whole
        assertThat(after.keySet()).isEqualTo(before.keySet());
        assertThat(after.get(show.toString())).isEqualTo(before.get(show.toString()));
        given().when().get("/q/health/ready").then().statusCode(200)
                .body("checks.find { it.name == 'show_view projection' }.status", equalTo("UP"));
    }

    private static JsonPath status() {
        return given().header("Authorization", ADMIN).when().get("/admin/projections").then().statusCode(200).extract().jsonPath();
    }

    /** Every show, following the cursor page by page. */
    private static Map<String, Map<String, Object>> allShows(boolean onlyAvailable, int pageSize) {
        Map<String, Map<String, Object>> shows = new LinkedHashMap<>();
        String after = null;
        do {
            var request = given().queryParam("limit", pageSize).queryParam("available", onlyAvailable);
            if (after != null) {
                request.queryParam("after", after);
            }
            JsonPath page = request.when().get("/shows").then().statusCode(200).extract().jsonPath();
            List<Map<String, Object>> items = page.getList("items");
            items.forEach(item -> shows.put((String) item.get("showId"), item));
            after = page.getString("next");
        } while (after != null);
        return shows;
    }
}
