package dev.boxoffice.bench.scenario;

import dev.boxoffice.bench.BenchOptions;
import dev.boxoffice.bench.result.StepResult;
import dev.boxoffice.bench.result.SteppedResult;
import java.util.ArrayList;
import java.util.List;

/**
 * The step plan of an open-model scenario: an unreported warm-up ({@code --warmup-seconds} at {@code --warmup-rate}),
 * then one step per rate of {@code --<scenario>-rates}, stopping after the first step that misses the SLO unless
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
    static int stepsIncludingWarmup(BenchOptions options, String scenario) {
        return options.rates(scenario + "-rates").size() + (warmsUp(options) ? 1 : 0);
    }

    private static boolean warmsUp(BenchOptions options) {
        return options.number("warmup-seconds") > 0;
    }

    static SteppedResult run(Bench bench, String scenario, String description, Step step) {
        BenchOptions options = bench.options();
        List<Double> rates = options.rates(scenario + "-rates");
        int count = rates.size();
        double slo = options.number("slo-ms");
        StepResult warmup = warmsUp(options)
                ? step.run(WARMUP, options.number("warmup-rate"), options.number("warmup-seconds"))
                : null;
        List<StepResult> steps = bench.profiled(scenario, () -> {
            List<StepResult> measured = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                StepResult result = step.run("step " + (i + 1) + "/" + count, rates.get(i),
                        options.number("step-seconds"));
                measured.add(result);
                if (!result.meets(slo) && !options.flag("keep-going")) {
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
