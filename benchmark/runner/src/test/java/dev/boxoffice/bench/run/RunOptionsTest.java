package dev.boxoffice.bench.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.boxoffice.cluster.Routing;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The run's own options as the command line sets them, and what each reads back as. */
class RunOptionsTest {

    @Test
    void withoutOptionsTheRunWritesIntoADatedFolderAndMeasuresOneNodePinnedOnce() {
        RunOptions options = parse();
        assertThat(options.out().toString()).matches("bench-results/\\d{4}-\\d{2}-\\d{2}_\\d{2}-\\d{2}-\\d{2}");
        assertThat(options.out()).as("the same folder every time it is asked").isEqualTo(options.out());
        assertThat(options.runs()).isEqualTo(1);
        assertThat(options.nodes()).isEqualTo(1);
        assertThat(options.cluster()).isFalse();
        assertThat(options.routing()).isEqualTo(Routing.HASH);
        assertThat(options.walSegmentsAhead()).isEqualTo(64);
        assertThat(options.noPin()).isFalse();
        assertThat(options.profile()).isFalse();
        assertThat(options.target()).isEmpty();
        assertThat(options.databaseUrl()).isEmpty();
        assertThat(options.cpusService()).isEmpty();
        assertThat(options.cpusPostgres()).isEmpty();
        assertThat(options.cpusLoadgen()).isEmpty();
        assertThat(options.serviceCpus()).isEmpty();
        assertThat(options.serviceJvmOptions()).isEmpty();
    }

    @Test
    void everyOptionReadsBackAsGiven() {
        RunOptions options = parse("--out", "/tmp/run", "--target", "http://host:8080//", "--database-url",
                "postgresql://u:p@db:5432/boxoffice", "--cpus-service", "0-1", "--cpus-postgres", "2", "--cpus-loadgen", "3",
                "--no-pin", "--service-cpus", "0.5", "--wal-segments-ahead", "0", "--profile", "--service-jvm-options",
                "-Xmx1g   -XX:+UseZGC ", "--nodes", "3", "--routing", "round-robin", "--runs", "2");
        assertThat(options.out()).isEqualTo(Path.of("/tmp/run"));
        assertThat(options.target()).contains("http://host:8080");
        assertThat(options.databaseUrl()).contains("postgresql://u:p@db:5432/boxoffice");
        assertThat(options.cpusService()).contains("0-1");
        assertThat(options.cpusPostgres()).contains("2");
        assertThat(options.cpusLoadgen()).contains("3");
        assertThat(options.noPin()).isTrue();
        assertThat(options.serviceCpus()).contains(0.5);
        assertThat(options.walSegmentsAhead()).isZero();
        assertThat(options.profile()).isTrue();
        assertThat(options.serviceJvmOptions()).containsExactly("-Xmx1g", "-XX:+UseZGC");
        assertThat(options.nodes()).isEqualTo(3);
        assertThat(options.cluster()).isTrue();
        assertThat(options.routing()).isEqualTo(Routing.ROUND_ROBIN);
        assertThat(options.runs()).isEqualTo(2);
    }

    @Test
    void blankTextIsNoOption() {
        RunOptions options = parse("--target", " ", "--database-url", "", "--cpus-service", "  ", "--service-jvm-options", " ");
        assertThat(options.target()).isEmpty();
        assertThat(options.databaseUrl()).isEmpty();
        assertThat(options.cpusService()).isEmpty();
        assertThat(options.serviceJvmOptions()).isEmpty();
    }

    @Test
    void aRepeatedRunWritesIntoItsOwnFolder() {
        RunOptions options = parse("--out", "/tmp/run");
        options.writeInto(Path.of("/tmp/run/run-2"));
        assertThat(options.out()).isEqualTo(Path.of("/tmp/run/run-2"));
    }

    @Test
    void refusesWhatCannotBeMeasured() {
        assertThatThrownBy(() -> parse("--nodes", "0")).hasMessageContaining("--nodes");
        assertThatThrownBy(() -> parse("--runs", "0")).hasMessageContaining("--runs");
        assertThatThrownBy(() -> parse("--service-cpus", "0")).hasMessageContaining("--service-cpus");
        assertThatThrownBy(() -> parse("--routing", "random")).hasMessageContaining("--routing");
    }

    private static RunOptions parse(String... args) {
        RunOptions options = new RunOptions();
        new CommandLine(options).parseArgs(args);
        return options;
    }
}
