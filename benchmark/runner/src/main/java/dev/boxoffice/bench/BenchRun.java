package dev.boxoffice.bench;

import dev.boxoffice.bench.client.ServiceMetrics;
import dev.boxoffice.bench.client.ShowsApi;
import dev.boxoffice.bench.measure.Bench;
import dev.boxoffice.bench.measure.Progress;
import dev.boxoffice.bench.measure.StepResult;
import dev.boxoffice.bench.measure.SteppedResult;
import dev.boxoffice.bench.run.Machine;
import dev.boxoffice.bench.run.Run;
import dev.boxoffice.bench.run.RunOptions;
import dev.boxoffice.bench.run.RunResult;
import dev.boxoffice.bench.run.Scenario;
import dev.boxoffice.bench.run.Selection;
import dev.boxoffice.bench.run.ServiceFacts;
import dev.boxoffice.bench.run.Target;
import dev.boxoffice.bench.run.TopologyResult;
import dev.boxoffice.bench.system.CpuQuota;
import dev.boxoffice.bench.system.Cpus;
import dev.boxoffice.bench.system.Database;
import dev.boxoffice.bench.system.JavaService;
import dev.boxoffice.bench.system.Pinning;
import dev.boxoffice.bench.system.Profiler;
import dev.boxoffice.bench.system.Resources;
import dev.boxoffice.bench.system.ServiceTier;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One benchmark run: pins the processes, runs the chosen scenarios in their order against what each needs (started
 * once for all of them: PostgreSQL, the service, or several nodes and HAProxy), stops everything, writes the run folder.
 */
final class BenchRun {

    private static final String VERSION_CONFLICTS = "boxoffice_version_conflicts_total";

    private final Selection selection;
    private final Path repository;
    private final RunOptions options;
    private final List<String> notes = new ArrayList<>();
    private final Map<String, Object> results = new LinkedHashMap<>();
    private final List<TopologyResult> topologies = new ArrayList<>();
    private final AtomicReference<String> postgres = new AtomicReference<>();
    private Database database;
    private ServiceFacts facts;

    BenchRun(Selection selection, Path repository) {
        this.selection = selection;
        this.repository = repository;
        this.options = selection.run();
    }

    RunResult run() {
        Path out = options.out();
        Pinning pinning = pinning();
        pinning.pin(ProcessHandle.current().pid(), pinning.loadGenerator());
        Progress progress = new Progress(System.out, plannedSeconds());
        progress.phase("BoxOffice benchmark: " + String.join(", ", selection.names()) + " -> " + out.toAbsolutePath());
        progress.info(pinning.describe());
        String started = OffsetDateTime.now().toString();
        try (Bench bench = new Bench(selection.steps(), new Resources(), out, progress)) {
            Run run = new Run(selection, bench, repository, pinning, null, null, () -> database(pinning, bench),
                    results, notes, postgres);
            boolean servicePhaseDone = false;
            for (Scenario<?> scenario : selection.scenarios()) {
                if (scenario.target() == Target.OWN) {
                    measure(scenario, run);
                } else if (!servicePhaseDone) {
                    measureTheService(run);
                    servicePhaseDone = true;
                }
            }
            RunResult result = new RunResult(started, progress.elapsedSeconds(),
                    Machine.describe(Objects.requireNonNullElse(postgres.get(), "not used")), pinning, selection.values(),
                    facts, results, topologies, notes);
            RunReport.write(result, out);
            progress.phase("done in " + Math.round(progress.elapsedSeconds()) + " s");
            System.out.println();
            System.out.println(RunReport.summary(result));
            System.out.println("Report: " + out.resolve("report.html").toAbsolutePath());
            return result;
        } finally {
            if (database != null) {
                database.close();
            }
            if (pinning.serviceQuota() != null) {
                pinning.serviceQuota().close();
            }
        }
    }

    private void measure(Scenario<?> scenario, Run run) {
        results.put(scenario.name(), runOne(scenario, run));
    }

