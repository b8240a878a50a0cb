package dev.boxoffice.bench.result;

import java.util.List;

/**
 * An open-model step load: the steps in order and the capacity, the highest offered rate whose step met the SLO
 * (p99 at or under {@code sloMillis}, no errors) with every lower step meeting it too; 0 when none did.
 */
public record SteppedResult(String scenario, String description, double sloMillis, StepResult warmup,
        List<StepResult> steps, double capacityRps) {

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
}
