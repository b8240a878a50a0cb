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
        if (options.rate() * options.seconds() > StreamLoad.SEATS) {
            throw new IllegalArgumentException("--stream-rate x --stream-seconds must not exceed the show's "
                    + StreamLoad.SEATS + " seats");
        }
    }

    @Override
    public double plannedSeconds(Selection selection) {
        StreamOptions options = selection.options(StreamOptions.class);
        return options.seconds() + options.viewers() / 2000.0 + 15;
    }

    @Override
    public StreamResult run(Run run) {
        long servicePid = run.tier() == null ? 0 : run.tier().directPid().orElse(0L);
        return new StreamLoad(run.bench(), run.baseUrl(), servicePid, run.options(StreamOptions.class)).run();
    }

    @Override
    public List<StepResult> steps(StreamResult stream) {
        return List.of(stream.reservations());
    }

    @Override
    public List<SummaryRow> summary(StreamResult stream, RunResult run) {
        return List.of(new SummaryRow("Seat-map streams: commit to arrival, " + stream.opened() + " streams on one show",
                "p50 " + num(stream.delivery().p50(), 1) + " ms, p99 " + num(stream.delivery().p99(), 1) + " ms; "
                        + stream.delivered() + " of " + stream.expected() + " changes delivered; "
                        + num(stream.bytesPerStream() / 1024, 1) + " KiB of heap per open stream",
                "p99 <= " + num(TARGET_P99_MILLIS, 0) + " ms"));
    }

    @Override
    public List<Section> sections(StreamResult stream, RunResult run) {
        StepResult reservations = stream.reservations();
        Table table = new Table("Streams asked", "Opened", "Refused", "Dropped", "Reservations/s", "Changes",
                "Delivered", "Expected", "p50 ms", "p99 ms", "p99.9 ms", "max ms", "Heap per stream KiB",
                "Charged MiB", "Budget MiB", "CPU service %");
        table.row(Integer.toString(stream.viewers()), Integer.toString(stream.opened()), Integer.toString(stream.refused()),
                Long.toString(stream.dropped()), num(reservations.achievedRps(), 0), Long.toString(stream.changes()),
                Long.toString(stream.delivered()), Long.toString(stream.expected()), num(stream.delivery().p50(), 1),
                num(stream.delivery().p99(), 1), num(stream.delivery().p999(), 1), num(stream.delivery().max(), 1),
                num(stream.bytesPerStream() / 1024, 1), num(stream.chargedMiB(), 1), num(stream.budgetMiB(), 0),
                num(reservations.cpu().service(), 0));
        String text = stream.viewers() + " seat-map streams (GET /shows/{id}/stream) opened on one show of "
                + StreamLoad.SEATS + " seats, then reservations of its seats at " + num(reservations.offeredRps(), 0)
                + " a second for " + num(reservations.seconds(), 0) + " s: every acknowledged reservation is one change "
                + "that every open stream must receive. Delivery is measured from the event's recording in the database "
                + "(stamped as its statement starts, before the commit) to its arrival at the stream: an upper bound of "
                + "commit to arrival. Heap per stream: the service's heap after a full GC with every stream open, less "
                + "before, over the streams opened; charged: what the service counts against its streams' memory budget.";
        return List.of(new Section("Seat-map streams", text, List.of(table)));
    }

    @Override
    public Map<String, Double> figures(StreamResult stream) {
        Map<String, Double> figures = new LinkedHashMap<>();
        figures.put("stream p99 ms", stream.delivery().p99());
        figures.put("stream p50 ms", stream.delivery().p50());
        figures.put("stream heap per stream KiB", stream.bytesPerStream() / 1024);
        return figures;
    }
}
