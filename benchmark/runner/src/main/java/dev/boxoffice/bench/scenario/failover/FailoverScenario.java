package dev.boxoffice.bench.scenario.failover;

import static dev.boxoffice.bench.report.Format.num;
import static dev.boxoffice.bench.report.Format.percent;

import dev.boxoffice.bench.load.TimelinePoint;
import dev.boxoffice.bench.measure.Bench;
import dev.boxoffice.bench.measure.RisingSteps;
import dev.boxoffice.bench.measure.StepResult;
import dev.boxoffice.bench.measure.SteppedResult;
import dev.boxoffice.bench.report.Chart;
import dev.boxoffice.bench.report.Section;
import dev.boxoffice.bench.report.SteppedReport;
import dev.boxoffice.bench.report.SummaryRow;
import dev.boxoffice.bench.report.Table;
import dev.boxoffice.bench.run.Run;
import dev.boxoffice.bench.run.RunResult;
import dev.boxoffice.bench.run.Scenario;
import dev.boxoffice.bench.run.Selection;
import dev.boxoffice.bench.run.Target;
import dev.boxoffice.bench.scenario.serial.SerialLoad;
import dev.boxoffice.bench.scenario.serial.SerialOptions;
import dev.boxoffice.bench.system.ServiceTier;
import dev.boxoffice.cluster.ServiceNode;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A node lost under load: serial reservations through HAProxy at a constant rate, node 2 killed with kill -9 in the
 * middle of the step and started again later. The per-second timeline shows what the loss costs: the requests that
 * were in flight on the dead node fail, HAProxy takes it out (health checks every 0.5 s), its shows are rebuilt on
 * the other nodes from snapshots and events, and they move back when it returns.
 */
public final class FailoverScenario extends Scenario<FailoverResult> {

    private static final double DEFAULT_RATE = 2000;

    public FailoverScenario() {
        super("failover", "a node killed under load, with --nodes 2 or more (only when named)",
                FailoverResult.class, FailoverOptions.class, Target.SERVICE, false);
    }

    @Override
    public void check(Selection selection) {
        FailoverOptions options = selection.options(FailoverOptions.class);
        if (!selection.runs(name())) {
            return;
        }
        if (!selection.run().cluster()) {
            throw new IllegalArgumentException("failover needs --nodes 2 or more");
        }
        if (!(options.killAt() < options.restartAt() && options.restartAt() < options.seconds())) {
            throw new IllegalArgumentException("failover: --failover-kill-at < --failover-restart-at < --failover-seconds");
        }
    }

    @Override
    public double plannedSeconds(Selection selection) {
        FailoverOptions options = selection.options(FailoverOptions.class);
        return options.seconds() + 10 + (selection.runs("serial") ? 0 : selection.steps().warmupSeconds());
    }

    @Override
    public FailoverResult run(Run run) {
        FailoverOptions options = run.options(FailoverOptions.class);
        Bench bench = run.bench();
        ServiceTier tier = run.tier();
        SteppedResult serial = run.earlier("serial", SteppedResult.class);
        double serialCapacity = serial == null ? 0 : serial.capacityRps();
        double rate = options.rate() > 0 ? options.rate() : serialCapacity > 0 ? serialCapacity / 2 : DEFAULT_RATE;
        ServiceNode victim = tier.nodes().get(1);
        SerialLoad load = new SerialLoad(bench, tier.baseUrl(), run.options(SerialOptions.class));
        if (serialCapacity == 0 && bench.steps().warmupSeconds() > 0) {
            load.measure("failover", RisingSteps.WARMUP, bench.warmupRate(), bench.warmupSeconds());
        }
        double[] killedAt = {Double.NaN};
        double[] restartedAt = {Double.NaN};
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
        // Timed from the step's start, not from here: opening the step's connections takes a while on a slow host.
        Runnable killAndRestart = () -> {
            timer.schedule(() -> {
                killedAt[0] = sinceRunStart(bench);
                victim.kill();
                run.progress().info("failover: killed " + victim.name() + " (kill -9)");
            }, (long) (options.killAt() * 1000), TimeUnit.MILLISECONDS);
            timer.schedule(() -> {
                restartedAt[0] = sinceRunStart(bench);
                victim.restart();
                run.progress().info("failover: started " + victim.name() + " again");
            }, (long) (options.restartAt() * 1000), TimeUnit.MILLISECONDS);
        };
        try {
            // The CPU of the step is the survivors' (and HAProxy's): the victim's process dies in the middle of it.
            bench.resources().serviceTier(tier.nodes().stream().filter(node -> node != victim).map(ServiceNode::pid).toList(),
                    tier.haProxyPid());
            StepResult step = load.measure("failover", victim.name() + " killed", rate, options.seconds(), killAndRestart);
            victim.awaitReady(Duration.ofSeconds(120));
            tier.measuredBy(bench.resources());
            return new FailoverResult("Serial reservations at " + Math.round(rate) + " req/s through HAProxy; " + victim.name()
                    + " killed with kill -9 " + Math.round(options.killAt()) + " s into the step and started again at "
                    + Math.round(options.restartAt()) + " s", tier.name(), victim.name(), step, killedAt[0], restartedAt[0],
                    FailoverResult.lastFailureAfter(step.timeline(), killedAt[0]),
                    FailoverResult.goodputBackAfter(step.timeline(), killedAt[0], restartedAt[0], rate));
        } finally {
            timer.shutdownNow();
        }
    }