    private Object runOne(Scenario<?> scenario, Run run) {
        run.progress().phase(scenario.name() + ": " + scenario.summary() + on(run.tier()));
        return scenario.run(run);
    }

    /**
     * Every scenario measured against the service, against one tier started once: the service, N nodes behind
     * HAProxy, or --target. With several nodes, those measured in every topology run first against one node direct
     * and one node through HAProxy.
     */
    private void measureTheService(Run run) {
        List<Scenario<?>> scenarios = selection.scenarios().stream().filter(s -> s.target() != Target.OWN).toList();
        if (options.target().isPresent()) {
            String target = options.target().get();
            facts = new ServiceFacts(target, Double.NaN, Double.NaN, Double.NaN, "");
            run.note("--target " + target + ": the service was not started by this run; its CPU and RSS are not measured.");
            scenarios.forEach(scenario -> measure(scenario, run.against(null, target)));
            return;
        }
        if (options.cluster()) {
            for (int nodes = 0; nodes < 2; nodes++) {
                try (ServiceTier tier = startTier(nodes, run)) {
                    topologies.add(measureTopology(run.against(tier, tier.baseUrl()), scenarios, false));
                }
            }
        }
        try (ServiceTier tier = startTier(options.cluster() ? options.nodes() : 0, run)) {
            JavaService.sleep(2000);
            double idleRss = run.bench().resources().serviceRssMiB();
            run.progress().info(String.format("%s up: %.0f ms to first served request, idle RSS %.0f MiB", tier.name(),
                    tier.startMillis(), idleRss));
            Run onTier = run.against(tier, tier.baseUrl());
            TopologyResult measured = measureTopology(onTier, scenarios, true);
            if (options.cluster()) {
                topologies.add(measured);
            }
            scenarios.stream().filter(s -> s.target() == Target.SERVICE).forEach(scenario -> measure(scenario, onTier));
            facts = new ServiceFacts(tier.baseUrl(), tier.startMillis(), idleRss, maxRss(scenarios),
                    String.join(" ", run.serviceJvmOptions(repository, "boxoffice-service")));
        }
    }

    /**
     * The scenarios measured in every topology, against {@code run}'s tier; against the run's own tier ({@code main})
     * their results are the run's too, against a topology it compares with only that topology's.
     */
    private TopologyResult measureTopology(Run run, List<Scenario<?>> scenarios, boolean main) {
        ServiceTier tier = run.tier();
        double conflictsBefore = ServiceMetrics.sum(tier.nodeUrls(), VERSION_CONFLICTS);
        Map<String, SteppedResult> stepped = new LinkedHashMap<>();
        for (Scenario<?> scenario : scenarios) {
            if (scenario.target() == Target.SERVICE_IN_EVERY_TOPOLOGY) {
                Object result = runOne(scenario, run);
                if (main) {
                    results.put(scenario.name(), result);
                }
                if (result instanceof SteppedResult steps) {
                    stepped.put(scenario.name(), steps);
                }
            }
        }
        double conflicts = ServiceMetrics.sum(tier.nodeUrls(), VERSION_CONFLICTS) - conflictsBefore;
        return new TopologyResult(tier.name(), Math.max(1, tier.nodes().size()), tier.startMillis(), stepped, conflicts);
    }

