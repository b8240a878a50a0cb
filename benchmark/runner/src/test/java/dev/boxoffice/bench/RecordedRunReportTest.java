package dev.boxoffice.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxoffice.bench.run.RunResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reports of a recorded run (src/test/resources/recorded-run: every scenario, several nodes and the variants, at
 * tiny rates) rendered again and compared, as text, with the reports checked in beside it. A change to a report shows
 * up here as a diff to review; {@code -Dboxoffice.recorded-run.update=true} writes the new expected files instead.
 */
class RecordedRunReportTest {

    private static final Path RECORDED = Path.of("src/test/resources/recorded-run");
    private static final boolean UPDATE = Boolean.getBoolean("boxoffice.recorded-run.update");

    @Test
    void theReportsOfARecordedRunAreTheOnesCheckedIn(@TempDir Path out) throws IOException {
        RunResult run = ResultsJson.read(RECORDED.resolve("results.json"));

        RunReport.write(run, out);

        for (String file : List.of("report.md", "report.html", "steps.csv")) {
            expectSame(out.resolve(file), RECORDED.resolve("expected").resolve(file));
        }
        assertThat(Files.readString(out.resolve("report.md"))).contains("## Summary", "## Serial reservations",
                "## Several nodes behind HAProxy", "## A node lost under load", "## Variants: execution model and persistence model");
    }

    @Test
    void aComparisonOfRecordedRunsIsTheOneCheckedIn(@TempDir Path out) throws IOException {
        Path run = out.resolve("run");
        Files.createDirectories(run);
        Files.copy(RECORDED.resolve("results.json"), run.resolve("results.json"));

        Compare.write(List.of(run, run, run), out);

        expectSame(out.resolve("compare.md"), RECORDED.resolve("expected").resolve("compare.md"));
        expectSame(out.resolve("compare.html"), RECORDED.resolve("expected").resolve("compare.html"));
    }

    @Test
    void aRunFolderWrittenBeforeResultsWereGroupedReadsTheSame(@TempDir Path out) {
        RunResult ungrouped = ResultsJson.read(RECORDED.resolve("results-ungrouped.json"));

        assertThat(ungrouped.results().keySet()).containsExactly("limits", "dispatch", "serial", "contention", "journeys",
                "surge", "sweep", "failover", "memory", "variants");
        ResultsJson.write(ungrouped, out.resolve("results.json"));
        assertThat(out.resolve("results.json")).hasSameTextualContentAs(RECORDED.resolve("results.json"));
    }

    /**
     * A smoke run of every scenario against one node (src/test/resources/recorded-run-every-scenario, the options of
     * {@code BenchSmokeIT}), recorded with the client that classifies every error: each scenario's result and report as printed.
     */
    @Test
    void theReportsOfARecordedRunOfEveryScenarioAreTheOnesCheckedIn(@TempDir Path out) throws IOException {
        Path recorded = Path.of("src/test/resources/recorded-run-every-scenario");
        RunResult run = ResultsJson.read(recorded.resolve("results.json"));

        RunReport.write(run, out);

        for (String file : List.of("report.md", "report.html", "steps.csv")) {
            expectSame(out.resolve(file), recorded.resolve("expected").resolve(file));
        }
        assertThat(run.results().keySet()).containsExactly("limits", "dispatch", "serial", "contention", "journeys",
                "surge", "sweep", "memory", "holds", "hall", "keys", "stream", "onsale", "queue", "connections", "coldstart");
    }

    private static void expectSame(Path actual, Path expected) throws IOException {
        if (UPDATE) {
            Files.createDirectories(expected.getParent());
            Files.copy(actual, expected, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        assertThat(actual).as("%s against %s", actual.getFileName(), expected).hasSameTextualContentAs(expected);
    }
}
