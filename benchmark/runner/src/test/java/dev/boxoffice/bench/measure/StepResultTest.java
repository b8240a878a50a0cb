package dev.boxoffice.bench.measure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxoffice.bench.load.Counts;
import dev.boxoffice.bench.load.Latency;
import dev.boxoffice.bench.load.TimelinePoint;
import dev.boxoffice.bench.system.Resources.CpuShare;
import java.util.List;
import org.junit.jupiter.api.Test;

class StepResultTest {

    @Test
    void aStepMeetsTheSloWithAnswersAllWithinItAndNoError() {
        assertThat(step(1000, 50, new Counts(10, 10, 0, 0, 0, 0)).meets(50)).isTrue();
        assertThat(step(1000, 50.01, new Counts(10, 10, 0, 0, 0, 0)).meets(50)).isFalse();
        assertThat(step(1000, 5, new Counts(10, 9, 0, 0, 0, 1)).meets(50)).as("a timeout").isFalse();
        assertThat(step(1000, 5, new Counts(10, 9, 0, 0, 1, 0)).meets(50)).as("a lost connection").isFalse();
        assertThat(step(1000, 5, new Counts(10, 9, 0, 1, 0, 0)).meets(50)).as("a refusal").isFalse();
        assertThat(step(1000, 5, new Counts(10, 9, 1, 0, 0, 0)).meets(50)).as("an expected conflict").isTrue();
        StepResult unanswered = new StepResult("serial", "x", 1000, 1, 10, new Counts(0, 0, 0, 0, 0, 0), 0,
                new Latency(0, 0, 0, 0, 0, 0, 0), cpu(50), 1, List.of(), "x", null, List.of());
        assertThat(unanswered.meets(50)).as("nothing answered").isFalse();
    }

    @Test
    void cpuPerThousandIsNaNWithoutAnswers() {
        StepResult none = new StepResult("serial", "x", 1000, 1, 10, new Counts(0, 0, 0, 0, 0, 0), 0,
                new Latency(0, 0, 0, 0, 0, 0, 0), cpu(50), 1, List.of(), "x", null, List.of());
        assertThat(none.serviceCoresPer1000()).isNaN();
        assertThat(step(4000, 1, new Counts(1, 1, 0, 0, 0, 0)).serviceCoresPer1000()).isEqualTo(0.125);
    }

    @Test
    void aResultsAttemptsAreInTheOrderTheyRanAndTheRepeatedAreKnown() {
        StepResult first = started(1000, 0, 10);
        StepResult missed = started(2000, 20, 80);
        StepResult again = started(2000, 30, 10);
        StepResult third = started(3000, 40, 10);
        SteppedResult result = new SteppedResult("serial", "d", 50, null, List.of(first, again, third), List.of(missed),
                SteppedResult.capacity(List.of(first, again, third), 50));

        assertThat(result.attempts()).containsExactly(first, missed, again, third);
        assertThat(result.isRepeated(missed)).isTrue();
        assertThat(result.isRepeated(again)).isFalse();
        assertThat(result.capacityRps()).isEqualTo(3000);
        assertThat(result.capacityIsLowerBound()).isTrue();
        assertThat(result.capacityStep()).isSameAs(third);
        assertThat(new SteppedResult("serial", "d", 50, null, List.of(missed), null, 0).capacityStep()).isNull();
        assertThat(new SteppedResult("serial", "d", 50, null, List.of(missed), null, 0).repeated()).isEmpty();
    }

    @Test
    void aVariantsStepKeepsEverythingButItsName() {
        StepResult step = step(1000, 5, new Counts(1, 1, 0, 0, 0, 0));
        StepResult named = step.as("worker/serial").withReadModelLag(new ReadModelLag(1, 2, 3));
        assertThat(named.scenario()).isEqualTo("worker/serial");
        assertThat(named.readModelLag()).isEqualTo(new ReadModelLag(1, 2, 3));
        assertThat(named).usingRecursiveComparison().ignoringFields("scenario", "readModelLag").isEqualTo(step);
    }

    private static StepResult started(double rate, double atSeconds, double p99) {
        return new StepResult("serial", "s", rate, 64, 10, new Counts(10, 10, 0, 0, 0, 0), rate,
                new Latency(10, p99, p99, p99, p99, p99, p99), cpu(50),
                1, List.of(new TimelinePoint(atSeconds, rate, p99, p99, p99, rate, 0, 0, 0, p99, 0, 0)), "x", null, List.of());
    }

    static StepResult step(double rate, double p99, Counts counts) {
        return new StepResult("serial", "s", rate, 64, 10, counts, rate, new Latency(counts.answered(), p99, p99, p99, p99, p99, p99),
                cpu(50), 100, List.of(), "x", null, List.of());
    }

    private static CpuShare cpu(double service) {
        return new CpuShare(service, Double.NaN, 20, 10, new double[] {60, 40}, new double[] {1, 2});
    }
}
