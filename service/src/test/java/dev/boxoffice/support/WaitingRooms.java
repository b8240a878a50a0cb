package dev.boxoffice.support;

import static io.restassured.RestAssured.given;

import io.restassured.http.ContentType;
import java.time.Instant;
import java.util.UUID;

/** Shows that sell through a waiting room, created over HTTP for a test. */
public final class WaitingRooms {

    private WaitingRooms() {
    }

    /** A show of 20 seats on sale at {@code onSaleAt}, through a room of the given rate and bound. */
    public static UUID createShow(Instant onSaleAt, int admitPerSecond, int maxActive) {
        return createShow(onSaleAt, admitPerSecond, maxActive, 20);
    }

    /** A show of {@code seats} seats on sale at {@code onSaleAt}, through a room of the given rate and bound. */
    public static UUID createShow(Instant onSaleAt, int admitPerSecond, int maxActive, int seats) {
        UUID id = UUID.randomUUID();
        given().contentType(ContentType.JSON).body("{\"showId\":\"" + id + "\",\"title\":\"On sale\",\"maxSeats\":" + seats + ","
                + "\"onSaleAt\":\"" + onSaleAt + "\",\"waitingRoom\":{\"admitPerSecond\":" + admitPerSecond + ",\"maxActive\":"
                + maxActive + "}}").when().post("/shows").then().statusCode(201);
        return id;
    }
}
