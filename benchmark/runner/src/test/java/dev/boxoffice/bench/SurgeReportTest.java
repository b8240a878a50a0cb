package dev.boxoffice.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxoffice.bench.run.RunResult;
import dev.boxoffice.bench.scenario.surge.SurgeResult;
import dev.boxoffice.bench.scenario.surge.SurgeScenario;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The surge's report when one of its parts was skipped (no capacity to scale it from): the other part alone. */
class SurgeReportTest {

    @Test
    void aSkippedPartLeavesTheOtherInTheSummaryAndTheSections() {
        RunResult run = ResultsJson.read(Path.of("src/test/resources/recorded-run/results.json"));
        SurgeResult recorded = run.result("surge", SurgeResult.class);
        SurgeResult reservationsOnly = new SurgeResult(recorded.reservations(), null);
        SurgeScenario surge = new SurgeScenario();

        assertThat(surge.summary(reservationsOnly, run)).singleElement()
                .satisfies(row -> assertThat(row.toString()).contains("Surge of reservations"));
        assertThat(surge.sections(reservationsOnly, run)).hasSize(1);
        assertThat(surge.steps(reservationsOnly)).hasSize(1);
    }
}
