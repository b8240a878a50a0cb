package dev.boxoffice.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A benchmark stopped in the middle (a kill, Ctrl-C, a CI timeout) stops the service and database it started. */
class BenchStopIT {

    private static final Path REPOSITORY = Path.of(System.getProperty("boxoffice.repo", "../..")).toAbsolutePath();

    @Test
    void aStoppedRunLeavesNothingRunning(@TempDir Path out) throws Exception {
        Process runner = new ProcessBuilder(ProcessHandle.current().info().command().orElse("java"),
                "-Dboxoffice.repo=" + REPOSITORY, "-jar",
                REPOSITORY.resolve("benchmark/runner/target/boxoffice-bench.jar").toString(),
                "serial", "--serial-rates", "20", "--step-seconds", "120", "--warmup-seconds", "0", "--wal-segments-ahead", "2", "--out", out.toString())
                .redirectErrorStream(true).start();
        try {
            awaitLine(runner, "serial: open-model step load");
            List<ProcessHandle> started = startedBy(out);
            assertThat(started).as("the service and the postmaster of this run").hasSize(2);

            runner.destroy(); // SIGTERM
            assertThat(runner.waitFor(60, TimeUnit.SECONDS)).isTrue();

            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (started.stream().anyMatch(ProcessHandle::isAlive) && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            assertThat(started).noneMatch(ProcessHandle::isAlive);
        } finally {
            runner.destroy(); // a failed assertion must not leave the run going for its 120 s step
            runner.waitFor(60, TimeUnit.SECONDS);
        }
    }

    private static void awaitLine(Process runner, String text) throws IOException {
        BufferedReader output = new BufferedReader(new InputStreamReader(runner.getInputStream()));
        for (String line = output.readLine(); line != null; line = output.readLine()) {
            if (line.contains(text)) {
                return;
            }
        }
        throw new AssertionError("the runner exited before printing '" + text + "'");
    }

    /** The run's postmaster names the run's log folder; the service runs in it (Linux: /proc/PID/cwd). */
    private static List<ProcessHandle> startedBy(Path out) throws IOException {
        Path logs = out.resolve("logs").toAbsolutePath(); // as the runner gave it to PostgreSQL
        Path workingDirectory = logs.toRealPath(); // as /proc shows it
        return ProcessHandle.allProcesses().filter(p -> {
            String commandLine = p.info().commandLine().orElse("");
            return (commandLine.contains("postgres") && commandLine.contains(logs.toString()))
                    || (commandLine.contains("quarkus-run.jar") && workingDirectory(p).equals(workingDirectory));
        }).toList();
    }

    private static Path workingDirectory(ProcessHandle process) {
        try {
            return Path.of("/proc", String.valueOf(process.pid()), "cwd").toRealPath();
        } catch (IOException e) {
            return Path.of("/");
        }
    }
}
