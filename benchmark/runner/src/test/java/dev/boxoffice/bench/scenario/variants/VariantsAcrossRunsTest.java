package dev.boxoffice.bench.scenario.variants;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxoffice.bench.load.Counts;
import dev.boxoffice.bench.load.Latency;
import dev.boxoffice.bench.measure.StepResult;
import dev.boxoffice.bench.measure.SteppedResult;
import dev.boxoffice.bench.scenario.journeys.JourneysResult;
import dev.boxoffice.bench.system.Resources.CpuShare;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class VariantsAcrossRunsTest {

    @Test
    void theMedianOfAnOddCountIsTheMiddleOneAndOfAnEvenCountTheMeanOfTheMiddleTwo() {
        assertThat(VariantsAcrossRuns.median(List.of(3.0, 1.0, 2.0))).isEqualTo(2.0);
        assertThat(VariantsAcrossRuns.median(List.of(4.0, 1.0, 2.0, 3.0))).isEqualTo(2.5);
        assertThat(VariantsAcrossRuns.median(List.of(1.0, Double.NaN, 2.0))).isNaN();
    }

    @Test
    void aSpreadIsTheMedianItsRangeAndHowFarTheFarthestValueLiesFromIt() {
        assertThat(VariantsAcrossRuns.spread(List.of(0.40, 0.34, 0.35))).isEqualTo("0.35 (0.34-0.40, ±14 %)");
        assertThat(VariantsAcrossRuns.spread(List.of(0.5, Double.NaN, 0.5))).isEqualTo("–");
    }

    @Test
    void eachRatioIsTakenWithinItsRunAndTheirMedianReported() {
        // The host's speed differs between runs (the service's own capacity 20,000, 10,000, 16,000), the ratio of worker
        // to it far less (0.35, 0.40, 0.34): the table must show the latter's spread, not the absolute figures'.
        List<VariantsResult> runs = threeRuns();

        assertThat(VariantsAcrossRuns.applies(runs)).isTrue();
        String ratios = VariantsAcrossRuns.ratios(runs).markdown();
        assertThat(ratios).contains("| serial capacity req/s | 0.35 (0.34-0.40, ±14 %) |");
        assertThat(ratios).contains("| RSS under load MiB | 2.48 (2.33-2.50, ±6 %) |");
        assertThat(ratios).doesNotContain("| reactive");
        String medians = VariantsAcrossRuns.medians(runs).markdown();
        assertThat(medians).contains("| serial capacity req/s | 16,000 (20,000 / 10,000 / 16,000) | 5,440 (7,000 / 4,000 / 5,440) |");
    }

    @Test
    void theP99IsComparedAtTheHighestRateThatEveryVariantMetInEveryRun() {
        assertThat(VariantsAcrossRuns.medians(threeRuns()).markdown()).contains("| serial p99 ms at 2,000 | 10.0 (10.0 / 10.0 / 10.0) |");
    }

    @Test
    void fewerThanThreeRunsOrARunWithoutTheServiceHaveNoMatrixAcrossRuns() {
        VariantsResult run = run(variant("reactive", 20_000, 300), variant("worker", 7_000, 700));
        assertThat(VariantsAcrossRuns.applies(List.of(run, run))).isFalse();
        VariantsResult withoutService = run(variant("worker", 7_000, 700));
        assertThat(VariantsAcrossRuns.applies(List.of(run, run, withoutService))).isFalse();
    }

    private static List<VariantsResult> threeRuns() {
        return List.of(
                run(variant("reactive", 20_000, 300), variant("worker", 7_000, 700)),
                run(variant("reactive", 10_000, 280), variant("worker", 4_000, 700)),
                run(variant("reactive", 16_000, 290), variant("worker", 5_440, 720)));
    }

    /** A variant whose serial, contention and journeys steps met the SLO at 1,000 and 2,000 and at its capacity, not above. */
    private static VariantResult variant(String name, double capacity, double rssMiB) {
        SteppedResult stepped = stepped(capacity);
        return new VariantResult(name, "settings", 4000, 200, rssMiB, stepped, stepped,
                new JourneysResult(stepped, Map.of("browse", 100), 200, 0, List.of()), null, null);
    }

    private static SteppedResult stepped(double capacity) {
        List<StepResult> steps = List.of(step(1000, 5), step(2000, 10), step(capacity, 40), step(capacity * 1.25, 90));
        return new SteppedResult("serial", "", 50, null, steps, List.of(), capacity);
    }

    private static StepResult step(double rate, double p99) {
        Counts counts = new Counts(1000, 1000, 0, 0, 0, 0);
        Latency latency = new Latency(1000, p99 / 3, p99 / 2, p99, p99, p99, p99 / 3);
        CpuShare cpu = new CpuShare(50, Double.NaN, 40, 10, new double[] {60, 50}, new double[] {0, 0});
        return new StepResult("serial", "step", rate, 64, 10, counts, rate, latency, cpu, 200, List.of(), null, null, List.of());
    }

    private static VariantsResult run(VariantResult... variants) {
        return new VariantsResult(List.of(variants));
    }
}
