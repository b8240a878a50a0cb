package dev.boxoffice.bench.scenario;

import dev.boxoffice.bench.BenchOptions;
import dev.boxoffice.bench.result.StepResult;
import dev.boxoffice.bench.result.SteppedResult;
import java.util.ArrayList;
import java.util.List;

/**
 * The step plan of an open-model scenario: an unreported warm-up at the first rate, then steps of rising rate
 * ({@code --<scenario>-start}, {@code -increment}, {@code -steps}), stopping after the first step that misses the SLO
 * unless {@code --keep-going}.
 */
final class RisingSteps {

    /** Runs one step at {@code rate} requests per second for {@code seconds}. */
    @FunctionalInterface
    interface Step {
        StepResult run(String label, double rate, double seconds);
    }

    private RisingSteps() {
    }

    static SteppedResult run(Bench bench, String scenario, String description, Step step) {
        BenchOptions options = bench.options();
        double start = options.number(scenario + "-start");
        double increment = options.number(scenario + "-increment");
        int count = options.integer(scenario + "-steps");
        double slo = options.number("slo-ms");
        StepResult warmup = options.number("warmup-seconds") > 0
                ? step.run("warm-up", start, options.number("warmup-seconds"))
                : null;
        List<StepResult> steps = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            StepResult result = step.run("step " + (i + 1) + "/" + count, start + i * increment, options.number("step-seconds"));
            steps.add(result);
            if (!result.meets(slo) && !options.flag("keep-going")) {
                bench.progress().info("step missed the SLO (p99 <= " + slo + " ms, no errors): " + scenario + " stops here");
                break;
            }
        }
        return new SteppedResult(scenario, description, slo, warmup, steps, SteppedResult.capacity(steps, slo));
    }
}
