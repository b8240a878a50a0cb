package dev.boxoffice.bench.scenario.dispatch;

import dev.boxoffice.bench.measure.StepResult;
import java.util.List;

/** The trivial validated endpoint run on the event loop, on a worker thread and on a virtual thread. */
public record DispatchResult(List<Variant> variants) {

    /**
     * One variant, in a JVM of its own.
     *
     * @param startMillis spawn to first served request
     * @param maxRssMiB largest resident set size while at full load
     * @param blankNameRejected a blank name was answered 400 (the validation really runs)
     */
    public record Variant(String name, double startMillis, double idleRssMiB, double maxRssMiB, boolean blankNameRejected,
            StepResult load) {

        public double requestsPerSecondPerMiB() {
            return maxRssMiB > 0 ? load.achievedRps() / maxRssMiB : Double.NaN;
        }
    }

    public Variant variant(String name) {
        return variants.stream().filter(v -> v.name().equals(name)).findFirst().orElse(null);
    }
}
