package dev.boxoffice.bench.scenario.limits;

import dev.boxoffice.bench.load.Failure;
import dev.boxoffice.bench.load.StepRecorder;
import dev.boxoffice.bench.measure.Bench;
import dev.boxoffice.bench.measure.StepResult;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/** The disk's flush latency under the database: what every durable commit waits for. */
record DiskFlush(Bench bench, double seconds) {

    private static final int WAL_PAGE_BYTES = 8192;
    private static final double FLUSHES_PER_SECOND = 1000; // the commit rate of the first serial step
    private static final int WARM_UP_FLUSHES = 500;

    /**
     * One writer rewriting an 8 kB page next to the database's WAL and flushing it (fdatasync), as a commit does,
     * once per millisecond (the commit rate of the first serial step): how long a lone durable commit waits for
     * the disk at low load, and that wait's tail (a virtual disk's flushes stall now and then). The latency recorded
     * is each flush's own duration: the writer does not catch up after a stall, so no queueing is added.
     */
    StepResult measure(Path directory) {
        Path file = directory.resolve("boxoffice-flush-probe");
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            ByteBuffer page = ByteBuffer.allocateDirect(WAL_PAGE_BYTES);
            syncFileSystems(); // the database's creation leaves dirty pages whose write-back would be measured too
            for (int i = 0; i < WARM_UP_FLUSHES; i++) { // allocates the page on disk (WAL segments are preallocated too)
                flush(channel, page);
            }
            AtomicBoolean stopped = new AtomicBoolean();
            AtomicReference<Thread> probe = new AtomicReference<>();
            StepResult step = bench.step("limits", "disk flush", FLUSHES_PER_SECOND, 1, seconds,
                    recorder -> probe.set(startProbe(channel, page, recorder, stopped)));
            stopped.set(true);
            probe.get().join(); // before the file is closed and deleted
            return step;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (IOException e) {
            bench.progress().info("disk flush not measured: " + e.getMessage());
            return null;
        } finally {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                bench.progress().info("could not delete " + file + ": " + e.getMessage());
            }
        }
    }

    /**
     * Flushes once per period on a thread of its own (flushes block) until {@code stopped}, and records each flush's
     * duration on the calling context, the recorder's; a flush that ends after the step is left out.
     */
    private static Thread startProbe(FileChannel channel, ByteBuffer page, StepRecorder recorder, AtomicBoolean stopped) {
        Context loop = Vertx.currentContext();
        long period = (long) (1e9 / FLUSHES_PER_SECOND);
        return Thread.ofPlatform().name("disk-flush-probe").start(() -> {
            for (long next = System.nanoTime(); !stopped.get(); next = Math.max(next + period, System.nanoTime())) {
                LockSupport.parkNanos(next - System.nanoTime());
                long started = System.nanoTime();
                boolean flushed = flush(channel, page);
                long took = System.nanoTime() - started;
                loop.runOnContext(v -> {
                    if (recorder.closing()) {
                        stopped.set(true);
                        return;
                    }
                    recorder.sent();
                    if (flushed) {
                        recorder.answered(System.nanoTime() - took, 200, false); // latency = took
                    } else {
                        recorder.failed(System.nanoTime() - took, Failure.CONNECTION_FAILED);
                    }
                });
            }
        });
    }

    private void syncFileSystems() {
        try {
            new ProcessBuilder("sync").inheritIO().start().waitFor();
        } catch (IOException e) {
            bench.progress().info("sync failed (" + e.getMessage() + "); the disk flush may include write-back");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static boolean flush(FileChannel channel, ByteBuffer page) {
        try {
            page.clear();
            channel.write(page, 0);
            channel.force(false);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
