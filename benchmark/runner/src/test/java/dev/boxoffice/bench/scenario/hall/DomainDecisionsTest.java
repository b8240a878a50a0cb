package dev.boxoffice.bench.scenario.hall;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** JMH's results read as the report needs them: per count of seats together, its percentiles and what was timed. */
class DomainDecisionsTest {

    private static String result(int together, String unit) {
        return result("{\"seats\": \"100000\", \"soldPercent\": \"90\", \"together\": \"" + together + "\"}", unit);
    }

    private static String result(String params, String unit) {
        return """
                {"benchmark": "dev.boxoffice.bench.decisions.BestAvailableDecision.decide", "mode": "sample",
                 "params": %s,
                 "primaryMetric": {"score": 2.5, "scoreUnit": "%s",
                   "scorePercentiles": {"0.0": 0.4, "50.0": 1.25, "90.0": 2.0, "99.0": 2.75, "99.9": 60.0, "100.0": 18186.24},
                   "rawDataHistogram": [[[[0.4, 3], [1.25, 10]], [[2.75, 6], [18186.24, 1]]]]}}
                """.formatted(params, unit);
    }

    @Test
    void readsEachCasesPercentilesAndCountsTheDecisionsTimedInEveryIteration() throws Exception {
        List<HallResult.Decisions> decisions = DomainDecisions.read("[" + result(1, "us/op") + "," + result(8, "us/op")
                + "," + result("{\"hallSeats\": \"50000\", \"soldPercent\": \"55\"}", "us/op") + "]");

        assertThat(decisions).containsExactly(
                new HallResult.Decisions(DomainDecisions.SOLD_AT_RANDOM, 1, 100_000, 90, 20, 1.25, 2.75, 60.0, 18186.24),
                new HallResult.Decisions(DomainDecisions.SOLD_AT_RANDOM, 8, 100_000, 90, 20, 1.25, 2.75, 60.0, 18186.24),
                new HallResult.Decisions(DomainDecisions.ON_SALE, 1, 50_000, 55, 20, 1.25, 2.75, 60.0, 18186.24));
    }

    @Test
    void refusesTimesInAnotherUnitRatherThanMisreadThem() {
        assertThatThrownBy(() -> DomainDecisions.read("[" + result(1, "ms/op") + "]"))
                .hasMessageContaining("ms/op");
    }
}
