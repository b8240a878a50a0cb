package dev.boxoffice.bench;

import static dev.boxoffice.bench.BenchOptions.Scenario.CONTENTION;
import static dev.boxoffice.bench.BenchOptions.Scenario.DISPATCH;
import static dev.boxoffice.bench.BenchOptions.Scenario.FAILOVER;
import static dev.boxoffice.bench.BenchOptions.Scenario.JOURNEYS;
import static dev.boxoffice.bench.BenchOptions.Scenario.LIMITS;
import static dev.boxoffice.bench.BenchOptions.Scenario.MEMORY;
import static dev.boxoffice.bench.BenchOptions.Scenario.SERIAL;
import static dev.boxoffice.bench.BenchOptions.Scenario.SURGE;
import static dev.boxoffice.bench.BenchOptions.Scenario.SWEEP;
import static dev.boxoffice.bench.BenchOptions.Scenario.VARIANTS;

import dev.boxoffice.bench.BenchOptions.Scenario;
import dev.boxoffice.bench.report.Reports;
import dev.boxoffice.bench.result.DispatchResult;
import dev.boxoffice.bench.result.FailoverResult;
import dev.boxoffice.bench.result.JourneysResult;
import dev.boxoffice.bench.result.LimitsResult;
import dev.boxoffice.bench.result.Machine;
import dev.boxoffice.bench.result.MemoryResult;
import dev.boxoffice.bench.result.RunResult;
import dev.boxoffice.bench.result.ServiceFacts;
import dev.boxoffice.bench.result.StepResult;
import dev.boxoffice.bench.result.SteppedResult;
import dev.boxoffice.bench.result.SurgeResult;
import dev.boxoffice.bench.result.SweepResult;
import dev.boxoffice.bench.result.TopologyResult;
import dev.boxoffice.bench.result.VariantResult;
import dev.boxoffice.bench.scenario.Bench;
import dev.boxoffice.bench.scenario.ContentionScenario;
import dev.boxoffice.bench.scenario.DispatchScenario;
import dev.boxoffice.bench.scenario.FailoverScenario;
import dev.boxoffice.bench.scenario.HelloService;
import dev.boxoffice.bench.scenario.JourneysScenario;
import dev.boxoffice.bench.scenario.LimitsScenario;
import dev.boxoffice.bench.scenario.MemoryScenario;
import dev.boxoffice.bench.scenario.Progress;
import dev.boxoffice.bench.scenario.SerialScenario;
import dev.boxoffice.bench.scenario.ServiceMetrics;
import dev.boxoffice.bench.scenario.SurgeScenario;
import dev.boxoffice.bench.scenario.SweepScenario;
import dev.boxoffice.bench.system.Baseline;
import dev.boxoffice.bench.system.Cpus;
import dev.boxoffice.bench.system.Database;
import dev.boxoffice.bench.system.JavaService;
import dev.boxoffice.bench.system.Pinning;
import dev.boxoffice.bench.system.Profiler;
import dev.boxoffice.bench.system.Resources;
import dev.boxoffice.bench.system.ServiceTier;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * One benchmark run: start PostgreSQL and the services on their cores, run the chosen scenarios in a fixed order
 * (ceilings first, so nothing else is running while they are measured), stop everything, write the run folder.
 */
public final class BenchRun {

    /** The service's garbage-collection log, in the run folder's {@code logs} (a cluster's nodes: boxoffice-node-K-gc.log). */
    public static final String SERVICE_GC_LOG = "boxoffice-service-gc.log";

    private static final String VERSION_CONFLICTS = "boxoffice_version_conflicts_total";

