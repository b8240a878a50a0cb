package dev.boxoffice.bench.measure;

import dev.boxoffice.bench.load.Counts;
import dev.boxoffice.bench.load.Latency;
import dev.boxoffice.bench.load.PhaseResult;
import dev.boxoffice.bench.load.TimelinePoint;
import dev.boxoffice.bench.system.Resources.CpuShare;
import java.util.List;

/**
 * One measured step: the load offered (NaN for closed-loop steps), what came back, and what it cost.
 *
 * @param achievedRps answered requests (2xx and expected 409) per second of load
 * @param serviceRssMiB the service's largest resident set size seen during the step
 * @param histogramLog file name of the HdrHistogram interval log (one histogram per second), in the run folder
 * @param readModelLag event-to-read-model lag reported by the service at the end of the step, or null
 * @param phases the step's requests by phase of its arrival schedule (one phase at a constant rate)
 */
public record StepResult(String scenario, String label, double offeredRps, int connections, double seconds, Counts counts,
        double achievedRps, Latency latency, CpuShare cpu, double serviceRssMiB, List<TimelinePoint> timeline,
        String histogramLog, ReadModelLag readModelLag, List<PhaseResult> phases) {

    /** The same step with the service's read-model lag (null when the service does not report it). */
    public StepResult withReadModelLag(ReadModelLag lag) {
        return new StepResult(scenario, label, offeredRps, connections, seconds, counts, achievedRps, latency, cpu,
                serviceRssMiB, timeline, histogramLog, lag, phases);
    }

    /** The same step listed under another scenario's name (a variant's steps: "worker/serial"). */
    public StepResult as(String scenarioName) {
        return new StepResult(scenarioName, label, offeredRps, connections, seconds, counts, achievedRps, latency, cpu,
                serviceRssMiB, timeline, histogramLog, readModelLag, phases);
    }

    /** Load generator CPU per 1000 answered requests per second, in percent of one core. */
    public double loadGeneratorCpuPer1000() {
        return per1000(cpu.loadGenerator());
    }

    /** Service CPU per 1000 answered requests per second, in cores. */
    public double serviceCoresPer1000() {
        return per1000(cpu.service()) / 100;
    }

    public boolean meets(double sloMillis) {
        return counts.errors() == 0 && latency.count() > 0 && latency.p99() <= sloMillis;
    }

    private double per1000(double percent) {
        return achievedRps > 0 ? percent / (achievedRps / 1000) : Double.NaN;
    }
}
