package dev.boxoffice.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxoffice.bench.load.Counts;
import dev.boxoffice.bench.run.RunResult;
import dev.boxoffice.bench.scenario.dbfailover.DbFailoverResult;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * A short dbfailover run: three PostgreSQL servers under pg_auto_failover, the primary killed under a few reservations
 * a second, then a switchover; every request is accounted for and every acknowledged reservation is in the log. No
 * latency or throughput threshold.
 */
class BenchDbFailoverSmokeIT {

    private static final Path REPOSITORY = Path.of(System.getProperty("boxoffice.repo", "../.."));
    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    static Path out;
    private static RunResult run;

    @BeforeAll
    static void runBriefly() {
        var selection = BenchCommand.parse(List.of("dbfailover", "--out", out.toString(), "--warmup-seconds", "0",
                "--wal-segments-ahead", "2", "--dbfailover-rate", "40", "--dbfailover-seconds", "36",
                "--dbfailover-kill-at", "3", "--dbfailover-switchover-at", "24"));
        run = new BenchRun(selection, REPOSITORY).run();
    }

    @Test
    void thePrimaryIsKilledThenSwitchedOverAndNothingAcknowledgedIsLost() {
        DbFailoverResult result = run.result("dbfailover", DbFailoverResult.class);
        Counts counts = result.step().counts();

        assertThat(result.killed()).startsWith("pg");
        assertThat(result.switchoverAtSeconds()).isGreaterThan(result.killAtSeconds());
        assertThat(result.switchoverSeconds()).as("the switchover completed").isPositive();
        assertThat(counts.sent()).isEqualTo(counts.ok() + counts.conflicts() + counts.httpErrors() + counts.transportErrors() + counts.timeouts());
        assertThat(result.acknowledged()).isPositive();
        assertThat(result.missing()).as("acknowledged reservations missing from the log").isZero();
        assertThat(result.doubled()).as("seats reserved twice").isZero();
        assertThat(result.writesBackAfterKill()).as("writes came back after the kill").isFinite();
        assertThat(out.resolve("report.md")).content().contains("## PostgreSQL's primary lost under load");
    }
}
