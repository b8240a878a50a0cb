package dev.boxoffice.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged service passes the HTTP smoke test that its image passes (deploy/image/smoke, run against the image by
 * ./boxoffice image --test): one test, so that the service in the image and outside it are held to the same.
 */
class ServiceSmokeIT {

    private static final Path SMOKE = Path.of("..", "deploy", "image", "smoke").toAbsolutePath().normalize();

    @TempDir
    Path work;

    @Test
    void thePackagedServicePassesTheImagesSmokeTest() throws Exception {
        try (ServiceProcess service = ServiceProcess.start(
                Map.of("boxoffice.embedded-postgres.data-dir", work.resolve("pg-data").toString()), work)) {
            Process smoke = new ProcessBuilder("bash", SMOKE.toString(), service.url("")).redirectErrorStream(true).start();
            String output = new String(smoke.getInputStream().readAllBytes());

            assertThat(smoke.waitFor()).as(output).isZero();
            assertThat(output).contains("smoke: confirm the hold: 200", "smoke: API description: 200");
        }
    }
}
