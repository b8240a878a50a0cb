package dev.boxoffice.http;

import static dev.boxoffice.support.SeatStatuses.seatIs;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.boxoffice.support.OpenApiContract;
import dev.boxoffice.support.TestDatabase;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** With the routes switched off (as the benchmark's variants run the service), the resources answer every hot write. */
@QuarkusTest
@TestProfile(HotWritesOffTheRouterTest.OffTheRouter.class)
@QuarkusTestResource(TestDatabase.class)
@ExtendWith(OpenApiContract.class)
class HotWritesOffTheRouterTest {

    @Inject
    MeterRegistry registry;

    public static class OffTheRouter implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("boxoffice.http.hot-writes-on-the-router", "false");
        }
    }

    @Test
    void aWellFormedSeatChangeIsAnsweredByTheResource() {
        UUID show = ShowApiTest.createShow(5);

        given().contentType(ContentType.JSON).body("{\"action\":\"RESERVE\"}").when().patch("/shows/" + show + "/seats/2")
                .then().statusCode(200);
        given().contentType(ContentType.JSON).body("{\"action\":\"RESERVE\"}").when().patch("/shows/" + show + "/seats/2")
                .then().statusCode(409);

        assertThat(registry.get("boxoffice.seat.changes.direct").counter().count()).isZero();
        given().get("/shows/" + show).then().body("seats", seatIs(2, "RESERVED"));
    }

    @Test
    void aWellFormedConfirmationIsAnsweredByTheResource() {
        UUID show = ShowApiTest.createShow(5);
        String hold = given().contentType(ContentType.JSON).body("{\"seats\":[3]}").when().post("/shows/" + show + "/holds")
                .then().statusCode(201).extract().path("holdId");

        given().when().post("/shows/" + show + "/holds/" + hold + "/confirm").then().statusCode(200).body("status", equalTo("CONFIRMED"));

        assertThat(registry.get("boxoffice.hold.settlements.direct").counter().count()).isZero();
        given().get("/shows/" + show).then().body("seats", seatIs(3, "RESERVED"));
    }
}
