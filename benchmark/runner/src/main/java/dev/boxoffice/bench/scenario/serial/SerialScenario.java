package dev.boxoffice.bench.scenario.serial;

import static dev.boxoffice.bench.report.Format.num;
import static dev.boxoffice.bench.report.Format.percent;

import dev.boxoffice.bench.measure.RisingSteps;
import dev.boxoffice.bench.measure.StepResult;
import dev.boxoffice.bench.measure.SteppedResult;
import dev.boxoffice.bench.report.Section;
import dev.boxoffice.bench.report.SteppedReport;
import dev.boxoffice.bench.report.SummaryRow;
import dev.boxoffice.bench.run.Run;
import dev.boxoffice.bench.run.RunResult;
import dev.boxoffice.bench.run.Scenario;
import dev.boxoffice.bench.run.Selection;
import dev.boxoffice.bench.run.Target;
import dev.boxoffice.bench.scenario.limits.LimitsResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Serial reservations at rising rates: the headline capacity ({@link SerialLoad}). */
public final class SerialScenario extends Scenario<SteppedResult> {

    public SerialScenario() {
        super("serial", "open-model step load: each user creates a show, then reserves its seats one after another",
                SteppedResult.class, SerialOptions.class, Target.SERVICE_IN_EVERY_TOPOLOGY, true);
    }

    @Override
    public double plannedSeconds(Selection selection) {
        return RisingSteps.plannedSeconds(selection.steps(), selection.options(SerialOptions.class).rates());
    }

    @Override
    public SteppedResult run(Run run) {
        return new SerialLoad(run.bench(), run.baseUrl(), run.options(SerialOptions.class)).run("serial");
    }

    @Override
    public List<SummaryRow> summary(SteppedResult serial, RunResult run) {
        LimitsResult limits = run.result("limits", LimitsResult.class);
        double http = limits != null && limits.http() != null ? limits.http().achievedRps() : Double.NaN;
        List<SummaryRow> rows = new ArrayList<>();
        rows.add(new SummaryRow("Serial capacity (highest rate with p99 ≤ " + num(serial.sloMillis(), 0) + " ms, no errors)",
                SteppedReport.capacity(serial), percent(serial.capacityRps() / http) + " of the HTTP ceiling"));
        if (!serial.steps().isEmpty()) {
            StepResult first = serial.steps().get(0);
            rows.add(new SummaryRow("Serial p99 at " + num(first.offeredRps(), 0) + " req/s", num(first.latency().p99(), 2) + " ms", ""));
        }
        StepResult atCapacity = serial.capacityStep();
        if (atCapacity != null) {
            rows.add(new SummaryRow("Service CPU at capacity", num(atCapacity.serviceCoresPer1000(), 3) + " cores per 1000 req/s",
                    "service " + num(atCapacity.cpu().service(), 0) + "%, PostgreSQL " + num(atCapacity.cpu().database(), 0)
                            + "%, load generator " + num(atCapacity.cpu().loadGenerator(), 0) + "% of a core"));
            if (atCapacity.readModelLag() != null) {
                rows.add(new SummaryRow("Read-model lag at capacity (event append to show_view commit)",
                        "p50 " + num(atCapacity.readModelLag().p50Millis(), 1) + " ms, p99 "
                                + num(atCapacity.readModelLag().p99Millis(), 1) + " ms", "service's own metric, last ~10-20 s of the step"));
            }
            rows.add(new SummaryRow("Events appended at capacity", num(atCapacity.achievedRps(), 0) + " per s",
                    limits != null && limits.singleRow() != null
                            ? percent(atCapacity.achievedRps() / limits.singleRow().rowsPerSecond()) + " of single-row commits, "
                                    + percent(atCapacity.achievedRps() / limits.multiRow().rowsPerSecond()) + " of batched rows" : ""));
        }
        rows.addAll(TopologiesReport.summary(run.topologies()));
        return rows;
    }

    @Override
    public List<Section> sections(SteppedResult serial, RunResult run) {
        List<Section> sections = new ArrayList<>();
        sections.add(SteppedReport.section("Serial reservations (Reactive Event Sourcing benchmarks, part 1)", serial));
        if (run.topologies() != null && run.topologies().size() > 1) {
            sections.add(TopologiesReport.section(run.topologies()));
        }
        return sections;
    }

    @Override
    public Map<String, Double> figures(SteppedResult serial) {
        Map<String, Double> figures = new LinkedHashMap<>();
        figures.put("Serial capacity, req/s", serial.capacityRps());
        if (!serial.steps().isEmpty()) {
            StepResult first = serial.steps().get(0);
            figures.put("Serial p99 at " + num(first.offeredRps(), 0) + " req/s, ms", first.latency().p99());
        }
        StepResult atCapacity = serial.capacityStep();
        figures.put("Service cores per 1000 req/s at capacity", atCapacity == null ? Double.NaN : atCapacity.serviceCoresPer1000());
        figures.put("Read-model lag p99 at capacity, ms", atCapacity == null || atCapacity.readModelLag() == null
                ? Double.NaN : atCapacity.readModelLag().p99Millis());
        return figures;
    }
}
