package dev.boxoffice.bench.scenario;

import dev.boxoffice.bench.BenchOptions;
import dev.boxoffice.bench.result.StepResult;
import dev.boxoffice.bench.result.SteppedResult;
import java.util.ArrayList;
import java.util.List;

/**
 * The step plan of an open-model scenario: an unreported warm-up ({@code --warmup-seconds} at {@code --warmup-rate}),
 * then one step per rate given, stopping after the first step that misses the SLO unless
 * {@code --keep-going}.
 */
final class RisingSteps {

    static final String WARMUP = "warm-up";

    /** Runs one step at {@code rate} requests per second for {@code seconds}. */
    @FunctionalInterface
    interface Step {
        StepResult run(String label, double rate, double seconds);
    }

    private RisingSteps() {
    }

    /** How many times {@link #run} calls its step: once per rate, plus the warm-up when there is one. */
    static int stepsIncludingWarmup(BenchOptions.Steps options, List<Double> rates) {
        return rates.size() + (options.warmsUp() ? 1 : 0);
    }

    static SteppedResult run(Bench bench, String scenario, List<Double> rates, String description, Step step) {
        BenchOptions.Steps options = bench.options().steps();
        int count = rates.size();
        double slo = options.sloMs();
        StepResult warmup = options.warmsUp() ? step.run(WARMUP, bench.warmupRate(), bench.warmupSeconds()) : null;
        List<StepResult> steps = bench.profiled(scenario, () -> {
            List<StepResult> measured = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                StepResult result = step.run("step " + (i + 1) + "/" + count, rates.get(i),
                        options.stepSeconds());
                measured.add(result);
                if (!result.meets(slo) && !options.keepGoing()) {
                    bench.progress().info("step missed the SLO (p99 <= " + slo + " ms, no errors): " + scenario
                            + " stops here");
                    break;
                }
            }
            return measured;
        });
        return new SteppedResult(scenario, description, slo, warmup, steps, SteppedResult.capacity(steps, slo));
    }
}
