package dev.boxoffice.bench.scenario.holds;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxoffice.bench.load.Counts;
import dev.boxoffice.bench.load.Latency;
import dev.boxoffice.bench.measure.Buckets;
import dev.boxoffice.bench.measure.StepResult;
import dev.boxoffice.bench.measure.SteppedResult;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The holds' figures: the buyers at capacity, the expiries' lag from the service's histogram, the heap per hold. */
class HoldsResultTest {

    private static final HoldsResult.Lag NO_LAG = new HoldsResult.Lag(0, Double.NaN, Double.NaN);

    @Test
    void theBuyersAtCapacityAreTheCapacityStepsElseTheFirstSteps() {
        List<HoldsResult.Buyers> buyers = List.of(buyers("50 buyers/s"), buyers("100 buyers/s"), buyers("200 buyers/s"));
        List<StepResult> steps = List.of(step("50 buyers/s", 50), step("100 buyers/s", 100), step("200 buyers/s", 200));
        assertThat(result(new SteppedResult("holds", "", 50, null, steps, List.of(), 100), buyers).atCapacity().label())
                .isEqualTo("100 buyers/s");
        assertThat(result(new SteppedResult("holds", "", 50, null, steps, List.of(), 0), buyers).atCapacity().label())
                .as("no step met the SLO").isEqualTo("50 buyers/s");
        assertThat(result(new SteppedResult("holds", "", 50, null, List.of(), List.of(), 0), buyers).atCapacity()).isNull();
    }

    @Test
    void anExpirysLagIsTheServicesHistogramBetweenTwoScrapesInMilliseconds() {
        double[] bounds = {0.1, 0.5, 1.0, Double.POSITIVE_INFINITY};
        Buckets before = new Buckets(bounds, new double[] {10, 10, 10, 10});
        Buckets after = new Buckets(bounds, new double[] {60, 110, 110, 110});
        HoldsResult.Lag lag = HoldsResult.Lag.of(after.since(before));
        assertThat(lag.count()).isEqualTo(100);
        assertThat(lag.p50Millis()).isCloseTo(100, org.assertj.core.data.Offset.offset(1e-9)); // the 50th of 100 ends the first bucket
        assertThat(lag.p99Millis()).isCloseTo(100 + 400 * 49 / 50.0, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(HoldsResult.Lag.of(Buckets.NONE).count()).isZero();
        assertThat(HoldsResult.Lag.of(Buckets.NONE).p99Millis()).isNaN();
    }

    @Test
    void heapPerHoldIsTheGrowthOverTheHoldsPlaced() {
        HoldsResult.Pending pending = new HoldsResult.Pending(100, 2048, 30, 10, 40, 42, 512, 20, 20.5, 100, 3, 2048, NO_LAG,
                List.of());
        assertThat(pending.measuredBytesPerHold()).isEqualTo(1024);
        assertThat(pending.estimatedBytesPerHold()).isEqualTo(256);
    }

    private static HoldsResult result(SteppedResult stepped, List<HoldsResult.Buyers> buyers) {
        return new HoldsResult(stepped, 2, 50, 1, 20, buyers, null);
    }

    private static HoldsResult.Buyers buyers(String label) {
        return new HoldsResult.Buyers(label, 50, 10, 1, 5, NO_LAG);
    }

    private static StepResult step(String label, double rate) {
        return new StepResult("holds", label, rate, 8, 10, new Counts(10, 10, 0, 0, 0, 0), rate,
                new Latency(10, 1, 2, 3, 4, 5, 6), null, 100, List.of(), "x", null, List.of());
    }
}
