package dev.boxoffice.page;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.boxoffice.support.Browser;
import dev.boxoffice.support.WaitingRooms;
import dev.boxoffice.support.TestDatabase;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;

/**
 * A waiting room on sale watched and steered from the operator's page, in real headless Chromium: refused with the
 * wrong token (and the error shown), live with the right one, a new rate and a pause shown with their operator in
 * the audit trail, the line closed to newcomers.
 */
@QuarkusTest
@QuarkusTestResource(TestDatabase.class)
class OperatorPageTest {

    private static final Duration WAIT = Duration.ofSeconds(20);

    @TestHTTPResource("/")
    URI base;

    private WebDriver browser;

    @AfterEach
    void closeBrowser() {
        if (browser != null) {
            browser.quit();
        }
    }

    @Test
    void anOperatorWatchesTheLineLiveAndSteersIt() throws Exception {
        UUID show = WaitingRooms.createShow(Instant.now(), 1, 100, 100);
        for (int i = 0; i < 40; i++) {
            given().when().post("/shows/" + show + "/queue").then().statusCode(201);
        }
        browser = Browser.open(1280, 900);
        browser.get(base + "#/shows/" + show + "/operator");
        Browser.waitFor(browser, WAIT, d -> Browser.text(d, "operator-status").startsWith("Enter the admin token"));

        login("wrong-token", "Ada");
        Browser.waitFor(browser, WAIT, d -> Browser.text(d, "operator-status").equals("Not allowed: check the admin token."));
        assertThat(Browser.text(browser, "op-errors")).contains("The feed was refused: Send Authorization: Bearer <admin token>.");

        login("test-admin-token", "Ada");
        Browser.waitFor(browser, WAIT, d -> Browser.text(d, "operator-status").equals("Live"));
        Browser.waitFor(browser, WAIT, d -> Browser.text(d, "op-rate").startsWith("1 a second"));
        assertThat(Browser.text(browser, "op-left")).isEqualTo("100 on sale, 0 held");
        assertThat(Browser.text(browser, "op-sold")).isEqualTo("0");
        long waiting = Long.parseLong(Browser.text(browser, "op-waiting").replace(",", ""));
        assertThat(waiting).isPositive();
        // The line moves on its own, one a second: the page follows it without a reload.
        Browser.waitFor(browser, WAIT, d -> Long.parseLong(Browser.text(d, "op-waiting").replace(",", "")) < waiting);

        browser.findElement(By.id("op-rate-value")).sendKeys("20");
        browser.findElement(By.cssSelector("button[data-action=SET_RATE]")).click();
        Browser.waitFor(browser, WAIT, d -> Browser.text(d, "op-rate").startsWith("20 a second"));
        browser.findElement(By.cssSelector("button[data-action=PAUSE]")).click();
        Browser.waitFor(browser, WAIT, d -> Browser.text(d, "op-line").equals("Open, paused"));
        assertThat(Browser.text(browser, "op-last-wait")).isEqualTo("paused");
        assertThat(Browser.text(browser, "op-trail")).contains("Ada: SET_RATE 20", "Ada: PAUSE");
        Browser.screenshot(browser, "operator.png");

        browser.findElement(By.cssSelector("button[data-action=CLOSE]")).click();
        browser.switchTo().alert().accept();
        Browser.waitFor(browser, WAIT, d -> Browser.text(d, "op-line").equals("Closed to newcomers, paused"));
        given().when().post("/shows/" + show + "/queue").then().statusCode(409);
    }

    private void login(String token, String name) {
        browser.findElement(By.id("operator-token")).clear();
        browser.findElement(By.id("operator-token")).sendKeys(token);
        browser.findElement(By.id("operator-name")).clear();
        browser.findElement(By.id("operator-name")).sendKeys(name);
        browser.findElement(By.cssSelector("#operator-login button[type=submit]")).click();
    }
}
