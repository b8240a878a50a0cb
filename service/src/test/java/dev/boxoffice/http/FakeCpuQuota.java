package dev.boxoffice.http;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * A cgroup's cpu.stat written by a test: a CPU quota that throttles the service in every period while it runs, and
 * counters that stand still (no period, so not throttled) otherwise.
 */
final class FakeCpuQuota implements AutoCloseable {

    static final Path STAT = standingStill();

    private final Thread writer;

    private FakeCpuQuota() {
        writer = Thread.ofPlatform().daemon().name("fake-cpu-quota").start(() -> {
            for (long periods = 1; !Thread.currentThread().isInterrupted(); periods++) {
                write(periods, periods);
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
    }

    /** Throttles in every period until closed. */
    static FakeCpuQuota throttling() {
        return new FakeCpuQuota();
    }

    @Override
    public void close() throws InterruptedException {
        writer.interrupt();
        writer.join();
    }

    private static Path standingStill() {
        try {
            // One path per JVM, the same for the test profile and the test (which Quarkus may load twice).
            Path stat = Path.of(System.getProperty("java.io.tmpdir"), "boxoffice-cpu-" + ProcessHandle.current().pid() + ".stat");
            if (!Files.exists(stat)) {
                Files.writeString(stat, "nr_periods 0\nnr_throttled 0\nthrottled_time 0\n");
                stat.toFile().deleteOnExit();
            }
            return stat;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Replaced whole, so that a reader never sees half a file. */
    private static void write(long periods, long throttled) {
        try {
            Path next = Files.createTempFile(STAT.getParent(), "boxoffice-cpu", ".next");
            Files.writeString(next, "nr_periods " + periods + "\nnr_throttled " + throttled + "\nthrottled_time 0\n");
            Files.move(next, STAT, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
