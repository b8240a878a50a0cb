package dev.boxoffice.bench;

import static dev.boxoffice.bench.BenchOptions.Scenario.CONTENTION;
import static dev.boxoffice.bench.BenchOptions.Scenario.DISPATCH;
import static dev.boxoffice.bench.BenchOptions.Scenario.LIMITS;
import static dev.boxoffice.bench.BenchOptions.Scenario.MEMORY;
import static dev.boxoffice.bench.BenchOptions.Scenario.SERIAL;
import static dev.boxoffice.bench.BenchOptions.Scenario.SURGE;
import static dev.boxoffice.bench.BenchOptions.Scenario.SWEEP;

import dev.boxoffice.bench.BenchOptions.Scenario;
import dev.boxoffice.bench.report.Reports;
import dev.boxoffice.bench.result.DispatchResult;
import dev.boxoffice.bench.result.LimitsResult;
import dev.boxoffice.bench.result.Machine;
import dev.boxoffice.bench.result.MemoryResult;
import dev.boxoffice.bench.result.RunResult;
import dev.boxoffice.bench.result.ServiceFacts;
import dev.boxoffice.bench.result.StepResult;
import dev.boxoffice.bench.result.SteppedResult;
import dev.boxoffice.bench.result.SurgeResult;
import dev.boxoffice.bench.result.SweepResult;
import dev.boxoffice.bench.scenario.Bench;
import dev.boxoffice.bench.scenario.ContentionScenario;
import dev.boxoffice.bench.scenario.DispatchScenario;
import dev.boxoffice.bench.scenario.HelloService;
import dev.boxoffice.bench.scenario.LimitsScenario;
import dev.boxoffice.bench.scenario.MemoryScenario;
import dev.boxoffice.bench.scenario.Progress;
import dev.boxoffice.bench.scenario.SerialScenario;
import dev.boxoffice.bench.scenario.SurgeScenario;
import dev.boxoffice.bench.scenario.SweepScenario;
import dev.boxoffice.bench.system.Cpus;
import dev.boxoffice.bench.system.Database;
import dev.boxoffice.bench.system.JavaService;
import dev.boxoffice.bench.system.Pinning;
import dev.boxoffice.bench.system.Profiler;
import dev.boxoffice.bench.system.Resources;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * One benchmark run: start PostgreSQL and the services on their cores, run the chosen scenarios in a fixed order
 * (ceilings first, so nothing else is running while they are measured), stop everything, write the run folder.
 */
public final class BenchRun {

    /** The service's garbage-collection log, in the run folder's {@code logs}. */
    public static final String SERVICE_GC_LOG = "boxoffice-service-gc.log";

    private final BenchOptions options;
    private final Path repository;

    public BenchRun(BenchOptions options, Path repository) {
        this.options = options;
        this.repository = repository;
    }

