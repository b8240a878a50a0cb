package dev.boxoffice.bench.measure;

import dev.boxoffice.bench.load.LoadClient;
import dev.boxoffice.bench.load.StepRecorder;
import dev.boxoffice.bench.system.JavaService;
import dev.boxoffice.bench.system.Profiler;
import dev.boxoffice.bench.system.Resources;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * What every scenario shares: the load generator's single event loop, the resource probe, the run folder, and
 * {@link #step}, which runs one measured step and turns it into a {@link StepResult}.
 */
public final class Bench implements AutoCloseable {

    /** A variant measured in turns counts as idle below this share of a core (service and PostgreSQL each)... */
    private static final double IDLE_PERCENT = 5;
    /** ...and hands over to the next one after this long at the latest. */
    private static final long SETTLE_SECONDS = 30;

    private final Vertx vertx;
    private final Context loop;
    private final StepOptions options;
    private final Resources resources;
    private final Path runDirectory;
    private final Progress progress;
    private final String hlogFolder; // "hlog/", or a variant's folder in it
    private final Turn turn; // null unless this is one of several variants measured in turns
    private Profiler profiler; // set with --profile while the service runs
    private int serviceJvms = 1;
    private double warmupRate = Double.NaN; // NaN: --warmup-rate

    public Bench(StepOptions options, Resources resources, Path runDirectory, Progress progress) {
        // One event loop is plenty for tens of thousands of requests per second, and keeps the generator on one core.
        this.vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(1).setWorkerPoolSize(1).setInternalBlockingPoolSize(1));
        this.loop = vertx.getOrCreateContext();
        this.options = options;
        this.resources = resources;
        this.runDirectory = runDirectory;
        this.progress = progress;
        this.hlogFolder = "hlog/";
        this.turn = null;
        createDirectories(runDirectory.resolve(hlogFolder), logDirectory());
    }

    private Bench(Bench whole, String variant, Turn turn) {
        this.vertx = whole.vertx;
        this.loop = whole.loop;
        this.options = whole.options;
        this.resources = whole.resources;
        this.runDirectory = whole.runDirectory;
        this.progress = whole.progress.forVariant(variant);
        this.hlogFolder = whole.hlogFolder + variant + "/";
        this.turn = turn;
        this.warmupRate = whole.warmupRate;
        createDirectories(runDirectory.resolve(hlogFolder));
    }

    /**
     * The bench as one variant of a variants run sees it: its steps' latency logs in a folder of its own, its progress
     * lines named, and, with a {@code turn}, its steps taken in turns with the other variants' (see {@link #passTurn}).
     * It shares this bench's load generator: close this one, not the view.
     */
    public Bench forVariant(String variant, Turn turn) {
        return new Bench(this, variant, turn);
    }

    private static void createDirectories(Path... directories) {
        try {
            for (Path directory : directories) {
                Files.createDirectories(directory);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Between two steps of a variant measured in turns: waits until its service and its PostgreSQL server are idle
     * (below {@value #IDLE_PERCENT} % of a core over half a second, at most {@value #SETTLE_SECONDS} s), so that no
     * work of its own (a projection catching up, a checkpoint) runs into the next variant's step; then runs the
     * turn's {@code leaving}, lets the other variants take their turns, and when this one's has come round again
     * runs its {@code coming} and returns.
     */
    void passTurn() {
        if (turn == null) {
            return;
        }
        settle();
        turn.leaving().run();
        turn.turns().pass();
        turn.coming().run();
    }

    /**
     * Waits until the service and its PostgreSQL server are idle (below {@value #IDLE_PERCENT} % of a core over half
     * a second, at most {@value #SETTLE_SECONDS} s): what one load left behind does not run into the next.
     */
    public void settle() {
        long start = System.nanoTime();
        long deadline = start + SETTLE_SECONDS * 1_000_000_000L;
        Resources.Sample before = resources.sample();
        while (true) {
            JavaService.sleep(500);
            Resources.Sample now = resources.sample();
            Resources.CpuShare share = now.since(before);
            if (!(share.service() >= IDLE_PERCENT) && !(share.database() >= IDLE_PERCENT)) { // NaN: not measured, idle
                long waited = (System.nanoTime() - start) / 1_000_000_000L;
                if (waited >= 2) {
                    progress.info("the service and PostgreSQL were busy " + waited + " s after the load before");
                }
                return;
            }
            if (System.nanoTime() > deadline) {
                progress.info(String.format(Locale.ROOT, "still busy %d s after the step (service %.0f %%, PostgreSQL"
                        + " %.0f %% of a core): the next load starts anyway", SETTLE_SECONDS, share.service(), share.database()));
                return;
            }
            before = now;
        }
    }

    public Vertx vertx() {
        return vertx;
    }

    /** The open-model load every stepped scenario shares. */
    public StepOptions steps() {
        return options;
    }

    public Resources resources() {
        return resources;
    }

    public Path runDirectory() {
        return runDirectory;
    }

    /** Where the processes the benchmark starts (service, PostgreSQL, profiler) write their logs. */
    public Path logDirectory() {
        return runDirectory.resolve("logs");
    }

    public Progress progress() {
        return progress;
    }

    /** Profiles the service during every scenario's measured steps (see {@link #profiled}). */
    public void profileWith(Profiler profiler) {
        this.profiler = profiler;
    }

    /** Runs {@code steps}, with the service's CPU profile written to profile-{@code scenario}.html if profiling. */
    public <T> T profiled(String scenario, java.util.function.Supplier<T> steps) {
        if (profiler == null) {
            return steps.get();
        }
        profiler.start();
        try {
            return steps.get();
        } finally {
            Path flameGraph = runDirectory.resolve("profile-" + scenario + ".html");
            profiler.stopInto(flameGraph);
            progress.info("service CPU profile: " + flameGraph);
        }
    }

    /** How many service JVMs share the service's cores: the nodes of a cluster, 1 otherwise. */
    public void serviceJvms(int count) {
        this.serviceJvms = count;
    }

    /**
     * The warm-up of a stepped scenario: --warmup-seconds per service JVM, since the JVMs of a cluster on the same
     * cores share them while each compiles the same hot paths (with one warm-up for all, three nodes on one core
     * were still compiling through the first measured steps).
     */
    public double warmupSeconds() {
        return options.warmupSeconds() * serviceJvms;
    }

    /** Requests per second during a warm-up: --warmup-rate unless set otherwise for what runs next. */
    public double warmupRate() {
        return Double.isNaN(warmupRate) ? options.warmupRate() : warmupRate;
    }

    /** The warm-up rate from now on (a variants run warms every variant up at a rate all of them can serve). */
    public void warmupRate(double requestsPerSecond) {
        this.warmupRate = requestsPerSecond;
    }

    public LoadClient client(String baseUrl, int connections) {
        return new LoadClient(vertx, URI.create(baseUrl), connections, options.timeoutMs());
    }

    /**
     * Runs one step: starts {@code load} on the generator's event loop, stops it after {@code seconds} (users then
     * send nothing new), waits until every request in flight has ended, and measures CPU and RSS meanwhile.
     */
    public StepResult step(String scenario, String label, double offeredRps, int connections, double seconds,
            Consumer<StepRecorder> load) {
        return step(scenario, label, offeredRps, connections, seconds, load, () -> false);
    }

    /** The same, stopped as soon as {@code finished} holds (asked every second), if before {@code seconds}. */
    public StepResult step(String scenario, String label, double offeredRps, int connections, double seconds,
            Consumer<StepRecorder> load, BooleanSupplier finished) {
        String logName = hlogFolder + scenario + "-" + label.replaceAll("[^A-Za-z0-9.]+", "-") + ".hlog";
        StepRecorder recorder = new StepRecorder(runDirectory.resolve(logName), progress.runStartNanos());
        Resources.Sample before = resources.sample();
        StepTiming timing = new StepTiming(scenario, label, offeredRps, seconds, recorder, finished);
        loop.runOnContext(v -> timing.start(load));
        double maxRss = largestRssUntil(timing.drained);
        Resources.Sample after = resources.sample();
        double elapsed = (after.nanos() - before.nanos()) / 1e9;
        var counts = recorder.counts();
        double rssNow = resources.serviceRssMiB();
        StepResult result = new StepResult(scenario, label, offeredRps, connections, elapsed, counts,
                (counts.ok() + counts.conflicts()) / elapsed, recorder.latency(), after.since(before),
                rssNow > 0 ? Math.max(maxRss, rssNow) : Double.NaN,
                recorder.timeline(), logName, null, recorder.phases());
        progress.stepDone(result);
        return result;
    }

    /** The service's largest resident set size, read every 200 ms until {@code done}. */
    private double largestRssUntil(CompletableFuture<Void> done) {
        double maxRss = 0;
        while (!done.isDone()) {
            maxRss = Math.max(maxRss, resources.serviceRssMiB());
            JavaService.sleep(200);
        }
        done.join();
        return maxRss;
    }

    /**
     * A step's clock on the generator's event loop: a tick every second (a point of the timeline, a progress line every
     * five), the end after its seconds or once {@code finished} holds, then the drain: done when nothing is in flight,
     * or after the client's timeout and 2 s more.
     */
    private final class StepTiming {

        private final String scenario;
        private final String label;
        private final double offeredRps;
        private final double seconds;
        private final StepRecorder recorder;
        private final BooleanSupplier finished;
        final CompletableFuture<Void> drained = new CompletableFuture<>();
        private long ticker;
        private long elapsedSeconds;

        StepTiming(String scenario, String label, double offeredRps, double seconds, StepRecorder recorder,
                BooleanSupplier finished) {
            this.scenario = scenario;
            this.label = label;
            this.offeredRps = offeredRps;
            this.seconds = seconds;
            this.recorder = recorder;
            this.finished = finished;
        }

        void start(Consumer<StepRecorder> load) {
            ticker = vertx.setPeriodic(1000, t -> everySecond());
            vertx.setTimer(Math.max(1, (long) (seconds * 1000)), timer -> end());
            load.accept(recorder);
        }

        private void everySecond() {
            recorder.tick();
            elapsedSeconds++;
            if (recorder.closing()) {
                return;
            }
            if (elapsedSeconds % 5 == 0) {
                progress.step(scenario, label, offeredRps, elapsedSeconds, seconds, recorder);
            }
            if (finished.getAsBoolean()) {
                end();
            }
        }

        /** Users send nothing new from now on; the step waits for what is in flight. */
        private void end() {
            if (recorder.closing()) {
                return;
            }
            recorder.close();
            vertx.setTimer(options.timeoutMs() + 2000L, timer -> done());
            doneOnceIdle();
        }

        /**
         * Done once nothing is in flight, checked after the handlers of the last answer have run (they may still record
         * it, or schedule a retry).
         */
        private void doneOnceIdle() {
            recorder.whenDrained(() -> vertx.runOnContext(next -> {
                if (recorder.inFlight() == 0) {
                    done();
                } else {
                    doneOnceIdle();
                }
            }));
        }

        private void done() {
            if (drained.isDone()) {
                return;
            }
            vertx.cancelTimer(ticker);
            recorder.finish();
            recorder.tick();
            drained.complete(null);
        }
    }

    @Override
    public void close() {
        vertx.close().toCompletionStage().toCompletableFuture().join();
    }
}
