package dev.boxoffice.bench.scenario.keys;

import static dev.boxoffice.bench.report.Format.num;
import static dev.boxoffice.bench.report.Format.percent;

import dev.boxoffice.bench.measure.RisingSteps;
import dev.boxoffice.bench.measure.SteppedResult;
import dev.boxoffice.bench.report.Section;
import dev.boxoffice.bench.report.SteppedReport;
import dev.boxoffice.bench.report.SummaryRow;
import dev.boxoffice.bench.run.Run;
import dev.boxoffice.bench.run.RunResult;
import dev.boxoffice.bench.run.Scenario;
import dev.boxoffice.bench.run.Selection;
import dev.boxoffice.bench.run.Target;
import dev.boxoffice.bench.scenario.serial.SerialLoad;
import dev.boxoffice.bench.scenario.serial.SerialOptions;
import java.util.List;
import java.util.Map;

/**
 * The serial load again, every request under an Idempotency-Key of its own: the cost of remembering each answer in
 * the transaction of its events. With {@code serial} in the same run, the report states the capacity as a ratio to
 * serial's, on the same service and machine; the serial options (rates, seats) apply to both.
 */
public final class KeysScenario extends Scenario<SteppedResult> {

    public KeysScenario() {
        super("keys", "the serial load with an Idempotency-Key on every request, against serial in the same run (only when named)",
                SteppedResult.class, null, Target.SERVICE, false);
    }

    @Override
    public double plannedSeconds(Selection selection) {
        return RisingSteps.plannedSeconds(selection.steps(), selection.options(SerialOptions.class).rates());
    }

    @Override
    public SteppedResult run(Run run) {
        return new SerialLoad(run.bench(), run.baseUrl(), run.options(SerialOptions.class), true).run("keys");
    }

    @Override
    public List<SummaryRow> summary(SteppedResult keyed, RunResult run) {
        SteppedResult serial = run.result("serial", SteppedResult.class);
        String against = serial == null ? "run serial too to compare with the same load without keys"
                : percent(keyed.capacityRps() / serial.capacityRps()) + " of serial without keys in this run ("
                        + num(serial.capacityRps(), 0) + " req/s)";
        return List.of(new SummaryRow("Serial capacity with an Idempotency-Key on every request",
                SteppedReport.capacity(keyed), against));
    }

    @Override
    public List<Section> sections(SteppedResult keyed, RunResult run) {
        Section stepped = SteppedReport.section("Serial reservations under idempotency keys", keyed);
        String text = stepped.text() + " Each answer is committed with its events in the same statement (a second"
                + " INSERT in it), and each request first looks its key up: one more round trip to PostgreSQL.";
        return List.of(new Section(stepped.title(), text, stepped.charts(), stepped.tables()));
    }

    @Override
    public Map<String, Double> figures(SteppedResult keyed) {
        return Map.of("Serial capacity with idempotency keys, req/s", keyed.capacityRps());
    }
}
