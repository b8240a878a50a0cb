package dev.boxoffice.bench.measure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxoffice.bench.load.Counts;
import dev.boxoffice.bench.load.Latency;
import dev.boxoffice.bench.load.TimelinePoint;
import dev.boxoffice.bench.system.Resources.CpuShare;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.DoublePredicate;
import org.junit.jupiter.api.Test;

class RisingStepsTest {

    private static final List<Double> RATES = List.of(1000.0, 2000.0, 4000.0, 6000.0, 8000.0);

    private final List<String> ran = new ArrayList<>();

    @Test
    void climbsUntilARateIsMissedThenHalvesTheGapDownToTheResolution() {
        SteppedResult result = measure(options(5, 0, false), rate -> rate <= 5300, Set.of());

        assertThat(ran).containsExactly("step 1/5 1000", "step 2/5 2000", "step 3/5 4000", "step 4/5 6000",
                "refine 1 5000", "refine 2 5500", "refine 3 5250");
        assertThat(result.capacityRps()).isEqualTo(5250);
        assertThat(result.steps()).extracting(StepResult::offeredRps)
                .containsExactly(1000.0, 2000.0, 4000.0, 5000.0, 5250.0, 5500.0, 6000.0);
    }

    @Test
    void aMissedStepCountsOnlyWhenItsRepeatMissesToo() {
        // The first attempt at 2000 stalls, its repeat meets the SLO; 6000 misses twice, and at its last try.
        SteppedResult result = measure(options(0, 1, false), rate -> rate <= 5000, Set.of("step 2/5 2000"));

        assertThat(ran).containsExactly("step 1/5 1000", "step 2/5 2000", "step 2/5 again 2000", "step 3/5 4000",
                "step 4/5 6000", "step 4/5 again 6000", "last try 6000");
        assertThat(result.capacityRps()).isEqualTo(4000);
        assertThat(result.repeated()).extracting(StepResult::label).containsExactly("step 2/5", "step 4/5", "step 4/5 again");
        assertThat(result.attempts()).extracting(StepResult::label).containsExactly("step 1/5", "step 2/5",
                "step 2/5 again", "step 3/5", "step 4/5", "step 4/5 again", "last try");
    }

    @Test
    void withoutRepeatsOrRefinementTheFirstMissEndsTheSteps() {
        SteppedResult result = measure(options(0, 0, false), rate -> rate <= 5000, Set.of("step 2/5 2000"));

        assertThat(ran).containsExactly("step 1/5 1000", "step 2/5 2000");
        assertThat(result.capacityRps()).isEqualTo(1000);
    }

    @Test
    void keepGoingRunsEveryRateAndRefinesAboveTheLastRateOfTheUnbrokenRun() {
        SteppedResult result = measure(options(25, 0, true), rate -> rate <= 5300, Set.of());

        assertThat(ran).containsExactly("step 1/5 1000", "step 2/5 2000", "step 3/5 4000", "step 4/5 6000",
                "step 5/5 8000", "refine 1 5000");
        assertThat(result.capacityRps()).isEqualTo(5000);
    }

    @Test
    void nothingToRefineWhenNoRateWasMet() {
        SteppedResult result = measure(options(5, 1, false), rate -> false, Set.of());

        assertThat(ran).containsExactly("step 1/5 1000", "step 1/5 again 1000", "last try 1000");
        assertThat(result.capacityRps()).isZero();
    }

    @Test
    void aLimitSetByTwoStallsInARowIsMetAtItsLastTryAndThePlanCarriesOnAboveIt() {
        SteppedResult result = measure(options(5, 1, false), rate -> rate <= 5300, Set.of("step 3/5 4000", "step 3/5 again 4000"));

        assertThat(ran).containsExactly("step 1/5 1000", "step 2/5 2000", "step 3/5 4000", "step 3/5 again 4000",
                "refine 1 3000", "refine 2 3500", "refine 3 3750", "refine 4 3880", "last try 4000",
                "step 4/5 6000", "step 4/5 again 6000", "refine 5 5000", "refine 6 5500", "refine 6 again 5500", "refine 7 5250");
        assertThat(result.capacityRps()).isEqualTo(5250);
        assertThat(result.steps()).extracting(StepResult::label).contains("last try");
        assertThat(ran.size()).isLessThanOrEqualTo(RisingSteps.mostSteps(options(5, 1, false), RATES));
    }

    @Test
    void aLimitMissedAtItsLastTryStaysTheLimit() {
        SteppedResult result = measure(options(5, 1, false), rate -> rate <= 5300, Set.of());

        assertThat(ran).endsWith("refine 2 5500", "refine 2 again 5500", "refine 3 5250", "last try 5500");
        assertThat(result.capacityRps()).isEqualTo(5250);
    }

