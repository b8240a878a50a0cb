package dev.boxoffice.bench.scenario.stream;

import static dev.boxoffice.bench.report.Format.num;

import dev.boxoffice.bench.measure.StepResult;
import dev.boxoffice.bench.report.Section;
import dev.boxoffice.bench.report.SummaryRow;
import dev.boxoffice.bench.report.Table;
import dev.boxoffice.bench.run.Run;
import dev.boxoffice.bench.run.RunResult;
import dev.boxoffice.bench.run.Scenario;
import dev.boxoffice.bench.run.Selection;
import dev.boxoffice.bench.run.Target;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Seat-map streams ({@link StreamLoad}): many open on one show while its seats sell; how soon each change reaches
 * every stream, whether every stream gets every change, and what an open stream costs in memory.
 */
public final class StreamScenario extends Scenario<StreamResult> {

    /** The delivery the page needs to feel live. */
    private static final double TARGET_P99_MILLIS = 100;

    public StreamScenario() {
        super("stream", "seat-map streams open on one show while its seats sell: delivery latency, memory per stream"
                + " (only when named)", StreamResult.class, StreamOptions.class, Target.SERVICE, false);
    }

    @Override
    public void check(Selection selection) {
        StreamOptions options = selection.options(StreamOptions.class);
        double reservations = options.rates().stream().mapToDouble(rate -> rate * options.seconds()).sum()
                + options.rates().get(0) * StreamLoad.warmupSeconds(selection.steps().warmupSeconds());
        if (reservations > StreamLoad.SEATS) {
            throw new IllegalArgumentException("--stream-rates x --stream-seconds reserve " + Math.round(reservations)
                    + " seats, more than the show's " + StreamLoad.SEATS);
        }
    }

    @Override
    public double plannedSeconds(Selection selection) {
        StreamOptions options = selection.options(StreamOptions.class);
        return options.rates().size() * (options.seconds() + 3) + StreamLoad.warmupSeconds(selection.steps().warmupSeconds())
                + options.viewers() / 1000.0 + 13;
    }

    @Override
    public StreamResult run(Run run) {
        long servicePid = run.tier() == null ? 0 : run.tier().directPid().orElse(0L);
        return new StreamLoad(run.bench(), run.baseUrl(), servicePid, run.options(StreamOptions.class)).run();
    }

    @Override
    public List<StepResult> steps(StreamResult stream) {
        return stream.steps().stream().map(StreamResult.Step::reservations).toList();
    }

    @Override
    public List<SummaryRow> summary(StreamResult stream, RunResult run) {
        return stream.steps().stream().filter(step -> !step.warmup()).map(step -> new SummaryRow("Seat-map streams: commit to arrival, " + stream.opened()
                + " streams on one show, " + num(step.reservations().offeredRps(), 0) + " changes/s",
                "p50 " + num(step.delivery().p50(), 1) + " ms, p99 " + num(step.delivery().p99(), 1) + " ms; "
                        + step.delivered() + " of " + step.expected() + " changes delivered; "
                        + num(stream.bytesPerStream() / 1024, 1) + " KiB of heap per open stream",
                "p99 <= " + num(TARGET_P99_MILLIS, 0) + " ms")).toList();
    }

    @Override
    public List<Section> sections(StreamResult stream, RunResult run) {
        Table open = new Table("Streams asked", "Opened", "503s on the way", "Never began", "Dropped", "Heap per stream KiB", "Charged MiB",
                "Budget MiB");
        open.row(Integer.toString(stream.viewers()), Integer.toString(stream.opened()), Integer.toString(stream.refused()),
                Integer.toString(stream.failed()), Long.toString(stream.dropped()), num(stream.bytesPerStream() / 1024, 1), num(stream.chargedMiB(), 1),
                num(stream.budgetMiB(), 0));
        Table steps = new Table("Changes/s", "Changes", "Deliveries/s", "Delivered", "Expected", "p50 ms", "p99 ms",
                "p99.9 ms", "max ms", "Reservation p99 ms", "CPU service %", "CPU load generator %");
        for (StreamResult.Step step : stream.steps()) {
            StepResult r = step.reservations();
            steps.row((step.warmup() ? "warm-up, " : "") + num(r.offeredRps(), 0), Long.toString(step.changes()), num(step.delivered() / r.seconds(), 0),
                    Long.toString(step.delivered()), Long.toString(step.expected()), num(step.delivery().p50(), 1),
                    num(step.delivery().p99(), 1), num(step.delivery().p999(), 1), num(step.delivery().max(), 1),
                    num(r.latency().p99(), 1), num(r.cpu().service(), 0), num(r.cpu().loadGenerator(), 0));
        }
        String text = stream.viewers() + " seat-map streams (GET /shows/{id}/stream) opened on one show of "
                + StreamLoad.SEATS + " seats, 1,000 a second (a 503 tried again after its Retry-After, as the page does), "
                + "then steps of reservations of its seats: a warm-up step (the service's stream path is compiled by its "
                + "JIT meanwhile), then rising rates. Every acknowledged reservation is one change that every open stream "
                + "must receive, so deliveries are changes times streams. "
                + "Delivery is measured from the event's recording in the database (stamped as its statement starts, before "
                + "the commit) to its arrival at the stream: an upper bound of commit to arrival, including the time the "
                + "load generator, on the same machine, takes to read it. Heap per stream: the service's heap after a full "
                + "GC with every stream open, less before, over the streams opened; charged: what the service counts "
                + "against its streams' memory budget.";
        return List.of(new Section("Seat-map streams", text, List.of(open, steps)));
    }

    @Override
    public Map<String, Double> figures(StreamResult stream) {
        Map<String, Double> figures = new LinkedHashMap<>();
        for (StreamResult.Step step : stream.steps().stream().filter(step -> !step.warmup()).toList()) {
            String rate = num(step.reservations().offeredRps(), 0) + "/s";
            figures.put("stream p99 ms at " + rate, step.delivery().p99());
            figures.put("stream p50 ms at " + rate, step.delivery().p50());
        }
        figures.put("stream heap per stream KiB", stream.bytesPerStream() / 1024);
        return figures;
    }
}
