package dev.boxoffice.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxoffice.bench.measure.StepResult;
import dev.boxoffice.bench.run.RunResult;
import dev.boxoffice.bench.scenario.variants.VariantResult;
import dev.boxoffice.bench.scenario.variants.VariantsResult;
import dev.boxoffice.bench.scenario.variants.VariantsRun;
import dev.boxoffice.bench.system.Database;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * A seconds-long variants run at tiny rates: the service and a variant of the other persistence model (reactive CRUD;
 * the API contract test runs every variant) are started on a PostgreSQL server of their own, answer serial,
 * contention and journeys without an error, and the report holds the matrix; the service as committed at HEAD is
 * built apart and measured as the baseline. No threshold on speed.
 */
class BenchVariantsSmokeIT {

    private static final Path REPOSITORY = Path.of(System.getProperty("boxoffice.repo", "../.."));
    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    static Path out;
    private static RunResult run;

    @BeforeAll
    static void runEveryVariantBriefly() {
        var selection = BenchCommand.parse(List.of("variants", "--out", out.toString(),
                "--step-seconds", "1", "--warmup-seconds", "1", "--warmup-rate", "50", "--wal-segments-ahead", "2",
                "--serial-rates", "50", "--contention-rates", "40",
                "--journeys-rates", "20", "--journeys-shows", "10", "--journeys-seats", "20", "--journeys-think-ms", "20",
                "--repeat-missed", "0", "--refine-percent", "0", // one step each, whatever a stall of the host does
                "--variants", "reactive,crud-reactive", "--baseline", "HEAD"));
        run = new BenchRun(selection, REPOSITORY).run();
    }

    private static List<VariantResult> variants() {
        return run.result("variants", VariantsResult.class).variants();
    }

    @Test
    void everyVariantAnsweredEveryScenarioWithoutErrors() {
        assertThat(variants()).extracting(VariantResult::name)
                .containsExactly("reactive", "baseline", "crud-reactive");
        for (VariantResult variant : variants()) {
            List<StepResult> steps = new ArrayList<>(variant.serial().steps());
            steps.addAll(variant.contention().steps());
            steps.addAll(variant.journeys().stepped().steps());
            assertThat(steps).as(variant.name()).hasSize(3).allSatisfy(step -> {
                assertThat(step.counts().errors()).as(variant.name() + " " + step.scenario()).isZero();
                assertThat(step.counts().sent()).as(variant.name() + " " + step.scenario()).isPositive()
                        .isEqualTo(step.counts().answered());
            });
            // Measured on the variant's own server (a stopped or idle one reads NaN or nothing); one step of a second
            // may fall between the kernel's 10 ms ticks, all three together do not.
            assertThat(steps).as(variant.name()).allSatisfy(step -> assertThat(step.cpu().database()).isNotNaN());
            assertThat(steps.stream().mapToDouble(step -> step.cpu().database()).sum()).as(variant.name()).isPositive();
            assertThat(variant.startMillis()).as(variant.name()).isPositive();
            assertThat(variant.settings()).as(variant.name()).isNotBlank();
        }
    }

    @Test
    void besideAnotherVariantTheServiceAnswersEveryWriteThroughTheRestLayerAsItDoes() {
        assertThat(variants().get(0).settings()).contains("every write through the REST layer");
        assertThat(variants().get(1).settings()).doesNotContain("every write through the REST layer");
    }

    @Test
    void theBaselineIsTheServiceBuiltFromTheRevisionGiven() {
        assertThat(variants().get(1).settings()).startsWith("built from HEAD (").contains("the service: event loop");
        assertThat(REPOSITORY.resolve("target/baseline")).isDirectoryContaining(path -> path.getFileName().toString().matches("[0-9a-f]{40}"));
    }

    @Test
    void everyVariantHadAPostgreSqlServerOfItsOwnAndThereWasNoOther() {
        assertThat(out.resolve("logs").resolve(Database.LOG_FILE_NAME)).doesNotExist();
        assertThat(run.machine().postgres()).matches("\\d+\\.\\d+.*"); // read from the first variant's server
        // Each server logs its own shutdown checkpoint; a shared server would leave these logs absent.
        for (String variant : variants().stream().map(VariantResult::name).toList()) {
            assertThat(out.resolve("logs").resolve(VariantsRun.variantLogFileName(variant))).as(variant).content()
                    .contains("checkpoint complete", "database system is shut down");
        }
    }

    @Test
    void theReportHoldsTheMatrixWithRatiosToReactive(@TempDir Path comparison) {
        assertThat(out.resolve("report.md")).content().contains("## Variants: execution model and persistence model",
                "crud-reactive / reactive", "baseline / reactive", "quarkus.datasource.reactive.max-size");
        assertThat(out.resolve("report.html")).content().contains("Capacity by scenario", "journeys: p99 per step, by variant");
        Compare.write(List.of(out, out), comparison);
        assertThat(comparison.resolve("compare.md")).content().contains("Variant crud-reactive: serial capacity, req/s");
    }
}