    @Test
    void aLastTryThatMeetsBelowAMissedRateRefinesUpToThatRate() {
        // 5500 stalls twice; at its last try it meets, and 6000, missed, still bounds the capacity from above.
        SteppedResult result = measure(options(5, 1, false), rate -> rate <= 5800,
                Set.of("refine 2 5500", "refine 2 again 5500"));

        assertThat(ran).endsWith("refine 3 5250", "last try 5500", "refine 4 5750");
        assertThat(result.capacityRps()).isEqualTo(5750);
    }

    @Test
    void theMostStepsBoundsWhatThePlanRuns() {
        StepOptions options = options(5, 1, false);
        measure(options, rate -> rate <= 5300, Set.of("step 1/5 1000", "refine 1 5000"));
        assertThat(ran.size()).isLessThanOrEqualTo(RisingSteps.mostSteps(options, RATES));
    }

    @Test
    void theMostStepsCountsEveryRateEveryRefinementAndEveryRepeat() {
        // gaps of 100 %, 50 %, 33 %, 25 %: the widest halved down to 5 % takes 1 + ceil(log2(100 / 5)) = 6 refinements
        assertThat(RisingSteps.mostSteps(options(5, 1, false), RATES)).isEqualTo((5 + 2 * 6) * 2 + 1);
        assertThat(RisingSteps.mostSteps(options(5, 0, false), RATES)).isEqualTo(5 + 6);
        assertThat(RisingSteps.mostSteps(options(0, 0, false), RATES)).isEqualTo(5);
        assertThat(RisingSteps.mostSteps(options(0, 2, false), RATES)).isEqualTo(5 * 3 + 1);
        assertThat(RisingSteps.mostSteps(StepOptions.parse("--refine-percent", "0", "--repeat-missed", "0"), RATES))
                .as("and the warm-up").isEqualTo(6);
        assertThat(RisingSteps.plannedSeconds(options(5, 1, false), RATES)).isEqualTo(5 * 11);
    }

    @Test
    void saysWhyItStoppedAndWhatItRanAgain() {
        List<String> said = new ArrayList<>();
        RisingSteps.measure(options(0, 1, false), "serial", "test", null, RATES, (label, rate, seconds) ->
                step(label, rate, rate <= 2000 ? 10 : 800, 0), said::add);

        assertThat(said).containsExactly("serial: step 3/5 missed the SLO; running it again",
                "serial: 4000 missed the SLO (p99 <= 50.0 ms, no errors), no higher steps",
                "serial: 4000 missed the SLO at its last try too");
    }

    @Test
    void theMiddleOfTwoRatesIsRoundedToThreeDigits() {
        assertThat(RisingSteps.roundedBetween(1000, 1125)).isEqualTo(1060);
        assertThat(RisingSteps.roundedBetween(250, 500)).isEqualTo(375);
        assertThat(RisingSteps.roundedBetween(4000, 6000)).isEqualTo(5000);
    }

    /** Runs the plan against a service that meets the SLO where {@code meets} says, except for the stalled steps. */
    private SteppedResult measure(StepOptions options, DoublePredicate meets, Set<String> stalled) {
        return RisingSteps.measure(options, "serial", "test", null, RATES, (label, rate, seconds) -> {
            String name = label + " " + Math.round(rate);
            ran.add(name);
            boolean met = meets.test(rate) && !stalled.contains(name);
            return step(label, rate, met ? 10 : 800, ran.size());
        }, message -> { });
    }

    private static StepOptions options(double refinePercent, int repeatMissed, boolean keepGoing) {
        return StepOptions.parse("--slo-ms", "50", "--step-seconds", "10", "--warmup-seconds", "0", "--connections", "64",
                "--refine-percent", Double.toString(refinePercent), "--repeat-missed", Integer.toString(repeatMissed),
                keepGoing ? "--keep-going" : "--timeout-ms=10000");
    }

    private static StepResult step(String label, double rate, double p99, int order) {
        Latency latency = new Latency(1000, p99 / 3, p99 / 2, p99, p99, p99, p99 / 3);
        TimelinePoint started = new TimelinePoint(order * 10, rate, p99 / 3, p99, p99, rate, 0, 0, 0, p99, 0, 0);
        return new StepResult("serial", label, rate, 64, 10, new Counts(1000, 1000, 0, 0, 0, 0), rate, latency,
                new CpuShare(50, Double.NaN, 20, 10, new double[] {60, 40}, new double[] {1, 2}), 200, List.of(started),
                "hlog/x.hlog", null, List.of());
    }
}