    public RunResult run() {
        Path out = options.run().out();
        Pinning pinning = pinning();
        pinning.pin(ProcessHandle.current().pid(), pinning.loadGenerator());
        Progress progress = new Progress(System.out, plannedSeconds());
        progress.phase("BoxOffice benchmark: " + String.join(", ", options.scenarios().stream().map(Scenario::cliName).toList()) + " -> " + out.toAbsolutePath());
        progress.info(pinning.describe());
        List<String> notes = new ArrayList<>();
        String target = options.run().target().orElse(null);
        boolean needsService = Stream.of(SERIAL, CONTENTION, SURGE, SWEEP, MEMORY).anyMatch(options::runs);
        boolean needsDatabase = options.runs(LIMITS) || (needsService && target == null);
        Resources resources = new Resources();
        String started = OffsetDateTime.now().toString();
        Database database = null;
        JavaService service = null;
        try (Bench bench = new Bench(options, resources, out, progress)) {
            String postgresVersion = "not used";
            if (needsDatabase) {
                database = startDatabase(pinning, bench.logDirectory(), progress);
                database.postmasterPid().ifPresent(resources::database);
                postgresVersion = LimitsScenario.serverVersion(bench, database);
                if (!database.isEmbedded()) {
                    notes.add("External PostgreSQL: not pinned, its CPU is not measured.");
                }
            }
            HelloService hello = new HelloService(bench, repository.resolve(
                    "benchmark/hello-service/target/quarkus-app/quarkus-run.jar"), pinning);
            LimitsResult limits = null;
            DispatchResult dispatch = null;
            if (options.runs(LIMITS)) {
                progress.phase("limits: PostgreSQL append rate and HTTP ceiling");
                limits = new LimitsScenario(bench, hello).run(database);
            }
            if (options.runs(DISPATCH)) {
                progress.phase("dispatch: event loop vs worker thread vs virtual thread");
                dispatch = new DispatchScenario(bench, hello).run();
            }
            ServiceFacts facts = null;
            SteppedResult serial = null;
            SteppedResult contention = null;
            SurgeResult surge = null;
            SweepResult sweep = null;
            MemoryResult memory = null;
            if (needsService) {
                String baseUrl;
                if (target == null) {
                    progress.phase("starting the BoxOffice service");
                    List<String> jvmOptions = serviceJvmOptions(bench.logDirectory());
                    service = startService(database, pinning, bench.logDirectory(), jvmOptions);
                    resources.service(service.pid());
                    if (options.run().profile()) {
                        bench.profileWith(Profiler.attachTo(service.pid(), bench.logDirectory()));
                    }
                    baseUrl = service.baseUrl();
                    Thread.sleep(2000);
                    facts = new ServiceFacts(baseUrl, service.startMillis(), resources.serviceRssMiB(), Double.NaN,
                            String.join(" ", jvmOptions));
                    progress.info(String.format("service up: %.0f ms to first served request, idle RSS %.0f MiB",
                            facts.startMillis(), facts.idleRssMiB()));
                } else {
                    baseUrl = target;
                    facts = new ServiceFacts(target, Double.NaN, Double.NaN, Double.NaN, "");
                    notes.add("--target " + target + ": the service was not started by this run; its CPU and RSS are not measured.");
                }
                if (options.runs(SERIAL)) {
                    progress.phase("serial: open-model step load");
                    serial = new SerialScenario(bench, baseUrl).run();
                }
                if (options.runs(CONTENTION)) {
                    progress.phase("contention: many users on a few hot shows");
                    contention = new ContentionScenario(bench, baseUrl).run();
                }
                if (options.runs(SURGE)) {
                    progress.phase("surge: calm, a surge beyond capacity, calm again");
                    surge = new SurgeScenario(bench, baseUrl).run(serial == null ? 0 : serial.capacityRps(),
                            contention == null ? 0 : contention.capacityRps(), notes);
                }
                if (options.runs(SWEEP)) {
                    progress.phase("sweep: closed-loop concurrency sweep");
                    sweep = new SweepScenario(bench, baseUrl).run();
                }
                if (options.runs(MEMORY)) {
                    progress.phase("memory: shows far past the memory budget, then reservations across them");
                    memory = new MemoryScenario(bench, baseUrl, service == null ? 0 : service.pid()).run();
                }
                facts = new ServiceFacts(facts.target(), facts.startMillis(), facts.idleRssMiB(),
                        maxRss(serial, contention, surge, sweep, memory), facts.jvmOptions());
            }
            RunResult result = new RunResult(started, progress.elapsedSeconds(),
                    Machine.describe(postgresVersion), pinning, options.inForce(), facts, limits, dispatch, serial,
                    contention, surge, sweep, memory, notes);
            Reports.write(result, out);
            progress.phase("done in " + Math.round(progress.elapsedSeconds()) + " s");
            System.out.println();
            System.out.println(Reports.summary(result));
            System.out.println("Report: " + out.resolve("report.html").toAbsolutePath());
            return result;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } finally {
            if (service != null) {
                service.close();
            }
            if (database != null) {
                database.close();
            }
        }
    }

    private Pinning pinning() {
        if (options.run().noPin()) {
            return Pinning.disabled();
        }
        if (!Pinning.tasksetAvailable()) {
            System.out.println("taskset not found: processes are not pinned (install util-linux to pin them)");
            return Pinning.disabled();
        }
        Pinning defaults = Pinning.defaults(Cpus.onlineCpus());
        BenchOptions.Run run = options.run();
        return new Pinning(run.cpusService().orElse(defaults.service()), run.cpusPostgres().orElse(defaults.postgres()),
                run.cpusLoadgen().orElse(defaults.loadGenerator()), true);
    }

    private Database startDatabase(Pinning pinning, Path logDirectory, Progress progress) {
        if (options.run().databaseUrl().isPresent()) {
            String url = options.run().databaseUrl().get();
            progress.info("PostgreSQL: " + url.replaceAll("//[^@/]*@", "//***@"));
            return Database.external(url);
        }
        Database database = Database.startEmbedded(logDirectory, pinning);
        progress.info("PostgreSQL: embedded, data in " + database.dataDirectory().orElseThrow()
                + " (fsync on, synchronous_commit on), its log in " + logDirectory.resolve(Database.LOG_FILE_NAME));
        return database;
    }

