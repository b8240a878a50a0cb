package dev.boxoffice.bench.report;

import static dev.boxoffice.bench.report.Table.num;
import static dev.boxoffice.bench.report.Table.percent;

import dev.boxoffice.bench.load.TimelinePoint;
import dev.boxoffice.bench.result.FailoverResult;
import dev.boxoffice.bench.result.StepResult;
import dev.boxoffice.bench.result.SteppedResult;
import dev.boxoffice.bench.result.TopologyResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/** The report's parts on several nodes: the topologies side by side, and a node lost under load. */
final class ClusterSections {

    private ClusterSections() {
    }

    /** Summary rows: each topology's serial capacity and p99 at half the direct capacity, against one node direct. */
    static void summaryRows(Table table, List<TopologyResult> topologies, FailoverResult failover) {
        Optional<TopologyResult> direct = topologies.stream().findFirst().filter(t -> t.serial() != null);
        for (TopologyResult topology : topologies.subList(Math.min(1, topologies.size()), topologies.size())) {
            if (topology.serial() == null || direct.isEmpty()) {
                continue;
            }
            SteppedResult base = direct.get().serial();
            double rate = halfCapacityStep(base);
            table.row("Serial capacity, " + topology.name(), Reports.capacity(topology.serial()),
                    percent(topology.serial().capacityRps() / base.capacityRps()) + " of 1 node direct; p99 at " + num(rate, 0)
                            + " req/s " + p99At(topology.serial(), rate) + " vs " + p99At(base, rate) + " direct; "
                            + num(topology.versionConflicts(), 0) + " version conflicts");
        }
        if (failover != null) {
            table.row("Failover: " + failover.victim() + " killed under " + num(failover.step().offeredRps(), 0) + " req/s",
                    failures(failover),
                    "a second answered ≥ " + percent(FailoverResult.SERVED) + " of the offered rate again "
                            + num(failover.goodputBackAfter(), 1) + " s after the kill (" + failover.topology() + ")");
        }
    }

    static Reports.Section topologies(List<TopologyResult> topologies) {
        SteppedResult base = topologies.get(0).serial();
        double rate = base == null ? Double.NaN : halfCapacityStep(base);
        Table table = new Table("Topology", "Serial capacity req/s", "Of 1 node direct", "Serial p99 at " + num(rate, 0) + " req/s",
                "Service CPU % there (all nodes)", "HAProxy CPU % there", "Contention capacity req/s", "Version conflicts", "Start ms");
        for (TopologyResult t : topologies) {
            Optional<StepResult> there = t.serial() == null ? Optional.empty() : at(t.serial(), rate);
            table.row(t.name(), t.serial() == null ? "–" : Reports.capacity(t.serial()),
                    t.serial() == null || base == null ? "–" : percent(t.serial().capacityRps() / base.capacityRps()),
                    t.serial() == null ? "–" : p99At(t.serial(), rate),
                    there.map(s -> num(s.cpu().service(), 0)).orElse("–"), there.map(s -> num(s.cpu().proxy(), 0)).orElse("–"),
                    t.contention() == null ? "–" : Reports.capacity(t.contention()),
                    num(t.versionConflicts(), 0), num(t.startMillis(), 0));
        }
        List<String> charts = new ArrayList<>();
        if (base != null) {
            charts.add(Chart.line("Serial: p99 per step, by topology", "offered req/s", "ms (log scale)",
                    topologies.stream().filter(t -> t.serial() != null)
                            .map(t -> steps(t.name(), t.serial().steps(), s -> s.latency().p99())).toList(),
                    true, base.sloMillis(), "SLO"));
            charts.add(Chart.line("Serial: CPU of the service tier per step (nodes + HAProxy, % of a core)", "offered req/s",
                    "% of a core", topologies.stream().filter(t -> t.serial() != null)
                            .map(t -> steps(t.name(), t.serial().steps(), s -> s.cpu().service() + (Double.isNaN(s.cpu().proxy()) ? 0 : s.cpu().proxy())))
                            .toList(), false, Double.NaN, ""));
        }
        String text = "The same serial (and contention) steps against each topology in one run, every process of the service"
                + " tier (nodes and HAProxy) on the service's cores: what the load balancer's hop costs, and what the nodes"
                + " gain or lose by sharing those cores. HAProxy routes with deploy/haproxy/haproxy.cfg; version conflicts are"
                + " appends refused because another node wrote the show first (0 with hash routing in steady state).";
        return new Reports.Section("Several nodes behind HAProxy", text, charts, List.of(table));
    }

    static Reports.Section failover(FailoverResult failover) {
        List<TimelinePoint> seconds = failover.step().timeline();
        Table table = new Table("Second since the kill", "Answered (2xx + 409) per s", "Errors and timeouts per s", "p99 ms");
        for (TimelinePoint point : seconds) {
            table.row(num(point.atSeconds() - failover.killAtSeconds(), 0), num(point.okPerSecond() + point.conflictsPerSecond(), 0),
                    num(point.errorsPerSecond(), 0), num(point.p99(), 1));
        }
        List<String> charts = List.of(
                Chart.line("Answers per second (kill at " + num(failover.killAtSeconds(), 0) + " s, restart at "
                        + num(failover.restartAtSeconds(), 0) + " s)", "seconds since the run started", "per second", List.of(
                        Reports.line("answered (2xx + 409)", seconds, p -> p.okPerSecond() + p.conflictsPerSecond()),
                        Reports.line("errors and timeouts", seconds, TimelinePoint::errorsPerSecond)), false,
                        failover.step().offeredRps(), "offered"),
                Chart.line("p99 per second", "seconds since the run started", "ms (log scale)",
                        List.of(Reports.line("p99", seconds, TimelinePoint::p99)), true, 50, "50 ms"));
        String text = failover.description() + " (" + failover.topology() + "). " + failures(failover)
                + " (a request fails when it was in flight on the killed node, or sent to it before HAProxy's health checks"
                + " took it out and its connection could not be redispatched); after the last failure, a second answered at"
                + " least " + percent(FailoverResult.SERVED) + " of the offered rate again " + num(failover.goodputBackAfter(), 1)
                + " s after the kill. A user whose request failed stops (the generator does"
                + " not retry); nothing acknowledged is lost, as the process-level failover test checks against the event log.";
        return new Reports.Section("A node lost under load", text, charts, List.of(table));
    }

    private static String failures(FailoverResult failover) {
        long failed = failover.step().counts().errors();
        return failed == 0 ? "no request failed"
                : failed + (failed == 1 ? " request" : " requests") + " failed, the last within "
                        + num(Math.max(1, failover.lastFailureAfterKill()), 0) + " s of the kill";
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

    private static Chart.Series steps(String name, List<StepResult> steps, ToDoubleFunction<StepResult> y) {
        return Reports.points(name, steps, StepResult::offeredRps, y);
    }
}
