package dev.boxoffice.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxoffice.bench.load.Counts;
import dev.boxoffice.bench.load.Latency;
import dev.boxoffice.bench.load.TimelinePoint;
import dev.boxoffice.bench.measure.ReadModelLag;
import dev.boxoffice.bench.measure.StepResult;
import dev.boxoffice.bench.measure.SteppedResult;
import dev.boxoffice.bench.system.Resources.CpuShare;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A stepped scenario's section: the capacity it states, and a row per attempt with every figure of the step. */
class SteppedReportTest {

    private final StepResult met = step(1000, 0, 12.5, new Counts(10000, 10000, 0, 0, 0, 0));
    private final StepResult missed = step(2000, 10, 80, new Counts(20000, 19000, 0, 990, 0, 10, Map.of(503, 990L)));
    private final StepResult again = step(2000, 20, 70, new Counts(20000, 20000, 0, 0, 0, 0));

    @Test
    void theCapacityIsTheHighestRateMetAndALowerBoundWhenEveryStepMetIt() {
        SteppedResult result = new SteppedResult("serial", "Reservations", 50, null, List.of(met, again), List.of(missed), 1000);
        assertThat(SteppedReport.capacity(result)).isEqualTo("1,000 req/s");
        SteppedResult all = new SteppedResult("journeys", "Journeys", 50, null, List.of(met), List.of(), 1000);
        assertThat(SteppedReport.capacity(all)).startsWith("≥ 1,000 journeys/s (every step met the SLO");
    }

    @Test
    void everyAttemptIsARowWithItsErrorsByClassAndWhetherItMetTheSlo() {
        SteppedResult result = new SteppedResult("serial", "Reservations", 50, null, List.of(met, again), List.of(missed), 1000);

        Section section = SteppedReport.section("Serial", result);

        Table table = section.tables().get(0);
        assertThat(table.headers()).contains(SteppedReport.ERRORS, "Service cores per 1000 req/s");
        List<List<Table.Cell>> rows = table.cells();
        assertThat(rows).hasSize(3);
        int errors = table.headers().indexOf(SteppedReport.ERRORS);
        int slo = table.headers().size() - 1;
        int cores = table.headers().indexOf("Service cores per 1000 req/s");
        int lag = table.headers().indexOf("Read-model lag p50 / p99 ms");
        assertThat(rows.get(1).get(errors).text()).isEqualTo("refused 990 (503: 990); timed out 10");
        assertThat(rows).extracting(row -> row.get(slo).text()).containsExactly("met", "missed, run again", "missed");
        assertThat(rows.get(0).get(cores).text()).isEqualTo("0.500"); // half a core at 1,000 a second
        assertThat(rows.get(0).get(lag).text()).isEqualTo("1.5 / 9.0");
        assertThat(rows.get(0).get(1).text()).isEqualTo("1,000");
        assertThat(section.text()).contains("Capacity: 1,000 req/s");
        assertThat(section.charts()).hasSize(4).allSatisfy(chart -> assertThat(chart).contains("<svg"));
    }

    @Test
    void contentionCountsItsConflictsApartFromErrors() {
        StepResult contended = step(1000, 0, 10, new Counts(100, 40, 60, 0, 0, 0));
        Section section = SteppedReport.section("Contention",
                new SteppedResult("contention", "Contention", 50, null, List.of(contended), List.of(), 1000));

        Table table = section.tables().get(0);
        assertThat(table.cells().get(0).get(table.headers().indexOf("Conflicts (409)")).text()).isEqualTo("60");
        assertThat(table.cells().get(0).get(table.headers().indexOf(SteppedReport.ERRORS)).text()).isEqualTo("0");
        assertThat(table.headers()).doesNotContain("Read-model lag p50 / p99 ms");
    }

    private static StepResult step(double rate, double atSeconds, double p99, Counts counts) {
        return new StepResult("serial", "step", rate, 64, 10, counts, counts.ok() / 10.0,
                new Latency(counts.answered(), p99 / 4, p99 / 2, p99, p99, p99, p99 / 4),
                new CpuShare(50, Double.NaN, 20, 10, new double[] {60, 40}, new double[] {1, 2}), 200,
                List.of(new TimelinePoint(atSeconds, rate, p99 / 4, p99, p99, rate, 0, 0, 0, p99, 0, 0)), "hlog/x.hlog",
                new ReadModelLag(1.5, 9, 12), List.of());
    }
}
