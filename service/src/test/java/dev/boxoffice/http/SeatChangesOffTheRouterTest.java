package dev.boxoffice.http;

import static dev.boxoffice.support.SeatStatuses.seatIs;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

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

/** With the route switched off (as the benchmark's variants run the service), the resource answers every seat change. */
@QuarkusTest
@TestProfile(SeatChangesOffTheRouterTest.OffTheRouter.class)
@QuarkusTestResource(TestDatabase.class)
@ExtendWith(OpenApiContract.class)
class SeatChangesOffTheRouterTest {

    @Inject
    MeterRegistry registry;

    public static class OffTheRouter implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("boxoffice.http.seat-changes-on-the-router", "false");
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
}
