package dev.boxoffice.support;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

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
}
