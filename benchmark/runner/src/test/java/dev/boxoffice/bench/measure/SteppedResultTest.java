package dev.boxoffice.bench.measure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxoffice.bench.load.Counts;
import dev.boxoffice.bench.load.Latency;
import dev.boxoffice.bench.system.Resources.CpuShare;
import java.util.List;
import org.junit.jupiter.api.Test;

class SteppedResultTest {

    @Test
    void capacityIsTheLastStepOfTheUnbrokenRunThatMetTheSlo() {
        List<StepResult> steps = List.of(step(1000, 3, 0), step(2000, 12, 0), step(3000, 80, 0), step(4000, 20, 0));
        assertThat(SteppedResult.capacity(steps, 50)).isEqualTo(2000);
    }

    @Test
    void aStepWithErrorsDoesNotCountWhateverItsLatency() {
        assertThat(SteppedResult.capacity(List.of(step(1000, 3, 0), step(2000, 3, 1)), 50)).isEqualTo(1000);
        assertThat(SteppedResult.capacity(List.of(step(1000, 3, 2)), 50)).isZero();
    }

    @Test
    void costPerThousandRequestsFollowsFromCpuAndAchievedRate() {
        StepResult step = step(2000, 3, 0);
        assertThat(step.serviceCoresPer1000()).isEqualTo(0.25); // 50 % of a core at 2000 req/s
        assertThat(step.loadGeneratorCpuPer1000()).isEqualTo(5.0); // 10 % of a core at 2000 req/s
    }

    private static StepResult step(double rate, double p99, long errors) {
        Counts counts = new Counts(1000, 1000 - errors, 0, errors, 0, 0);
        Latency latency = new Latency(1000, p99 / 3, p99 / 2, p99, p99, p99, p99 / 3);
        return new StepResult("serial", "step", rate, 64, 10, counts, rate, latency, new CpuShare(50, Double.NaN, 20, 10, new double[] {60, 40}, new double[] {1, 2}), 200,
                List.of(), "hlog/x.hlog", null, List.of());
    }
}
