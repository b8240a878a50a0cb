package dev.boxoffice.bench.measure;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * An open-model step load: one decisive step per offered rate, in rising order, and the capacity, the highest rate
 * whose step met the SLO (p99 at or under {@code sloMillis}, no errors) with every lower rate meeting it too; 0 when
 * none did.
 *
 * @param steps    the decisive step of each rate tried, by rising rate
 * @param repeated the attempts that missed the SLO and were run again at the same rate (their rate's decisive step is
 *                 the last attempt)
 */
public record SteppedResult(String scenario, String description, double sloMillis, StepResult warmup,
        List<StepResult> steps, List<StepResult> repeated, double capacityRps) {

    public SteppedResult {
        repeated = repeated == null ? List.of() : repeated; // absent from results written before steps were repeated
    }

    public static double capacity(List<StepResult> steps, double sloMillis) {
        double capacity = 0;
        for (StepResult step : steps) {
            if (!step.meets(sloMillis)) {
                break;
            }
            capacity = step.offeredRps();
        }
        return capacity;
    }

    /** True when even the last step met the SLO: the capacity is higher than this run could show. */
    public boolean capacityIsLowerBound() {
        return !steps.isEmpty() && capacityRps == steps.get(steps.size() - 1).offeredRps();
    }

    /** The step that sets the capacity, if any. */
    public StepResult capacityStep() {
        return steps.stream().filter(s -> s.offeredRps() == capacityRps && capacityRps > 0).findFirst().orElse(null);
    }

    /** Every step that ran, the repeated ones too, in the order they ran. */
    public List<StepResult> attempts() {
        List<StepResult> all = new ArrayList<>(steps);
        all.addAll(repeated);
        all.sort(Comparator.comparingDouble(SteppedResult::startedAt));
        return all;
    }

    public boolean isRepeated(StepResult step) {
        return repeated.contains(step);
    }

    private static double startedAt(StepResult step) {
        return step.timeline().isEmpty() ? Double.MAX_VALUE : step.timeline().get(0).atSeconds();
    }
}
