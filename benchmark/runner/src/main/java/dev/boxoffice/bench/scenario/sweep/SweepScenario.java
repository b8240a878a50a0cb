package dev.boxoffice.bench.scenario.sweep;

import static dev.boxoffice.bench.report.Format.num;

import dev.boxoffice.bench.client.ShowsApi;
import dev.boxoffice.bench.load.ClosedLoop;
import dev.boxoffice.bench.load.LoadClient;
import dev.boxoffice.bench.measure.Bench;
import dev.boxoffice.bench.measure.StepResult;
import dev.boxoffice.bench.report.Chart;
import dev.boxoffice.bench.report.Section;
import dev.boxoffice.bench.report.SteppedReport;
import dev.boxoffice.bench.report.Table;
import dev.boxoffice.bench.run.Run;
import dev.boxoffice.bench.run.RunResult;
import dev.boxoffice.bench.run.Scenario;
import dev.boxoffice.bench.run.Selection;
import dev.boxoffice.bench.run.Target;
import io.vertx.core.http.HttpMethod;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The concurrency sweep of "Quarkus Runtime Performance", closed loop: at each connection count every connection
 * sends its next request as soon as the last one is answered. Read: {@code GET /shows/{id}}. Write: each connection
 * owns a show and alternately reserves and cancels its seats, so every request appends one event and none conflicts.
 */
public final class SweepScenario extends Scenario<SweepResult> {

    private static final int SEATS = 100;

    public SweepScenario() {
        super("sweep", "closed-loop concurrency sweep: a read and a write at each connection count",
                SweepResult.class, SweepOptions.class, Target.SERVICE, true);
    }

    @Override
    public double plannedSeconds(Selection selection) {
        SweepOptions options = selection.options(SweepOptions.class);
        return options.connections().size() * 2 * (options.seconds() + 1);
    }

    @Override
    public SweepResult run(Run run) {
        SweepOptions options = run.options(SweepOptions.class);
        Bench bench = run.bench();
        String baseUrl = run.baseUrl();
        int maxLevel = options.connections().stream().mapToInt(Integer::intValue).max().orElseThrow();
        List<UUID> shows = ShowsApi.createShowsNow(baseUrl, maxLevel, SEATS);
        int[] nextSeat = new int[maxLevel];
        boolean[] holding = new boolean[maxLevel];
        List<StepResult> reads = new ArrayList<>();
        List<StepResult> writes = new ArrayList<>();
        for (int connections : options.connections()) {
            try (LoadClient client = bench.client(baseUrl, connections)) {
                reads.add(bench.step("sweep", "read " + connections + " conn", Double.NaN, connections, options.seconds(),
                        recorder -> ClosedLoop.start(connections, recorder, (worker, intended, next) ->
                                client.send(HttpMethod.GET, ShowsApi.show(shows.get(worker)), null, intended, recorder, false,
                                        reply -> next.run()))));
                writes.add(bench.step("sweep", "write " + connections + " conn", Double.NaN, connections, options.seconds(),
                        recorder -> ClosedLoop.start(connections, recorder, (worker, intended, next) -> {
                            // Reserve seat n, cancel it, move on to seat n + 1: always a valid command, one event each.
                            boolean cancel = holding[worker];
                            int seat = nextSeat[worker];
                            client.send(HttpMethod.PATCH, ShowsApi.seat(shows.get(worker), seat),
                                    cancel ? ShowsApi.CANCEL : ShowsApi.RESERVE, intended, recorder, false, reply -> {
                                        if (reply.isSuccess()) {
                                            holding[worker] = !cancel;
                                            nextSeat[worker] = cancel ? (seat + 1) % SEATS : seat;
                                        }
                                        next.run();
                                    });
                        })));
            }
        }
        return new SweepResult(reads, writes);
    }

    @Override
    public List<StepResult> steps(SweepResult sweep) {
        List<StepResult> steps = new ArrayList<>(sweep.read());
        steps.addAll(sweep.write());
        return steps;
    }

    @Override
    public List<Section> sections(SweepResult sweep, RunResult run) {
        Table table = new Table("Connections", "Read req/s", "Read mean ms", "Read p99 ms", "Read max ms", "Write req/s",
                "Write mean ms", "Write p99 ms", "Write max ms", SteppedReport.ERRORS, "CPU service % (write)", "CPU PostgreSQL % (write)");
        for (int i = 0; i < sweep.read().size(); i++) {
            StepResult r = sweep.read().get(i);
            StepResult w = sweep.write().get(i);
            table.row(Integer.toString(r.connections()), num(r.achievedRps(), 0), num(r.latency().mean(), 3), num(r.latency().p99(), 2),
                    num(r.latency().max(), 1), num(w.achievedRps(), 0), num(w.latency().mean(), 3), num(w.latency().p99(), 2),
                    num(w.latency().max(), 1), r.counts().plus(w.counts()).describeErrors(), num(w.cpu().service(), 0),
                    num(w.cpu().database(), 0));
        }
        List<String> charts = List.of(
                Chart.line("Throughput vs connections", "connections", "req/s", List.of(
                        SteppedReport.points("read", sweep.read(), s -> s.connections(), StepResult::achievedRps),
                        SteppedReport.points("write", sweep.write(), s -> s.connections(), StepResult::achievedRps)), false, Double.NaN, ""),
                Chart.line("Mean and max latency vs connections", "connections", "ms (log scale)", List.of(
                        SteppedReport.points("read mean", sweep.read(), s -> s.connections(), s -> s.latency().mean()),
                        SteppedReport.points("write mean", sweep.write(), s -> s.connections(), s -> s.latency().mean()),
                        SteppedReport.points("read max", sweep.read(), s -> s.connections(), s -> s.latency().max()),
                        SteppedReport.points("write max", sweep.write(), s -> s.connections(), s -> s.latency().max())), true, Double.NaN, ""));
        return List.of(new Section("Concurrency sweep (Quarkus Runtime Performance)", "Closed loop: each connection sends its next"
                + " request when the previous one is answered. Read: GET /shows/{id} of a 100-seat show. Write: reserve then"
                + " cancel seats of the connection's own show, one event per request.", charts, List.of(table)));
    }

    @Override
    public Map<String, Double> figures(SweepResult sweep) {
        Map<String, Double> figures = new LinkedHashMap<>();
        figures.put("Sweep: best write req/s", sweep.write().stream().mapToDouble(StepResult::achievedRps).max().orElse(Double.NaN));
        figures.put("Sweep: best read req/s", sweep.read().stream().mapToDouble(StepResult::achievedRps).max().orElse(Double.NaN));
        return figures;
    }
}