    private JavaService startService(Database database, Pinning pinning, Path logDirectory, List<String> jvmOptions) {
        return JavaService.start("boxoffice-service", serviceJar(),
                jvmOptions, Map.of(), Map.of("DATABASE_URL", database.url()), pinning.prefix(pinning.service()),
                logDirectory, "/q/health/ready");
    }

    /**
     * The options `./boxoffice run` uses (service/jvm.options), the GC log, then --service-jvm-options, which win.
     * The GC log (one line per collection, with wall-clock time; about a dozen lines a second at the highest rates)
     * lets a latency spike be set beside the service's pauses.
     */
    private List<String> serviceJvmOptions(Path logDirectory) {
        List<String> jvmOptions = new ArrayList<>();
        try {
            for (String line : Files.readAllLines(repository.resolve("service/jvm.options"))) {
                if (!line.isBlank() && !line.strip().startsWith("#")) {
                    jvmOptions.add(line.strip());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not read service/jvm.options", e);
        }
        // Quoted: -Xlog separates its fields with colons, which a run folder's path may contain.
        jvmOptions.add("-Xlog:gc:file=\"" + logDirectory.resolve(SERVICE_GC_LOG).toAbsolutePath() + "\":time,uptime");
        Path jar = serviceJar();
        Path aotCache = jar.resolveSibling("app.aot"); // recorded by ./boxoffice build (JDK 25+)
        if (Files.isRegularFile(aotCache) && jar.toString().equals(aotCacheRecordedFor(aotCache))) {
            jvmOptions.add("-XX:AOTCache=" + aotCache);
        }
        if (options.run().profile()) {
            jvmOptions.add("-XX:+EnableDynamicAgentLoading"); // async-profiler attaches for the measured steps
        }
        jvmOptions.addAll(options.run().serviceJvmOptions());
        return jvmOptions;
    }

    /** Absolute and normalised: the AOT cache holds the path it was recorded with and serves only that one. */
    private Path serviceJar() {
        return repository.resolve("service/target/quarkus-app/quarkus-run.jar").toAbsolutePath().normalize();
    }

    /** The jar path that ./boxoffice wrote beside the cache when it recorded it; empty when unknown. */
    private static String aotCacheRecordedFor(Path aotCache) {
        try {
            return Files.readString(aotCache.resolveSibling("app.aot.for")).strip();
        } catch (IOException e) {
            return "";
        }
    }

    private static double maxRss(SteppedResult serial, SteppedResult contention, SurgeResult surge, SweepResult sweep,
            MemoryResult memory) {
        List<StepResult> steps = new ArrayList<>();
        if (serial != null) {
            steps.addAll(serial.steps());
        }
        if (contention != null) {
            steps.addAll(contention.steps());
        }
        if (surge != null) {
            surge.parts().forEach(part -> steps.add(part.step()));
        }
        if (memory != null) {
            steps.addAll(memory.steps());
        }
        if (sweep != null) {
            steps.addAll(sweep.read());
            steps.addAll(sweep.write());
        }
        return steps.stream().mapToDouble(StepResult::serviceRssMiB).filter(v -> !Double.isNaN(v)).max().orElse(Double.NaN);
    }

    /** An upper bound of the run's length, for the progress lines. */
    private double plannedSeconds() {
        double seconds = 5;
        double step = options.steps().stepSeconds();
        double warmup = options.steps().warmupSeconds();
        if (options.runs(LIMITS)) {
            seconds += 2 * options.limits().seconds() + 10 + options.dispatch().seconds();
        }
        if (options.runs(DISPATCH)) {
            seconds += 3 * (11 + options.dispatch().seconds());
        }
        if (options.runs(SERIAL) || options.runs(CONTENTION) || options.runs(SWEEP)) {
            seconds += 6;
        }
        if (options.runs(SERIAL)) {
            seconds += warmup + options.serial().rates().size() * (step + 1);
        }
        if (options.runs(CONTENTION)) {
            seconds += warmup + options.contention().rates().size() * (step + 1);
        }
        if (options.runs(SURGE)) {
            seconds += 2 * (2 * options.surge().calmSeconds() + options.surge().seconds() + 10);
        }
        if (options.runs(MEMORY)) {
            seconds += options.memory().largeShows() / options.memory().largeRate()
                    + options.memory().smallShows() / options.memory().rate()
                    + options.memory().reserveSeconds() + 30;
        }
        if (options.runs(SWEEP)) {
            seconds += options.sweep().connections().size() * 2 * (options.sweep().seconds() + 1);
        }
        return seconds;
    }
}
