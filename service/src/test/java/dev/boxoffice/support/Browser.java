package dev.boxoffice.support;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * A real headless Chromium for the page's tests: the Debian packages chromium and chromium-driver (the test command
 * installs them when missing), named explicitly so that nothing is looked up or downloaded at run time.
 */
public final class Browser {

    private static final List<Path> CHROMIUM = List.of(Path.of("/usr/bin/chromium"), Path.of("/usr/bin/chromium-browser"));
    private static final Path DRIVER = Path.of("/usr/bin/chromedriver");

    private Browser() {
    }

    /** A new browser window of {@code width} x {@code height} CSS pixels. */
    public static WebDriver open(int width, int height) {
        Path chromium = CHROMIUM.stream().filter(Files::isExecutable).findFirst().orElse(null);
        if (chromium == null || !Files.isExecutable(DRIVER)) {
            throw new IllegalStateException("The page's tests need Chromium and its driver: ./boxoffice test installs them, "
                    + "or apt-get install chromium chromium-driver");
        }
        ChromeOptions options = new ChromeOptions().setBinary(chromium.toFile())
                .addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                        "--window-size=" + width + "," + height, "--force-device-scale-factor=1");
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(new File(DRIVER.toString()))
                .usingAnyFreePort().build();
        return new ChromeDriver(service, options);
    }

    /** The text of the element with this id. */
    public static String text(WebDriver browser, String id) {
        return browser.findElement(By.id(id)).getText();
    }

    /** Waits up to {@code timeout} for {@code condition}, looking every 100 ms. */
    public static void waitFor(WebDriver browser, Duration timeout, Function<WebDriver, Boolean> condition) {
        new WebDriverWait(browser, timeout).pollingEvery(Duration.ofMillis(100))
                .until(condition::apply);
    }

    /** Saves what the browser shows as target/screenshots/{@code name}. */
    public static void screenshot(WebDriver browser, String name) throws IOException {
        Path file = Path.of("target", "screenshots", name);
        Files.createDirectories(file.getParent());
        Files.write(file, ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES));
    }
}
