package dev.boxoffice.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxoffice.bench.load.Counts;
import dev.boxoffice.bench.run.RunResult;
import dev.boxoffice.bench.run.TopologyResult;
import dev.boxoffice.bench.scenario.failover.FailoverResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * A seconds-long run with two nodes behind HAProxy: the topologies are measured side by side, a node is killed and
 * started again in the failover step, and every request is accounted for. No latency or throughput threshold.
 */
class BenchClusterSmokeIT {

    private static final Path REPOSITORY = Path.of(System.getProperty("boxoffice.repo", "../.."));
    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    static Path out;
    private static RunResult run;

    @BeforeAll
    static void runTwoNodesBriefly() {
        var selection = BenchCommand.parse(List.of("serial", "contention", "failover", "--nodes", "2", "--out", out.toString(),
                "--step-seconds", "2", "--warmup-seconds", "1", "--warmup-rate", "50", "--wal-segments-ahead", "2",
                "--serial-rates", "50", "--contention-rates", "40",
                "--failover-rate", "60", "--failover-seconds", "8", "--failover-kill-at", "2", "--failover-restart-at", "4",
                "--repeat-missed", "0", "--refine-percent", "0")); // one step each, whatever a stall of the host does
        run = new BenchRun(selection, REPOSITORY).run();
    }

    @Test
    void theTopologiesAreMeasuredSideBySide() throws Exception {
        assertThat(run.topologies()).extracting(TopologyResult::name)
                .containsExactly("1 node, direct", "1 node through HAProxy", "2 nodes through HAProxy, hash");
        boolean ringChanged = aNodeLeftTheRingBeforeTheFailover();
        assertThat(run.topologies()).allSatisfy(topology -> {
            assertThat(topology.of("serial").steps()).hasSize(1);
            assertThat(topology.of("contention").steps()).hasSize(1);
            assertThat(topology.of("serial").steps().get(0).counts().ok()).isPositive();
            if (!ringChanged) { // a node taken out moves its shows to the other, which then writes them too
                assertThat(topology.versionConflicts()).as("hash routing: each show has one writer").isZero();
            }
        });
        assertThat(run.topologies().get(2).of("serial").steps().get(0).cpu().proxy()).as("HAProxy's CPU is measured").isNotNaN();
        assertThat(out.resolve("report.md")).content().contains("## Several nodes behind HAProxy", "## A node lost under load",
                "Serial capacity, 2 nodes through HAProxy, hash");
    }

    /**
     * Whether HAProxy took a node out of the ring (a health check failed twice: on a slow host, a readiness answer
     * later than 0.5 s) before the failover step killed one (its first "Connection refused").
     */
    private static boolean aNodeLeftTheRingBeforeTheFailover() throws Exception {
        for (String line : Files.readAllLines(out.resolve("logs/haproxy.log"))) {
            if (line.contains("Connection refused")) {
                return false;
            }
            if (line.contains(" is DOWN")) {
                return true;
            }
        }
        return false;
    }

    @Test
    void theFailoverStepKillsAndRestartsANodeAndAccountsForEveryRequest() {
        FailoverResult failover = run.result("failover", FailoverResult.class);
        Counts counts = failover.step().counts();

        assertThat(failover.victim()).isEqualTo("boxoffice-node-2");
        assertThat(failover.restartAtSeconds()).isGreaterThan(failover.killAtSeconds());
        assertThat(failover.step().timeline().getFirst().atSeconds()).isLessThan(failover.killAtSeconds());
        assertThat(failover.step().timeline().getLast().atSeconds()).isGreaterThan(failover.restartAtSeconds());
        assertThat(counts.sent()).isEqualTo(counts.ok() + counts.conflicts() + counts.httpErrors() + counts.transportErrors() + counts.timeouts());
        assertThat(counts.ok()).isPositive();
    }
}
