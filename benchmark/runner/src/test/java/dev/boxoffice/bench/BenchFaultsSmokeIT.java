package dev.boxoffice.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxoffice.bench.run.RunResult;
import dev.boxoffice.bench.scenario.faults.FaultsResult;
import dev.boxoffice.bench.scenario.faults.FaultsResult.HistoryResult;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * A short faults run: a 20-second history of a node cut off from PostgreSQL now and then, judged by the independent
 * checker: it must be linearizable per show, lose nothing, and keep every ticket of its waiting rooms' lines in order.
 * The other kinds have cluster tests of their own (a node paused: PausedNodeIT; kill -9 of a node and a rolling
 * restart: ClusterFailoverIT; kill -9 of the primary: DatabaseFailoverIT and the dbfailover smoke run; of the line
 * service: EdgeIT) and all run in the benchmark's faults scenario. Nothing in this one is judged by its timing, so it
 * runs beside another test.
 */
class BenchFaultsSmokeIT {

    private static final Path REPOSITORY = Path.of(System.getProperty("boxoffice.repo", "../.."));
    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    static Path out;
    private static RunResult run;

    @BeforeAll
    static void runBriefly() {
        var selection = BenchCommand.parse(List.of("faults", "--out", out.toString(), "--warmup-seconds", "0",
                "--faults-kinds", "partition", "--faults-seconds", "20", "--faults-shows", "4",
                "--faults-clients", "8"));
        run = new BenchRun(selection, REPOSITORY).run();
    }

    @Test
    void everyHistoryIsJudgedLinearizableWithNothingLost() {
        FaultsResult result = run.result("faults", FaultsResult.class);

        assertThat(result.histories()).extracting(HistoryResult::kind).containsExactly("partition");
        for (HistoryResult history : result.histories()) {
            assertThat(history.faults()).as("faults injected in %s", history.file()).isNotEmpty();
            assertThat(history.verdict().operations()).as("operations of %s", history.file()).isGreaterThan(100);
            assertThat(history.verdict().tickets()).as("tickets of %s", history.file()).isGreaterThan(10);
            assertThat(history.verdict().linearizable()).as("%s: %s", history.file(), history.verdict()).isEqualTo("yes");
            assertThat(history.verdict().clean()).as("%s: %s", history.file(), history.verdict()).isTrue();
            assertThat(out.resolve(history.file())).exists();
        }
        assertThat(out.resolve("report.md")).content().contains("## Safety under faults");
    }
}
