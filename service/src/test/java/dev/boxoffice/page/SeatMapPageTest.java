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
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The page at / in real headless Chromium: two buyers on one show see each other's holds live; hold, confirm,
 * release and cancel from the page; refusals explained; the keyboard; a phone-sized screen; a hall drawn with its
 * stage, sections, rows, aisles, categories and wheelchair spaces, and best available; a stadium of 100,000 seats.
 */
@QuarkusTest
@QuarkusTestResource(TestDatabase.class)
class SeatMapPageTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    @TestHTTPResource("/")
    URI base;

    private WebDriver buyer;
    private WebDriver other;

    @AfterEach
    void closeBrowsers() {
        if (buyer != null) {
            buyer.quit();
        }
        if (other != null) {
            other.quit();
        }
    }

    @Test
    void anotherBuyersHoldTurnsTheSeatsHeldWithinASecond() throws Exception {
        UUID show = createShow("Hamlet, Saturday 8 pm", 240);
        given().contentType(ContentType.JSON).body("{\"seats\":[20,21,22,23,24,25,60,61,62,63,100,101,102,150,151]}")
                .when().post("/shows/" + show + "/reservations").then().statusCode(200);
        buyer = openShow(show, 1280, 720, 240);
        other = openShow(show, 1280, 720, 240);

        seat(buyer, 3).click();
        seat(buyer, 4).click();
        assertThat(Browser.text(buyer, "selection")).isEqualTo("Selected: row A, seats 4–5.");
        buyer.findElement(By.id("hold")).click();

        new WebDriverWait(other, Duration.ofSeconds(1)).until(d -> classOf(d, 3).contains("held") && classOf(d, 4).contains("held"));
        Browser.waitFor(buyer, WAIT, d -> classOf(d, 3).contains("mine") && d.findElements(By.cssSelector("#holds li[data-hold-id]")).size() == 1);
        assertThat(seat(other, 3).getAttribute("aria-label")).isEqualTo("Row A, seat 4, held");
        assertThat(seat(buyer, 3).getAttribute("aria-label")).isEqualTo("Row A, seat 4, held by you");
        assertThat(buyer.findElement(By.cssSelector("#holds .countdown")).getText()).matches("(9|10):\\d\\d left");
        assertThat(Browser.text(other, "show-summary")).isEqualTo("223 available, 2 held, 15 reserved");

        seat(other, 90).click();
        seat(other, 91).click();
        other.findElement(By.id("hold")).click();
        Browser.waitFor(buyer, WAIT, d -> classOf(d, 91).contains("held"));
        seat(buyer, 44).click();
        seat(buyer, 45).click();
        assertThat(Browser.text(buyer, "selection")).isEqualTo("Selected: row C, seats 1–2.");
    }

    @Test
    void aHoldIsConfirmedOrReleasedAndAReservationCancelledFromThePage() {
        UUID show = createShow("Confirm and release", 20);
        buyer = openShow(show, 1280, 900, 20);
        other = openShow(show, 1280, 900, 20);

        seat(buyer, 1).click();
        buyer.findElement(By.id("hold")).click();
        Browser.waitFor(buyer, WAIT, d -> d.findElements(By.cssSelector("#holds button[data-act=confirm]")).size() == 1);
        buyer.findElement(By.cssSelector("#holds button[data-act=confirm]")).click();
        Browser.waitFor(other, WAIT, d -> classOf(d, 1).contains("reserved"));
        Browser.waitFor(buyer, WAIT, d -> classOf(d, 1).contains("reserved") && Browser.text(d, "holds").equals("None."));

        seat(buyer, 2).click();
        buyer.findElement(By.id("hold")).click();
        Browser.waitFor(other, WAIT, d -> classOf(d, 2).contains("held"));
        buyer.findElement(By.cssSelector("#holds button[data-act=release]")).click();
        Browser.waitFor(other, WAIT, d -> classOf(d, 2).contains("available"));

        seat(other, 1).click();
        other.findElement(By.id("cancel")).click();
        Browser.waitFor(buyer, WAIT, d -> classOf(d, 1).contains("available"));
        assertThat(SeatStatuses.status(given().when().get("/shows/" + show).then().extract().<String>path("seats"), 1)).isEqualTo("AVAILABLE");
    }

    @Test
    void refusalsAreExplained() {
        UUID show = createShow("Refusals", 10);
        buyer = openShow(show, 1280, 900, 10);
        seat(buyer, 8).click();
        seat(buyer, 9).click();
        ((JavascriptExecutor) buyer).executeScript("state.stream.close()"); // the page no longer hears of changes
        given().contentType(ContentType.JSON).body("{\"seats\":[9]}").when().post("/shows/" + show + "/reservations")
                .then().statusCode(200);

        buyer.findElement(By.id("hold")).click();
        Browser.waitFor(buyer, WAIT, d -> Browser.text(d, "message").equals("Someone else just took some of these seats (row B, seat 5)."));

        // An overloaded service answers 503 with Retry-After: the page says so instead of retrying.
        ((JavascriptExecutor) buyer).executeScript("window.fetch = () => Promise.resolve(new Response("
                + "'{\"status\":503,\"code\":\"OVERLOADED\"}', {status: 503, headers: {'Retry-After': '3'}}))");
        buyer.findElement(By.id("reserve")).click();
        Browser.waitFor(buyer, WAIT, d -> Browser.text(d, "message").equals("BoxOffice is very busy right now: nothing was done. Try again in 3 s."));
    }

    @Test
    void aWriteWhoseEveryTryFailedIsSaid() {
        UUID show = createShow("No network", 10);
        buyer = openShow(show, 1280, 900, 10);
        seat(buyer, 4).click();
        // The network fails every try (as fetch does when the connection is lost): three tries, then words.
        ((JavascriptExecutor) buyer).executeScript("window.tries = 0; window.fetch = () => { window.tries++;"
                + " return Promise.reject(new TypeError('Failed to fetch')); }");
        buyer.findElement(By.id("reserve")).click();
        Browser.waitFor(buyer, WAIT, d -> Browser.text(d, "message").equals("BoxOffice could not be reached (3 tries). It may or may not have"
                + " been done: the seat map shows what happened once the connection is back."));
        assertThat(((Number) ((JavascriptExecutor) buyer).executeScript("return window.tries")).intValue()).isEqualTo(3);
        assertThat(SeatStatuses.status(given().when().get("/shows/" + show).then().extract().<String>path("seats"), 4)).isEqualTo("AVAILABLE");
    }

    @Test
    void theSeatMapWorksFromTheKeyboard() {
        UUID show = createShow("Keyboard", 120); // rows of 16
        buyer = openShow(show, 1280, 900, 120);
        seat(buyer, 0).click(); // focus lands on the first seat, and selects it
        WebElement focused = buyer.switchTo().activeElement();
        focused.sendKeys(Keys.SPACE); // deselects it
        focused.sendKeys(Keys.ARROW_RIGHT);
        buyer.switchTo().activeElement().sendKeys(Keys.ARROW_RIGHT);
        buyer.switchTo().activeElement().sendKeys(Keys.ENTER);
        assertThat(Browser.text(buyer, "selection")).isEqualTo("Selected: row A, seat 3.");
        buyer.switchTo().activeElement().sendKeys(Keys.ARROW_DOWN); // the seat behind it, in row B
        assertThat(buyer.switchTo().activeElement().getAttribute("data-n")).isEqualTo("18");
        buyer.switchTo().activeElement().sendKeys(Keys.END);
        assertThat(buyer.switchTo().activeElement().getAttribute("aria-label")).isEqualTo("Row B, seat 16, available");
        assertThat(seat(buyer, 2).getAttribute("aria-selected")).isEqualTo("true");
    }

    @Test
    void theShowsListCreatesAShowAndFitsAPhone() {
        buyer = Browser.open(390, 844);
        buyer.get(base.toString());
        Browser.waitFor(buyer, WAIT, d -> d.findElement(By.id("shows-view")).isDisplayed());
        buyer.findElement(By.name("title")).sendKeys("Created in the browser");
        WebElement seats = buyer.findElement(By.name("seats"));
        seats.clear();
        seats.sendKeys("64");
        buyer.findElement(By.cssSelector("#create-show button")).click();

        Browser.waitFor(buyer, WAIT, d -> d.findElements(By.cssSelector("#seats .seat")).size() == 64);
        assertThat(Browser.text(buyer, "show-title")).isEqualTo("Created in the browser");
        Long overflow = (Long) ((JavascriptExecutor) buyer).executeScript(
                "return document.documentElement.scrollWidth - window.innerWidth");
        assertThat(overflow).as("page wider than the phone's screen").isLessThanOrEqualTo(0);

        buyer.get(base.toString()); // the list, by show id: other tests' shows may come first, a page of 50 at a time
        new WebDriverWait(buyer, Duration.ofSeconds(60)).pollingEvery(Duration.ofMillis(50))
                .until(d -> listed(d, "Created in the browser"));
    }

    /** Whether the list shows {@code title}, asking for the next page while there is one. */
    private static boolean listed(WebDriver browser, String title) {
        if (!browser.findElements(By.linkText(title)).isEmpty()) {
            return true;
        }
        WebElement more = browser.findElement(By.id("more-shows"));
        if (more.isDisplayed() && more.isEnabled()) {
            more.click();
        }
        return false;
    }

    @Test
    void aHallIsDrawnWithItsStageSectionsRowsAislesCategoriesAndWheelchairSpaces() throws Exception {
        UUID show = UUID.randomUUID();
        given().contentType(ContentType.JSON).body("""
                {"showId": "%s", "title": "Tosca", "hall": {
                  "categories": [{"name": "Premium", "price": 80}, {"name": "Standard", "price": 45.5}],
                  "sections": [
                    {"name": "Stalls", "rows": [
                      {"from": "A", "count": 4, "seats": 16, "category": "Premium", "aislesAfter": [7]},
                      {"from": "E", "count": 6, "seats": 20, "category": "Standard", "aislesAfter": [9],
                       "wheelchair": [0], "companion": [1]}]},
                    {"name": "Balcony", "rows": [{"from": "1", "count": 3, "seats": 24, "category": "Standard"}]}]}}
                """.formatted(show)).when().post("/shows").then().statusCode(201);
        given().contentType(ContentType.JSON).body("{\"seats\":[22,23,24,25,80,81,82,83,84,150,151]}")
                .when().post("/shows/" + show + "/reservations").then().statusCode(200);
        int seats = 4 * 16 + 6 * 20 + 3 * 24;
        buyer = openShow(show, 1280, 1000, seats);
        other = openShow(show, 1280, 900, seats);

        assertThat(buyer.findElement(By.cssSelector("#seats .stage")).getText()).isEqualToIgnoringCase("Stage");
        assertThat(buyer.findElements(By.cssSelector("#seats .section-name")).stream().map(WebElement::getText))
                .containsExactly("Stalls", "Balcony");
        assertThat(buyer.findElements(By.cssSelector("#seats [role=row]")).stream().map(r -> r.getAttribute("aria-label")))
                .containsExactly("Row A", "Row B", "Row C", "Row D", "Row E", "Row F", "Row G", "Row H", "Row I", "Row J",
                        "Row 1", "Row 2", "Row 3");
        assertThat(Browser.text(buyer, "categories")).isEqualTo("Premium 80\nStandard 45.50");
        // The stage above row A; row B behind row A; an aisle between the 8th and 9th seat of row A.
        assertThat(top(buyer, 16)).isGreaterThan(top(buyer, 0));
        double pitch = left(buyer, 1) - left(buyer, 0);
        assertThat(left(buyer, 8) - left(buyer, 7)).isCloseTo(2 * pitch, org.assertj.core.data.Offset.offset(1.0));
        assertThat(seat(buyer, 64).getAttribute("class")).contains("wheelchair");
        assertThat(seat(buyer, 64).getAttribute("aria-label")).isEqualTo("Stalls, row E, seat 1, Standard, wheelchair space, available");
        assertThat(seat(buyer, 190).getAttribute("aria-label")).isEqualTo("Balcony, row 1, seat 7, Standard, available");
        assertThat(color(buyer, 0)).isNotEqualTo(color(buyer, 70)); // Premium and Standard told apart

        // Best available: three Premium seats together in one decision, shown held on every open page.
        buyer.findElement(By.id("best-count")).clear();
        buyer.findElement(By.id("best-count")).sendKeys("3");
        new org.openqa.selenium.support.ui.Select(buyer.findElement(By.id("best-category"))).selectByVisibleText("Premium");
        buyer.findElement(By.cssSelector("#best button")).click();
        Browser.waitFor(buyer, WAIT, d -> d.findElements(By.cssSelector("#seats .seat.mine")).size() == 3);
        java.util.List<Integer> held = buyer.findElements(By.cssSelector("#seats .seat.mine")).stream()
                .map(e -> Integer.parseInt(e.getAttribute("data-n"))).toList();
        Browser.waitFor(other, WAIT, d -> held.stream().allMatch(n -> classOf(d, n).contains("held")));
        // Row A spans 3..20 across a hall 24 seats wide, the aisle at 11: seats 8-10 (centre 13.5) are nearer the
        // stage's middle (12) than 5-7 (centre 9.5).
        assertThat(held).as("three together in the front row, nearest the stage's middle").containsExactly(8, 9, 10);
        assertThat(Browser.text(buyer, "holds")).startsWith("Stalls, row A, seats 9–11 ·");
        seat(buyer, 40).click();
        seat(buyer, 41).click();
        ((JavascriptExecutor) buyer).executeScript("document.getElementById('message').hidden = true");
        Browser.screenshot(buyer, "hall.png");
    }

    @Test
    void aStadiumOfOneHundredThousandSeatsIsDrawn() {
        UUID show = createShow("A stadium", 100_000);
        buyer = openShow(show, 1280, 900, 100_000);
        double drawnMillis = ((Number) ((JavascriptExecutor) buyer).executeScript(
                "return Number(document.body.dataset.seatsDrawn)")).doubleValue();
        System.out.printf("100,000 seats drawn %.0f ms after navigation started%n", drawnMillis);
        assertThat(drawnMillis).isPositive();
        assertThat(Browser.text(buyer, "show-summary")).isEqualTo("100,000 available, 0 held, 0 reserved");
    }

    private WebDriver openShow(UUID show, int width, int height, int seats) {
        WebDriver browser = Browser.open(width, height);
        browser.get(base + "#/shows/" + show);
        // Counted in the page: a list of 100,000 elements sent back through WebDriver takes seconds.
        Browser.waitFor(browser, WAIT, d -> ((Number) ((JavascriptExecutor) d).executeScript(
                "return document.querySelectorAll('#seats .seat').length")).intValue() == seats
                && d.findElement(By.tagName("body")).getAttribute("data-seats-drawn") != null);
        return browser;
    }

    private static WebElement seat(WebDriver browser, int number) {
        return browser.findElement(By.cssSelector("#seats .seat[data-n='" + number + "']"));
    }

    private static String classOf(WebDriver browser, int number) {
        return seat(browser, number).getAttribute("class");
    }

    private static double left(WebDriver browser, int number) {
        return seat(browser, number).getRect().getX();
    }

    private static double top(WebDriver browser, int number) {
        return seat(browser, number).getRect().getY();
    }

    private static String color(WebDriver browser, int number) {
        return seat(browser, number).getCssValue("background-color");
    }




    private static UUID createShow(String title, int seats) {
        UUID id = UUID.randomUUID();
        given().contentType(ContentType.JSON)
                .body("{\"showId\":\"" + id + "\",\"title\":\"" + title + "\",\"maxSeats\":" + seats + "}")
                .when().post("/shows").then().statusCode(201);
        return id;
    }
}