    private static double sinceRunStart(Bench bench) {
        return (System.nanoTime() - bench.progress().runStartNanos()) / 1e9;
    }

    @Override
    public List<StepResult> steps(FailoverResult failover) {
        return List.of(failover.step());
    }

    @Override
    public List<SummaryRow> summary(FailoverResult failover, RunResult run) {
        return List.of(new SummaryRow("Failover: " + failover.victim() + " killed under " + num(failover.step().offeredRps(), 0)
                + " req/s", failures(failover), "a second answered ≥ " + percent(FailoverResult.SERVED) + " of the offered rate again "
                + num(failover.goodputBackAfter(), 1) + " s after the kill (" + failover.topology() + ")"));
    }

    @Override
    public List<Section> sections(FailoverResult failover, RunResult run) {
        List<TimelinePoint> seconds = failover.step().timeline();
        Table table = new Table("Second since the kill", "Answered (2xx + 409) per s", "Errors and timeouts per s", "p99 ms");
        for (TimelinePoint point : seconds) {
            table.row(num(point.atSeconds() - failover.killAtSeconds(), 0), num(point.okPerSecond() + point.conflictsPerSecond(), 0),
                    num(point.errorsPerSecond(), 0), num(point.p99(), 1));
        }
        List<String> charts = List.of(
                Chart.line("Answers per second (kill at " + num(failover.killAtSeconds(), 0) + " s, restart at "
                        + num(failover.restartAtSeconds(), 0) + " s)", "seconds since the run started", "per second", List.of(
                        SteppedReport.line("answered (2xx + 409)", seconds, p -> p.okPerSecond() + p.conflictsPerSecond()),
                        SteppedReport.line("errors and timeouts", seconds, TimelinePoint::errorsPerSecond)), false,
                        failover.step().offeredRps(), "offered"),
                Chart.line("p99 per second", "seconds since the run started", "ms (log scale)",
                        List.of(SteppedReport.line("p99", seconds, TimelinePoint::p99)), true, 50, "50 ms"));
        String text = failover.description() + " (" + failover.topology() + "). " + failures(failover)
                + " (a request fails when it was in flight on the killed node, or sent to it before HAProxy's health checks"
                + " took it out and its connection could not be redispatched); after the last failure, a second answered at"
                + " least " + percent(FailoverResult.SERVED) + " of the offered rate again " + num(failover.goodputBackAfter(), 1)
                + " s after the kill. A user whose request failed stops (the generator does"
                + " not retry); nothing acknowledged is lost, as the process-level failover test checks against the event log.";
        return List.of(new Section("A node lost under load", text, charts, List.of(table)));
    }

    private static String failures(FailoverResult failover) {
        long failed = failover.step().counts().errors();
        return failed == 0 ? "no request failed"
                : failed + (failed == 1 ? " request" : " requests") + " failed, the last within "
                        + num(Math.max(1, failover.lastFailureAfterKill()), 0) + " s of the kill";
    }
}