    /**
     * Starts what the scenarios measure, on the service's cores: with {@code nodes} 0 the service alone, addressed
     * directly; otherwise that many nodes behind HAProxy.
     */
    private ServiceTier startTier(int nodes, Run run) {
        Bench bench = run.bench();
        Path logs = bench.logDirectory();
        String databaseUrl = run.database().get().url();
        ServiceTier tier;
        if (nodes == 0) {
            run.progress().phase("starting the BoxOffice service");
            tier = ServiceTier.direct(JavaService.start("boxoffice-service", run.serviceJar(),
                    run.serviceJvmOptions(repository, "boxoffice-service"), Map.of(),
                    Map.of("DATABASE_URL", databaseUrl, "BOXOFFICE_ADMIN_TOKEN", ShowsApi.ADMIN_TOKEN),
                    run.pinning().servicePrefix(), logs, "/q/health/ready"));
        } else {
            run.progress().phase("starting " + nodes + " BoxOffice node" + (nodes == 1 ? "" : "s") + " behind HAProxy");
            tier = ServiceTier.behindHaProxy(nodes, options.routing(), repository, run.serviceJar(),
                    name -> run.serviceJvmOptions(repository, name), databaseUrl,
                    run.pinning().servicePrefix(), run.pinning().edgePrefix(), logs);
        }
        tier.measuredBy(bench.resources());
        bench.serviceJvms(Math.max(1, nodes));
        bench.profileWith(options.profile() ? tier.directPid().map(pid -> Profiler.attachTo(pid, logs)).orElse(null) : null);
        return tier;
    }

    /** The run's PostgreSQL, started on first use: the embedded one, or --database-url's. */
    private Database database(Pinning pinning, Bench bench) {
        if (database == null) {
            if (options.databaseUrl().isPresent()) {
                String url = options.databaseUrl().get();
                bench.progress().info("PostgreSQL: " + url.replaceAll("//[^@/]*@", "//***@"));
                database = Database.external(url);
                notes.add("External PostgreSQL: not pinned, its CPU is not measured.");
            } else {
                Path logs = bench.logDirectory();
                database = Database.startEmbedded(logs, Database.LOG_FILE_NAME, pinning, options.walSegmentsAhead());
                bench.progress().info("PostgreSQL: embedded, data in " + database.dataDirectory().orElseThrow()
                        + " (fsync on, synchronous_commit on), its log in " + logs.resolve(Database.LOG_FILE_NAME));
            }
            database.postmasterPid().ifPresent(bench.resources()::database);
            postgres.compareAndSet(null, database.serverVersion(bench.vertx()));
        }
        return database;
    }

    /** Where each process runs, and the service's CPU quota (--service-cpus). */
    private Pinning pinning() {
        Pinning pinning = cores();
        return options.serviceCpus().map(cpus -> pinning.withServiceQuota(CpuQuota.create(cpus))).orElse(pinning);
    }

    private Pinning cores() {
        if (options.noPin()) {
            return Pinning.disabled();
        }
        if (!Pinning.tasksetAvailable()) {
            System.out.println("taskset not found: processes are not pinned (install util-linux to pin them)");
            return Pinning.disabled();
        }
        Pinning defaults = Pinning.defaults(Cpus.onlineCpus());
        return new Pinning(options.cpusService().orElse(defaults.service()), options.cpusPostgres().orElse(defaults.postgres()),
                options.cpusLoadgen().orElse(defaults.loadGenerator()), true, null);
    }

    /** The largest resident set of the service over the steps of the scenarios measured against it. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private double maxRss(List<Scenario<?>> scenarios) {
        return scenarios.stream().filter(s -> results.containsKey(s.name()))
                .flatMap(s -> ((Scenario) s).steps(results.get(s.name())).stream())
                .mapToDouble(step -> ((StepResult) step).serviceRssMiB()).filter(v -> !Double.isNaN(v)).max().orElse(Double.NaN);
    }

    private String on(ServiceTier tier) {
        return tier != null && options.cluster() ? " (" + tier.name() + ")" : "";
    }

    /**
     * An estimate of the run's length, for the progress lines: each scenario's own, those measured in every topology
     * three times with several nodes, and a warm-up per node.
     */
    private double plannedSeconds() {
        double seconds = 5;
        for (Scenario<?> scenario : selection.scenarios()) {
            double own = scenario.plannedSeconds(selection);
            boolean everyTopology = scenario.target() == Target.SERVICE_IN_EVERY_TOPOLOGY && options.cluster();
            seconds += everyTopology ? 3 * own + (1 + options.nodes()) * selection.steps().warmupSeconds() : own;
        }
        return seconds;
    }
}
