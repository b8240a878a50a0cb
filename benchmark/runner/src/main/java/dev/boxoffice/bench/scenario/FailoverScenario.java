package dev.boxoffice.bench.scenario;

import dev.boxoffice.bench.BenchOptions;
import dev.boxoffice.bench.result.FailoverResult;
import dev.boxoffice.bench.result.StepResult;
import dev.boxoffice.bench.system.ServiceTier;
import dev.boxoffice.cluster.ServiceNode;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A node lost under load: serial reservations through HAProxy at a constant rate, node 2 killed with kill -9 in the
 * middle of the step and started again later. The per-second timeline shows what the loss costs: the requests that
 * were in flight on the dead node fail, HAProxy takes it out (health checks every 0.5 s), its shows are rebuilt on
 * the other nodes from snapshots and events, and they move back when it returns.
 */
public final class FailoverScenario {

    private static final double DEFAULT_RATE = 2000;

    private final Bench bench;
    private final ServiceTier tier;

    public FailoverScenario(Bench bench, ServiceTier tier) {
        this.bench = bench;
        this.tier = tier;
    }

    /** @param serialCapacity the serial capacity measured in this run against this tier, 0 if none */
    public FailoverResult run(double serialCapacity) {
        BenchOptions.Failover options = bench.options().failover();
        double rate = options.rate() > 0 ? options.rate() : serialCapacity > 0 ? serialCapacity / 2 : DEFAULT_RATE;
        ServiceNode victim = tier.nodes().get(1);
        SerialScenario load = new SerialScenario(bench, tier.baseUrl());
        if (serialCapacity == 0 && bench.options().steps().warmsUp()) {
            load.measure("failover", RisingSteps.WARMUP, bench.warmupRate(), bench.warmupSeconds());
        }
        double[] killedAt = {Double.NaN};
        double[] restartedAt = {Double.NaN};
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
        try {
            timer.schedule(() -> {
                killedAt[0] = sinceRunStart();
                victim.kill();
                bench.progress().info("failover: killed " + victim.name() + " (kill -9)");
            }, (long) (options.killAt() * 1000), TimeUnit.MILLISECONDS);
            timer.schedule(() -> {
                restartedAt[0] = sinceRunStart();
                victim.restart();
                bench.progress().info("failover: started " + victim.name() + " again");
            }, (long) (options.restartAt() * 1000), TimeUnit.MILLISECONDS);
            // The CPU of the step is the survivors' (and HAProxy's): the victim's process dies in the middle of it.
            bench.resources().serviceTier(tier.nodes().stream().filter(node -> node != victim).map(ServiceNode::pid).toList(),
                    tier.haProxyPid());
            StepResult step = load.measure("failover", victim.name() + " killed", rate, options.seconds());
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

    private double sinceRunStart() {
        return (System.nanoTime() - bench.progress().runStartNanos()) / 1e9;
    }
}
