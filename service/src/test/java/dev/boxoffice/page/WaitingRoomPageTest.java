package dev.boxoffice.page;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.boxoffice.support.SeatStatuses;
import dev.boxoffice.support.Browser;
import dev.boxoffice.support.TestDatabase;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;

/**
 * A show sold through its waiting room, in real headless Chromium: a buyer waits in line, live, then gets the seat
 * map and buys with the admission the page carries; the next buyer in line is let in once the first is done; the
 * line is told when every seat is held, and when the show is sold out.
 */
@QuarkusTest
@QuarkusTestResource(TestDatabase.class)
class WaitingRoomPageTest {

    private static final Duration WAIT = Duration.ofSeconds(20);

    @TestHTTPResource("/")
    URI base;

    private WebDriver first;
    private WebDriver second;

    @AfterEach
    void closeBrowsers() {
        if (first != null) {
            first.quit();
        }
        if (second != null) {
            second.quit();
        }
    }

    @Test
    void buyersWaitInLineLiveAndTheSeatMapOpensOnTheirTurn() throws Exception {
        UUID show = UUID.randomUUID();
        given().contentType(ContentType.JSON).body("{\"showId\":\"" + show + "\",\"title\":\"Tour\",\"maxSeats\":40,"
                + "\"onSaleAt\":\"" + Instant.now().plusSeconds(4) + "\",\"waitingRoom\":{\"admitPerSecond\":1,\"maxActive\":1}}")
                .when().post("/shows").then().statusCode(201);

        first = Browser.open(1280, 800);
        first.get(base + "#/shows/" + show);
        Browser.waitFor(first, WAIT, d -> Browser.text(d, "queue-position").startsWith("The sale has not opened yet"));
        second = Browser.open(1280, 800);
        second.get(base + "#/shows/" + show);
        Browser.waitFor(second, WAIT, d -> Browser.text(d, "queue-position").startsWith("The sale has not opened yet"));
        assertThat(seatMapShown(second)).isFalse();

        // One admitted at a time: whoever was drawn first buys while the other waits, its place shown live.
        Browser.waitFor(first, WAIT, d -> seatMapShown(d) || seatMapShown(second));
        WebDriver admitted = seatMapShown(first) ? first : second;
        WebDriver waiting = admitted == first ? second : first;
        Browser.waitFor(waiting, WAIT, d -> Browser.text(d, "queue-position").equals("Place 1 in line"));
        Browser.screenshot(waiting, "waiting-room.png");
        assertThat(Browser.text(admitted, "admission")).matches("Your turn: (9|10):\\d\\d left to buy\\.");
        assertThat(seatMapShown(waiting)).isFalse();

        admitted.findElement(By.cssSelector("#seats .seat[data-n='5']")).click();
        admitted.findElement(By.id("hold")).click();
        Browser.waitFor(admitted, WAIT, d -> d.findElements(By.cssSelector("#holds button[data-act=confirm]")).size() == 1);
        admitted.findElement(By.cssSelector("#holds button[data-act=confirm]")).click();
        Browser.waitFor(admitted, WAIT, d -> d.findElement(By.cssSelector("#seats .seat[data-n='5']")).getAttribute("class").contains("reserved"));

        Browser.waitFor(waiting, WAIT, WaitingRoomPageTest::seatMapShown); // the first buyer is done: the next one's turn
        assertThat(SeatStatuses.status(given().when().get("/shows/" + show).then().extract().<String>path("seats"), 5)).isEqualTo("RESERVED");
    }

    @Test
    void theLineIsToldWhileEverySeatIsHeldAndOnceTheShowIsSoldOut() throws Exception {
        UUID show = UUID.randomUUID();
        given().contentType(ContentType.JSON).body("{\"showId\":\"" + show + "\",\"title\":\"Last seat\",\"maxSeats\":1,"
                + "\"onSaleAt\":\"" + Instant.now() + "\",\"waitingRoom\":{\"admitPerSecond\":1,\"maxActive\":1}}")
                .when().post("/shows").then().statusCode(201);
        first = Browser.open(1280, 800);
        first.get(base + "#/shows/" + show);
        Browser.waitFor(first, WAIT, WaitingRoomPageTest::seatMapShown);
        second = Browser.open(1280, 800);
        second.get(base + "#/shows/" + show);
        Browser.waitFor(second, WAIT, d -> Browser.text(d, "queue-position").equals("Place 1 in line"));

        first.findElement(By.cssSelector("#seats .seat[data-n='0']")).click();
        first.findElement(By.id("hold")).click();
        Browser.waitFor(second, WAIT, d -> Browser.text(d, "queue-wait").startsWith("Every seat is held by other buyers"));

        Browser.waitFor(first, WAIT, d -> d.findElements(By.cssSelector("#holds button[data-act=confirm]")).size() == 1);
        first.findElement(By.cssSelector("#holds button[data-act=confirm]")).click();
        Browser.waitFor(second, WAIT, d -> Browser.text(d, "queue-position").equals("Sold out: every seat is sold."));
        Browser.screenshot(second, "waiting-room-sold-out.png");

        first.quit();
        first = Browser.open(1280, 800); // someone new: told at once, without a place
        first.get(base + "#/shows/" + show);
        Browser.waitFor(first, WAIT, d -> Browser.text(d, "queue-position").equals("Sold out: every seat is sold."));
        assertThat(seatMapShown(first)).isFalse();
    }

    private static boolean seatMapShown(WebDriver browser) {
        return !browser.findElements(By.cssSelector("#seats .seat")).isEmpty()
                && browser.findElement(By.id("seat-layout")).isDisplayed();
    }
}
