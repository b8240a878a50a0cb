package dev.boxoffice.bench.scenario.serial;

import static dev.boxoffice.bench.report.Format.num;
import static dev.boxoffice.bench.report.Format.percent;

import dev.boxoffice.bench.measure.StepResult;
import dev.boxoffice.bench.measure.SteppedResult;
import dev.boxoffice.bench.report.Chart;
import dev.boxoffice.bench.report.Section;
import dev.boxoffice.bench.report.SteppedReport;
import dev.boxoffice.bench.report.SummaryRow;
import dev.boxoffice.bench.report.Table;
import dev.boxoffice.bench.run.TopologyResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/** With several nodes: serial (and contention) against every topology side by side. */
final class TopologiesReport {

    private TopologiesReport() {
    }

    /** A row per topology after the first: its serial capacity and p99 at half the direct capacity, against 1 node direct. */
    static List<SummaryRow> summary(List<TopologyResult> topologies) {
        List<SummaryRow> rows = new ArrayList<>();
        if (topologies == null || topologies.isEmpty() || topologies.get(0).of("serial") == null) {
            return rows;
        }
        SteppedResult base = topologies.get(0).of("serial");
        double rate = halfCapacityStep(base);
        for (TopologyResult topology : topologies.subList(1, topologies.size())) {
            SteppedResult serial = topology.of("serial");
            if (serial != null) {
                rows.add(new SummaryRow("Serial capacity, " + topology.name(), SteppedReport.capacity(serial),
                        percent(serial.capacityRps() / base.capacityRps()) + " of 1 node direct; p99 at " + num(rate, 0)
                                + " req/s " + p99At(serial, rate) + " vs " + p99At(base, rate) + " direct; "
                                + num(topology.versionConflicts(), 0) + " version conflicts"));
            }
        }
        return rows;
    }

    static Section section(List<TopologyResult> topologies) {
        SteppedResult base = topologies.get(0).of("serial");
        double rate = base == null ? Double.NaN : halfCapacityStep(base);
        Table table = new Table("Topology", "Serial capacity req/s", "Of 1 node direct", "Serial p99 at " + num(rate, 0) + " req/s",
                "Service CPU % there (all nodes)", "HAProxy CPU % there", "Contention capacity req/s", "Version conflicts", "Start ms");
        for (TopologyResult t : topologies) {
            SteppedResult serial = t.of("serial");
            SteppedResult contention = t.of("contention");
            Optional<StepResult> there = serial == null ? Optional.empty() : at(serial, rate);
            table.row(t.name(), serial == null ? "–" : SteppedReport.capacity(serial),
                    serial == null || base == null ? "–" : percent(serial.capacityRps() / base.capacityRps()),
                    serial == null ? "–" : p99At(serial, rate),
                    there.map(s -> num(s.cpu().service(), 0)).orElse("–"), there.map(s -> num(s.cpu().proxy(), 0)).orElse("–"),
                    contention == null ? "–" : SteppedReport.capacity(contention),
                    num(t.versionConflicts(), 0), num(t.startMillis(), 0));
        }
        List<String> charts = new ArrayList<>();
        if (base != null) {
            List<TopologyResult> withSerial = topologies.stream().filter(t -> t.of("serial") != null).toList();
            charts.add(Chart.line("Serial: p99 per step, by topology", "offered req/s", "ms (log scale)",
                    withSerial.stream().map(t -> steps(t, s -> s.latency().p99())).toList(), true, base.sloMillis(), "SLO"));
            charts.add(Chart.line("Serial: CPU of the service tier per step (nodes + HAProxy, % of a core)", "offered req/s",
                    "% of a core", withSerial.stream().map(t -> steps(t, s -> s.cpu().service()
                            + (Double.isNaN(s.cpu().proxy()) ? 0 : s.cpu().proxy()))).toList(), false, Double.NaN, ""));
        }
        String text = "The same serial (and contention) steps against each topology in one run, every process of the service"
                + " tier (nodes and HAProxy) on the service's cores: what the load balancer's hop costs, and what the nodes"
                + " gain or lose by sharing those cores. HAProxy routes with deploy/haproxy/haproxy.cfg; version conflicts are"
                + " appends refused because another node wrote the show first (0 with hash routing in steady state).";
        return new Section("Several nodes behind HAProxy", text, charts, List.of(table));
    }

    /** The rate of the step of {@code direct} closest to half its capacity, at or below it: where p99s are compared. */
    private static double halfCapacityStep(SteppedResult direct) {
        double half = direct.capacityRps() / 2;
        return direct.steps().stream().mapToDouble(StepResult::offeredRps).filter(rate -> rate <= half).max()
                .orElse(direct.steps().isEmpty() ? Double.NaN : direct.steps().get(0).offeredRps());
    }

    private static String p99At(SteppedResult result, double rate) {
        return at(result, rate).map(s -> num(s.latency().p99(), 2) + " ms").orElse("–");
    }

    private static Optional<StepResult> at(SteppedResult result, double rate) {
        return result.steps().stream().filter(s -> s.offeredRps() == rate).findFirst();
    }

    private static Chart.Series steps(TopologyResult topology, ToDoubleFunction<StepResult> y) {
        return SteppedReport.points(topology.name(), topology.of("serial").steps(), StepResult::offeredRps, y);
    }
}
