package dev.boxoffice.bench.scenario.variants;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class VariantSettingsTest {

    private static final Path REPOSITORY = Path.of(System.getProperty("boxoffice.repo", "../.."));

    @Test
    void aVariantIsDescribedWithItsPoolFromItsProfileAndTheOverridesThatReachIt() {
        List<String> jvmOptions = List.of("-Xmx1g", "-D%worker.quarkus.thread-pool.max-threads=32",
                "-D%crud-worker.quarkus.datasource.jdbc.max-size=8", "-Dquarkus.log.level=WARN");
        assertThat(VariantSettings.describe("worker", REPOSITORY, jvmOptions))
                .startsWith("worker threads (@Blocking)")
                .contains("quarkus.datasource.jdbc.max-size=16")
                .endsWith("; set by --service-jvm-options: quarkus.thread-pool.max-threads=32, quarkus.log.level=WARN");
        assertThat(VariantSettings.describe("reactive", REPOSITORY, List.of("-D%prod.quarkus.datasource.reactive.max-size=4",
                "-D%worker.quarkus.thread-pool.max-threads=32")))
                .startsWith("the service: event loop").contains("quarkus.datasource.reactive.max-size=8")
                .endsWith("; set by --service-jvm-options: quarkus.datasource.reactive.max-size=4");
        assertThat(VariantSettings.describe("crud-reactive", REPOSITORY, List.of())).doesNotContain("--service-jvm-options");
    }
}
