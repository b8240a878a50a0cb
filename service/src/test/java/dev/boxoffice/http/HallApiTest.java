package dev.boxoffice.http;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.nullValue;

import dev.boxoffice.support.OpenApiContract;
import dev.boxoffice.support.TestDatabase;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A show in a hall of sections, rows and categories over HTTP: created, read back compactly, sold best available. */
@QuarkusTest
@QuarkusTestResource(TestDatabase.class)
@ExtendWith(OpenApiContract.class)
class HallApiTest {

    /** Stalls: rows A-C of 12 (aisle after the 6th) in Premium, D-E of 14 in Standard; a box of 4 placed aside. */
    private static final String THEATRE = """
            {"categories": [{"name": "Premium", "price": 80}, {"name": "Standard", "price": 45.50}],
             "sections": [
               {"name": "Stalls", "rows": [
                  {"from": "A", "count": 3, "seats": 12, "category": "Premium", "aislesAfter": [5]},
                  {"from": "D", "count": 2, "seats": 14, "category": "Standard", "wheelchair": [0], "companion": [1]}]},
               {"name": "Box", "x": 20, "y": 0, "rows": [{"from": "1", "seats": 4, "category": "Premium"}]}]}
            """;

    @Test
    void aShowInAHallIsReadBackCompactlyWithItsPrices() {
        UUID id = UUID.randomUUID();
        create(id, THEATRE).statusCode(201).body("hall.sections[0].rows", hasSize(2));

        given().when().get("/shows/" + id).then().statusCode(200)
                .body("hall.categories[1].price", equalTo(45.50f))
                .body("hall.sections[0].rows[0].from", equalTo("A")).body("hall.sections[0].rows[0].count", equalTo(3))
                .body("hall.sections[0].rows[1].wheelchair", equalTo(List.of(0)))
                .body("hall.sections[0].x", nullValue()).body("hall.sections[1].x", equalTo(20))
                .body("seats", equalTo("A".repeat(3 * 12 + 2 * 14 + 4)));
    }

    @Test
    void aLargePlainHallIsWrittenInRunsOfRowsItWouldTakeBack() {
        UUID id = UUID.randomUUID();
        // 65,535 seats in rows of 40: 1,638 full rows and one of 15; a run holds at most 1,000 rows.
        given().contentType(ContentType.JSON).body("{\"showId\":\"" + id + "\",\"title\":\"Arena\",\"maxSeats\":65535}")
                .when().post("/shows").then().statusCode(201)
                .body("hall.sections[0].rows.count", equalTo(List.of(1000, 638, 1)))
                .body("hall.sections[0].rows.seats", equalTo(List.of(40, 40, 15)));
    }

    @Test
    void holdsTheBestSeatsOfACategoryAndNamesThem() {
        UUID id = UUID.randomUUID();
        create(id, THEATRE).statusCode(201);

        // Row D: a wheelchair space and its companion seat on the left, never picked by best available.
        bestAvailable(id, "{\"count\":2,\"category\":\"Standard\"}").statusCode(201)
                .body("labels", equalTo(List.of("Stalls, row D, seat 7", "Stalls, row D, seat 8")));
        // Row A, seats 1-6 and 7-12 either side of an aisle: three together stay on one side of it.
        bestAvailable(id, "{\"count\":3,\"category\":\"Premium\"}").statusCode(201)
                .body("labels", equalTo(List.of("Stalls, row A, seat 4", "Stalls, row A, seat 5", "Stalls, row A, seat 6")));
        bestAvailable(id, "{\"count\":7,\"category\":\"Premium\"}").statusCode(409).body("code", equalTo("NO_SEATS_TOGETHER"));
    }

    @Test
    void refusesAHallThatCannotBeWithA400SayingWhy() {
        invalid(THEATRE.replace("\"category\": \"Standard\", \"wheelchair\"", "\"category\": \"Gold\", \"wheelchair\""))
                .body("detail", equalTo("The hall cannot be: row D of Stalls is of category Gold, which the hall does not price."));
        invalid(THEATRE.replace("\"aislesAfter\": [5]", "\"aislesAfter\": [11]"));
        invalid(THEATRE.replace("\"from\": \"D\"", "\"from\": \"B\""));
        invalid(THEATRE.replace("\"x\": 20, \"y\": 0,", "\"x\": 20,"));
        invalid(THEATRE.replace("\"from\": \"1\"", "\"from\": \"Loge 1\", \"count\": 2"));
        invalid("{\"categories\": [{\"name\": \"A\", \"price\": 1}], \"sections\": [{\"name\": \"S\", \"rows\": "
                + "[{\"from\": \"A\", \"count\": 1000, \"seats\": 1000, \"category\": \"A\"}]}]}");
        UUID id = UUID.randomUUID();
        given().contentType(ContentType.JSON).body("{\"showId\":\"" + id + "\",\"title\":\"Both\",\"maxSeats\":10,\"hall\":" + THEATRE + "}")
                .when().post("/shows").then().statusCode(400).body("code", equalTo("VALIDATION_FAILED"));
        given().contentType(ContentType.JSON).body("{\"showId\":\"" + id + "\",\"title\":\"Neither\"}")
                .when().post("/shows").then().statusCode(400).body("code", equalTo("VALIDATION_FAILED"));
    }

    private static ValidatableResponse invalid(String hall) {
        return create(UUID.randomUUID(), hall).statusCode(400).contentType("application/problem+json")
                .body("code", equalTo("VALIDATION_FAILED"));
    }

    private static ValidatableResponse create(UUID id, String hall) {
        return given().contentType(ContentType.JSON).body("{\"showId\":\"" + id + "\",\"title\":\"Hamlet\",\"hall\":" + hall + "}")
                .when().post("/shows").then();
    }

    private static ValidatableResponse bestAvailable(UUID show, String body) {
        return given().contentType(ContentType.JSON).body(body).when().post("/shows/" + show + "/holds").then();
    }
}
