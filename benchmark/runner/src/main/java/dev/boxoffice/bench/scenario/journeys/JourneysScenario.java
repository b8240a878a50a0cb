package dev.boxoffice.bench.scenario.journeys;

import static dev.boxoffice.bench.report.Format.num;

import dev.boxoffice.bench.measure.RisingSteps;
import dev.boxoffice.bench.measure.StepResult;
import dev.boxoffice.bench.report.Section;
import dev.boxoffice.bench.report.SteppedReport;
import dev.boxoffice.bench.report.SummaryRow;
import dev.boxoffice.bench.report.Table;
import dev.boxoffice.bench.run.Run;
import dev.boxoffice.bench.run.RunResult;
import dev.boxoffice.bench.run.Scenario;
import dev.boxoffice.bench.run.Selection;
import dev.boxoffice.bench.run.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** User journeys arriving in fixed proportions at rising rates ({@link JourneysLoad}). */
public final class JourneysScenario extends Scenario<JourneysResult> {

    public JourneysScenario() {
        super("journeys", "user journeys arriving in fixed proportions (only when named)",
                JourneysResult.class, JourneysOptions.class, Target.SERVICE, false);
    }

    @Override
    public void check(Selection selection) {
        JourneysOptions options = selection.options(JourneysOptions.class);
        if (options.retryPercent() > 100) {
            throw new IllegalArgumentException("--journeys-retry-percent must be at most 100");
        }
        if (options.retryPercent() > 0 && !options.keys()) {
            throw new IllegalArgumentException("--journeys-retry-percent needs idempotency keys: drop --no-journeys-keys or set it to 0");
        }
    }

    @Override
    public double plannedSeconds(Selection selection) {
        return RisingSteps.plannedSeconds(selection.steps(), selection.options(JourneysOptions.class).rates()) + 5;
    }

    @Override
    public JourneysResult run(Run run) {
        return new JourneysLoad(run.bench(), run.baseUrl(), run.options(JourneysOptions.class)).run();
    }

    @Override
    public List<StepResult> steps(JourneysResult result) {
        return result.stepped().attempts();
    }

    @Override
    public List<SummaryRow> summary(JourneysResult journeys, RunResult run) {
        return List.of(new SummaryRow("Journeys capacity (journeys started per s)", SteppedReport.capacity(journeys.stepped()),
                "mix " + journeys.mix()));
    }

    @Override
    public List<Section> sections(JourneysResult journeys, RunResult run) {
        Section stepped = SteppedReport.section("User journeys (Investigating the performance of reactive libraries in a"
                + " Quarkus microservice)", journeys.stepped());
        List<Table> tables = new ArrayList<>(stepped.tables());
        JourneysResult.Breakdown shown = journeys.atCapacity();
        if (shown != null) {
            tables.add(figures("Journey at " + num(shown.journeysPerSecond(), 0) + " journeys/s", shown.journeys()));
            tables.add(figures("Request at " + num(shown.journeysPerSecond(), 0) + " journeys/s", shown.requests()));
        }
        String text = stepped.text() + " Here the offered rate is journeys started per second, and the achieved rate"
                + " requests answered per second. A journey's latency is the sum of its requests' (the pauses excluded); it"
                + " failed if one of its requests did. A reservation of a seat someone else took first is an expected 409."
                + (journeys.retryPercent() > 0 ? " Every write carries an Idempotency-Key, and " + journeys.retryPercent()
                        + " % of them are sent again once answered, as by a client that lost the answer: a retry whose"
                        + " answer is not the first one, byte for byte, counts as an error." : "");
        return List.of(new Section(stepped.title(), text, stepped.charts(), tables));
    }

    @Override
    public Map<String, Double> figures(JourneysResult journeys) {
        return Map.of("Journeys capacity, journeys/s", journeys.stepped().capacityRps());
    }

    private static Table figures(String what, List<JourneysResult.Figures> figures) {
        Table table = new Table(what, "Count", "2xx", "409", "Errors", "p50 ms", "p99 ms");
        for (JourneysResult.Figures f : figures) {
            table.row(f.name(), Long.toString(f.count()), Long.toString(f.ok()), Long.toString(f.conflicts()),
                    Long.toString(f.errors()), num(f.p50Millis(), 2), num(f.p99Millis(), 2));
        }
        return table;
    }
}
