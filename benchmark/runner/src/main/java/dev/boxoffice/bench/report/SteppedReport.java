package dev.boxoffice.bench.report;

import static dev.boxoffice.bench.report.Format.num;

import dev.boxoffice.bench.load.TimelinePoint;
import dev.boxoffice.bench.measure.StepResult;
import dev.boxoffice.bench.measure.SteppedResult;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

/** How a stepped result reads: its capacity, its steps as a table, and the four charts every stepped scenario has. */
public final class SteppedReport {

    /** How every stepped scenario's capacity is found, for the report's readers. */
    public static final String CAPACITY_RULE = "the highest rate with p99 within the SLO and no errors, every lower rate"
            + " met too; a step that missed is run again before its rate counts as missed, and the gap above the"
            + " capacity is halved while wider than --refine-percent";

    /** The heading of a column of {@link dev.boxoffice.bench.load.Counts#describeErrors}. */
    public static final String ERRORS = "Errors (refused by status; timed out; connection failed)";

    private SteppedReport() {
    }

    public static String capacity(SteppedResult result) {
        return capacity(result, result.scenario().equals("journeys") ? "journeys/s" : "req/s");
    }

    /** The capacity in {@code unit}, what the scenario's offered rate counts. */
    public static String capacity(SteppedResult result, String unit) {
        unit = " " + unit;
        return result.capacityIsLowerBound()
                ? "≥ " + num(result.capacityRps(), 0) + unit + " (every step met the SLO; add steps to find the limit)"
                : num(result.capacityRps(), 0) + unit;
    }

    public static Section section(String title, SteppedResult result) {
        return section(title, result, result.scenario().equals("journeys") ? "journeys/s" : "req/s");
    }

    /** As {@link #section(String, SteppedResult)}, the capacity stated in {@code unit}. */
    public static Section section(String title, SteppedResult result, String unit) {
        boolean conflicts = result.scenario().equals("contention");
        List<String> header = new ArrayList<>(List.of("Offered req/s", "Achieved req/s", "p50 ms", "p95 ms", "p99 ms",
                "p99.9 ms", "max ms"));
        header.addAll(conflicts ? List.of("Conflicts (409)", ERRORS) : List.of(ERRORS));
        header.addAll(List.of("CPU service %", "CPU PostgreSQL %", "CPU generator %",
                "Cores busy % (cpu0 / cpu1 ...)", "Steal %", "Service cores per 1000 req/s", "RSS MiB"));
        header.addAll(conflicts ? List.of("SLO") : List.of("Read-model lag p50 / p99 ms", "SLO"));
        Table table = new Table(header.toArray(String[]::new));
        for (StepResult s : result.attempts()) {
            List<String> row = new ArrayList<>(List.of(num(s.offeredRps(), 0), num(s.achievedRps(), 0), num(s.latency().p50(), 2),
                    num(s.latency().p95(), 2), num(s.latency().p99(), 2), num(s.latency().p999(), 2), num(s.latency().max(), 1)));
            if (conflicts) {
                row.add(Long.toString(s.counts().conflicts()));
            }
            row.addAll(List.of(s.counts().describeErrors(), num(s.cpu().service(), 0), num(s.cpu().database(), 0),
                    num(s.cpu().loadGenerator(), 0), s.cpu().describeCores(), s.cpu().describeSteal(), num(s.serviceCoresPer1000(), 3),
                    num(s.serviceRssMiB(), 0)));
            if (!conflicts) {
                row.add(s.readModelLag() == null ? "–"
                        : num(s.readModelLag().p50Millis(), 1) + " / " + num(s.readModelLag().p99Millis(), 1));
            }
            row.add(s.meets(result.sloMillis()) ? "met" : result.isRepeated(s) ? "missed, run again" : "**missed**");
            table.row(row.toArray(String[]::new));
        }
        String text = result.description() + ". Open model: users arrive at a constant rate whatever the latency; "
                + "latency is measured from each request's intended send time. Capacity: " + capacity(result, unit)
                + " (" + CAPACITY_RULE + ").";
        return new Section(title, text, charts(result), List.of(table));
    }

    private static List<String> charts(SteppedResult result) {
        List<StepResult> steps = result.steps();
        List<String> labels = steps.stream().map(s -> num(s.offeredRps(), 0)).toList();
        return List.of(
                Chart.line("Latency vs offered load", "offered req/s", "ms (log scale)", List.of(
                        points("p50", steps, StepResult::offeredRps, s -> s.latency().p50()),
                        points("p99", steps, StepResult::offeredRps, s -> s.latency().p99()),
                        points("p99.9", steps, StepResult::offeredRps, s -> s.latency().p999())), true,
                        result.sloMillis(), "SLO " + num(result.sloMillis(), 0) + " ms"),
                Chart.line("Achieved vs offered throughput", "offered req/s", "req/s", List.of(
                        points("achieved", steps, StepResult::offeredRps, StepResult::achievedRps),
                        points("offered", steps, StepResult::offeredRps, StepResult::offeredRps)), false, Double.NaN, ""),
                Chart.bars("CPU per step (% of one core)", "% of a core", labels, List.of(
                        series("service", steps, s -> s.cpu().service()),
                        series("PostgreSQL", steps, s -> s.cpu().database()),
                        series("load generator", steps, s -> s.cpu().loadGenerator())), true),
                Chart.line("Latency over time (per second)", "seconds since the run started", "ms (log scale)", List.of(
                        timeline("p50", result.attempts(), TimelinePoint::p50),
                        timeline("p99", result.attempts(), TimelinePoint::p99)), true, result.sloMillis(), "SLO"));
    }

    /** A series with one point per item, at x = its index: the values of bars. */
    public static <T> Chart.Series series(String name, List<T> items, ToDoubleFunction<T> value) {
        List<double[]> points = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            points.add(new double[] {i, value.applyAsDouble(items.get(i))});
        }
        return new Chart.Series(name, points);
    }

    public static Chart.Series points(String name, List<StepResult> steps, ToDoubleFunction<StepResult> x,
            ToDoubleFunction<StepResult> y) {
        return new Chart.Series(name, steps.stream().map(s -> new double[] {x.applyAsDouble(s), y.applyAsDouble(s)}).toList());
    }

    /** Every second of the steps, at its time since the run started. */
    public static Chart.Series timeline(String name, List<StepResult> steps, ToDoubleFunction<TimelinePoint> y) {
        List<double[]> points = new ArrayList<>();
        steps.forEach(s -> s.timeline().forEach(p -> points.add(new double[] {p.atSeconds(), y.applyAsDouble(p)})));
        return new Chart.Series(name, points);
    }

    /** The seconds of one step. */
    public static Chart.Series line(String name, List<TimelinePoint> points, ToDoubleFunction<TimelinePoint> y) {
        return new Chart.Series(name, points.stream().map(p -> new double[] {p.atSeconds(), y.applyAsDouble(p)}).toList());
    }
}
