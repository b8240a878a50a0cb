package dev.boxoffice.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxoffice.bench.run.RunResult;
import dev.boxoffice.bench.scenario.surge.SurgeResult;
import dev.boxoffice.bench.scenario.surge.SurgeScenario;
import dev.boxoffice.bench.client.Refusals;
import dev.boxoffice.cluster.HaProxyStats;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The surge's report when one of its parts was skipped (no capacity to scale it from): the other part alone. */
class SurgeReportTest {

    @Test
    void aSkippedPartLeavesTheOtherInTheSummaryAndTheSections() {
        RunResult run = ResultsJson.read(Path.of("src/test/resources/recorded-run/results.json"));
        SurgeResult recorded = run.result("surge", SurgeResult.class);
        SurgeResult reservationsOnly = new SurgeResult(recorded.reservations(), null, null);
        SurgeScenario surge = new SurgeScenario();

        assertThat(surge.summary(reservationsOnly, run)).singleElement()
                .satisfies(row -> assertThat(row.toString()).contains("Surge of reservations"));
        assertThat(surge.sections(reservationsOnly, run)).hasSize(1);
        assertThat(surge.steps(reservationsOnly)).hasSize(1);
    }

    @Test
    void thePartThroughTheEdgeSaysWhoRefusedByTheirOwnCounters() {
        RunResult run = ResultsJson.read(Path.of("src/test/resources/recorded-run/results.json"));
        SurgeResult.Part direct = run.result("surge", SurgeResult.class).reservations();
        SurgeResult.Part throughEdge = new SurgeResult.Part(direct.description(), direct.capacityRps(), direct.step(),
                direct.requestsPerArrival(), direct.surgeStartSeconds(), direct.surgeSeconds(), direct.recoverySeconds(),
                new Refusals(7, 2, 1), new HaProxyStats(300_000, 41_000, 12, 250_000, 10, 4_000, 0, 0));
        SurgeScenario surge = new SurgeScenario();

        assertThat(surge.summary(new SurgeResult(direct, null, throughEdge), run)).hasSize(2).last()
                .satisfies(row -> assertThat(row.toString()).contains("through the edge", "41000 by the edge's queue",
                        "12 rate-limited", "10 by the service", "0% of what reached it"));
        assertThat(surge.sections(new SurgeResult(direct, null, throughEdge), run)).hasSize(2).last()
                .satisfies(section -> assertThat(section.toString()).contains("4000 waiting at most at once"));
    }
}