    private final BenchOptions options;
    private final Path repository;
    /** With --baseline: the service at that revision, built before anything is measured. */
    private Baseline baseline;
    /** The version of the PostgreSQL server measured, for the report; read from the first one started, null if none. */
    private String postgresVersion;

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
        boolean needsService = Stream.of(SERIAL, CONTENTION, JOURNEYS, SURGE, SWEEP, FAILOVER, MEMORY).anyMatch(options::runs);
        // A variants run on the embedded database gives each variant a server of its own, and needs no shared one.
        boolean needsDatabase = options.runs(LIMITS) || (needsService && target == null)
                || (options.runs(VARIANTS) && options.run().databaseUrl().isPresent());
        Resources resources = new Resources();
        String started = OffsetDateTime.now().toString();
        Database database = null;
        ServiceTier tier = null;
        try (Bench bench = new Bench(options, resources, out, progress)) {
            if (options.variants().baseline().isPresent()) {
                progress.phase("baseline: exporting and building the service at " + options.variants().baseline().get());
                baseline = Baseline.build(repository, options.variants().baseline().get(), bench.logDirectory());
                progress.info(baseline.describe() + ", built in " + baseline.root());
            }
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
            JourneysResult journeys = null;
            List<VariantResult> variants = null;
            SurgeResult surge = null;
            SweepResult sweep = null;
            MemoryResult memory = null;
            FailoverResult failover = null;
            List<TopologyResult> topologies = new ArrayList<>();
            if (needsService) {
                String baseUrl;
                if (target == null) {
                    List<String> jvmOptions = serviceJvmOptions(repository, bench.logDirectory(), "boxoffice-service");
                    if (options.run().cluster()) {
                        for (int viaHaProxy = 0; viaHaProxy < 2; viaHaProxy++) {
                            tier = startTier(viaHaProxy == 0 ? 0 : 1, database, pinning, bench, progress);
                            topologies.add(measureTopology(bench, tier.baseUrl(), tier, progress, 1));
                            tier.close();
                            tier = null;
                        }
                    }
                    tier = startTier(options.run().cluster() ? options.run().nodes() : 0, database, pinning, bench, progress);
                    baseUrl = tier.baseUrl();
                    Thread.sleep(2000);
                    facts = new ServiceFacts(baseUrl, tier.startMillis(), resources.serviceRssMiB(), Double.NaN,
                            String.join(" ", jvmOptions));
                    progress.info(String.format("%s up: %.0f ms to first served request, idle RSS %.0f MiB", tier.name(),
                            facts.startMillis(), facts.idleRssMiB()));
                } else {
                    baseUrl = target;
                    facts = new ServiceFacts(target, Double.NaN, Double.NaN, Double.NaN, "");
                    notes.add("--target " + target + ": the service was not started by this run; its CPU and RSS are not measured.");
                }
                TopologyResult measured = measureTopology(bench, baseUrl, tier, progress, options.run().nodes());
                serial = measured.serial();
                contention = measured.contention();
                if (options.run().cluster()) {
                    topologies.add(measured);
                }
                if (options.runs(JOURNEYS)) {
                    progress.phase("journeys: user journeys arriving in fixed proportions" + on(tier));
                    journeys = new JourneysScenario(bench, baseUrl).run();
                }
                if (options.runs(SURGE)) {
                    progress.phase("surge: calm, a surge beyond capacity, calm again" + on(tier));
                    surge = new SurgeScenario(bench, baseUrl).run(serial == null ? 0 : serial.capacityRps(),
                            contention == null ? 0 : contention.capacityRps(), notes);
                }
                if (options.runs(SWEEP)) {
                    progress.phase("sweep: closed-loop concurrency sweep" + on(tier));
                    sweep = new SweepScenario(bench, baseUrl).run();
                }
                if (options.runs(FAILOVER)) {
                    progress.phase("failover: a node killed under load" + on(tier));
                    failover = new FailoverScenario(bench, tier).run(serial == null ? 0 : serial.capacityRps());
                }
                if (options.runs(MEMORY)) {
                    progress.phase("memory: shows far past the memory budget, then reservations across them" + on(tier));
                    memory = new MemoryScenario(bench, baseUrl, tier == null ? 0 : tier.directPid().orElse(0L)).run();
                }
                facts = new ServiceFacts(facts.target(), facts.startMillis(), facts.idleRssMiB(),
                        maxRss(serial, contention, surge, sweep, memory), facts.jvmOptions());
            }
            if (options.runs(VARIANTS)) {
                bench.warmupRate(options.variants().warmupRate());
                VariantsRun variantsRun = new VariantsRun(options, repository, baseline, this::serviceJvmOptions, serviceJar());
                variants = variantsRun.measure(database, pinning, bench, progress);
                if (postgresVersion == null) {
                    postgresVersion = variantsRun.postgresVersion();
                }
            }
            RunResult result = new RunResult(started, progress.elapsedSeconds(),
                    Machine.describe(Objects.requireNonNullElse(postgresVersion, "not used")), pinning, options.inForce(),
                    facts, limits, dispatch, serial,
                    contention, journeys, surge, sweep, memory, topologies, failover, variants, notes);
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
            if (tier != null) {
                tier.close();
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
        Database database = Database.startEmbedded(logDirectory, Database.LOG_FILE_NAME, pinning);
        progress.info("PostgreSQL: embedded, data in " + database.dataDirectory().orElseThrow()
                + " (fsync on, synchronous_commit on), its log in " + logDirectory.resolve(Database.LOG_FILE_NAME));
        return database;
    }

    /**
     * Starts what the scenarios measure, on the service's cores: with {@code nodes} 0 the service alone, addressed
     * directly; otherwise that many nodes behind HAProxy.
     */
    private ServiceTier startTier(int nodes, Database database, Pinning pinning, Bench bench, Progress progress) {
        Path logs = bench.logDirectory();
        ServiceTier tier;
        if (nodes == 0) {
            progress.phase("starting the BoxOffice service");
            tier = ServiceTier.direct(JavaService.start("boxoffice-service", serviceJar(), serviceJvmOptions(repository, logs, "boxoffice-service"),
                    Map.of(), Map.of("DATABASE_URL", database.url()), pinning.prefix(pinning.service()), logs, "/q/health/ready"));
        } else {
            progress.phase("starting " + nodes + " BoxOffice node" + (nodes == 1 ? "" : "s") + " behind HAProxy");
            tier = ServiceTier.behindHaProxy(nodes, options.run().routing(), repository, serviceJar(),
                    name -> serviceJvmOptions(repository, logs, name), database.url(), pinning.prefix(pinning.service()), logs);
        }
        tier.measuredBy(bench.resources());
        bench.serviceJvms(Math.max(1, nodes));
        if (options.run().profile() && tier.directPid().isPresent()) {
            bench.profileWith(Profiler.attachTo(tier.directPid().get(), logs));
        }
        return tier;
    }

    /**
     * Serial and contention (those of them chosen) against {@code baseUrl}, served by {@code tier} (null: a --target
     * this run did not start, whose version conflicts are not read).
     */
    private TopologyResult measureTopology(Bench bench, String baseUrl, ServiceTier tier, Progress progress, int nodes) {
        double conflictsBefore = tier == null ? Double.NaN : ServiceMetrics.sum(tier.nodeUrls(), VERSION_CONFLICTS);
        SteppedResult serial = null;
        SteppedResult contention = null;
        if (options.runs(SERIAL)) {
            progress.phase("serial: open-model step load" + on(tier));
            serial = new SerialScenario(bench, baseUrl).run();
        }
        if (options.runs(CONTENTION)) {
            progress.phase("contention: many users on a few hot shows" + on(tier));
            contention = new ContentionScenario(bench, baseUrl).run();
        }
        double conflicts = tier == null ? Double.NaN : ServiceMetrics.sum(tier.nodeUrls(), VERSION_CONFLICTS) - conflictsBefore;
        return new TopologyResult(tier == null ? baseUrl : tier.name(), nodes, tier == null ? Double.NaN : tier.startMillis(),
                serial, contention, conflicts);
    }

    private String on(ServiceTier tier) {
        return tier != null && options.run().cluster() ? " (" + tier.name() + ")" : "";
    }

    /**
     * The options `./boxoffice run` uses (service/jvm.options of the checkout at root: this one, or a baseline's), the
     * GC log, then --service-jvm-options, which win.
     * The GC log (one line per collection, with wall-clock time; about a dozen lines a second at the highest rates)
     * lets a latency spike be set beside the service's pauses.
     */
    private List<String> serviceJvmOptions(Path root, Path logDirectory, String name) {
        List<String> jvmOptions = new ArrayList<>();
        try {
            for (String line : Files.readAllLines(root.resolve("service/jvm.options"))) {
                if (!line.isBlank() && !line.strip().startsWith("#")) {
                    jvmOptions.add(line.strip());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not read service/jvm.options", e);
        }
        // Quoted: -Xlog separates its fields with colons, which a run folder's path may contain.
        jvmOptions.add("-Xlog:gc:file=\"" + logDirectory.resolve(name + SERVICE_GC_LOG.substring("boxoffice-service".length()))
                .toAbsolutePath() + "\":time,uptime");
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

    /**
     * An estimate of the run's length, for the progress lines: each rate of a stepped scenario run once (in a variants
     * run, plus a last try per scenario). Repeated and refined steps can take a run past it; a stepped scenario that
     * misses a rate early ends before it.
     */
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
        // With --nodes: 1 node direct, 1 through HAProxy, then the cluster, whose warm-up is one per node
        int topologies = options.run().cluster() ? 3 : 1;
        double warmups = options.run().cluster() ? 2 + options.run().nodes() : 1;
        if (options.runs(SERIAL)) {
            seconds += warmups * warmup + topologies * options.serial().rates().size() * (step + 1);
        }
        if (options.runs(CONTENTION)) {
            seconds += warmups * warmup + topologies * options.contention().rates().size() * (step + 1);
        }
        if (options.runs(JOURNEYS)) {
            seconds += warmup + options.journeys().rates().size() * (step + 1) + 5;
        }
        if (options.runs(VARIANTS)) {
            int stepsPerVariant = options.serial().rates().size() + options.contention().rates().size()
                    + options.journeys().rates().size() + (options.run().profile() ? 1 : 0)
                    + (options.steps().repeatMissed() > 0 ? 3 : 0); // a last try per scenario
            // scenario by scenario, a step of each in turn: each waits up to a few seconds for the previous variant to be idle; 1 s is typical
            seconds += options.variants().names().size() * (15 + 3 * warmup + stepsPerVariant * (step + 2));
        }
        if (options.runs(FAILOVER)) {
            seconds += options.failover().seconds() + 10 + (options.runs(SERIAL) ? 0 : warmup);
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
