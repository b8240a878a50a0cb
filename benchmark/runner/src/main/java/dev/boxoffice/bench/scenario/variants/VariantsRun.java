package dev.boxoffice.bench.scenario.variants;

import dev.boxoffice.bench.measure.Bench;
import dev.boxoffice.bench.measure.Progress;
import dev.boxoffice.bench.measure.StepResult;
import dev.boxoffice.bench.measure.SteppedResult;
import dev.boxoffice.bench.measure.Turn;
import dev.boxoffice.bench.measure.Turns;
import dev.boxoffice.bench.run.Run;
import dev.boxoffice.bench.scenario.contention.ContentionOptions;
import dev.boxoffice.bench.scenario.contention.ContentionScenario;
import dev.boxoffice.bench.scenario.journeys.JourneysLoad;
import dev.boxoffice.bench.scenario.journeys.JourneysOptions;
import dev.boxoffice.bench.scenario.journeys.JourneysResult;
import dev.boxoffice.bench.scenario.serial.SerialLoad;
import dev.boxoffice.bench.scenario.serial.SerialOptions;
import dev.boxoffice.bench.system.Database;
import dev.boxoffice.bench.system.DelayingProxy;
import dev.boxoffice.bench.system.JavaService;
import dev.boxoffice.bench.system.Pinning;
import dev.boxoffice.bench.system.ProcessTree;
import dev.boxoffice.bench.system.Profiler;
import dev.boxoffice.bench.system.Resources;
import dev.boxoffice.bench.system.ServiceTier;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Supplier;

/**
 * The variants scenario: every variant in a JVM of its own on the service's cores, serial, contention and journeys
 * against each, then with --profile one more serial step at the profile rate, profiled, so that every variant's flame
 * graph is taken at the same rate.
 *
 * <p>On the embedded database every variant has a PostgreSQL server of its own (a new cluster, its WAL prepared as
 * the first one's), so that none inherits the tables, WAL, checkpoints and autovacuum work of another. All of them are
 * started first and measured in turns, scenario by scenario, a step of each variant in turn: on a shared host whose
 * speed drifts over tens of minutes, a variant measured after another would be measured in another hour, and the
 * ratios between them would be the hour's.
 * An external database is shared by all variants, so they are measured one after another, in the order given.
 */
public final class VariantsRun {

    private final Run run;
    private final VariantsOptions options;
    private final Path repository;
    private final Baseline baseline; // null without --baseline

    /** A variant running: its own PostgreSQL server (null on a shared one), its JVM, and what the report says of it. */
    private record Started(String name, Database ownDatabase, DelayingProxy delay, ServiceTier tier, double idleRssMiB,
            String settings) {
    }

    private record Measured(SteppedResult serial, SteppedResult contention, JourneysResult journeys) {
    }

    private record Profiled(String flameGraph, StepResult step) {
        static final Profiled NONE = new Profiled(null, null);
    }

    VariantsRun(Run run, VariantsOptions options, Baseline baseline) {
        this.run = run;
        this.options = options;
        this.repository = run.repository();
        this.baseline = baseline;
    }

    /** The log of the PostgreSQL server that a variant of a variants run has to itself. */
    public static String variantLogFileName(String variant) {
        return "postgresql-variant-" + variant + ".log";
    }

    /** Measures every variant: in turns, each on a server of its own, unless --database-url names one they share. */
    List<VariantResult> measure() {
        Pinning pinning = run.pinning();
        return run.runOptions().databaseUrl().isPresent()
                ? oneAfterAnother(run.database().get(), pinning, run.bench(), run.progress())
                : inTurns(pinning, run.bench(), run.progress());
    }

    private List<VariantResult> inTurns(Pinning pinning, Bench bench, Progress progress) {
        List<Started> started = new ArrayList<>();
        try {
            for (String variant : VariantsOptions.measured(options)) {
                started.add(start(variant, null, pinning, bench, progress));
            }
            List<SteppedResult> serial = eachInTurns(started, bench, progress, "serial", this::serial);
            List<SteppedResult> contention = eachInTurns(started, bench, progress, "contention", this::contention);
            List<JourneysResult> journeys = eachInTurns(started, bench, progress, "journeys", this::journeys);
            List<VariantResult> results = new ArrayList<>();
            for (int i = 0; i < started.size(); i++) {
                Measured measured = new Measured(serial.get(i), contention.get(i), journeys.get(i));
                results.add(result(started.get(i), measured, profile(started.get(i), bench, progress)));
            }
            return results;
        } finally {
            started.reversed().forEach(VariantsRun::stop);
        }
    }

    /**
     * One scenario against every variant, a step of each in turn; the next scenario starts when every variant has
     * finished this one, so that each scenario's ratios are measured in the same minutes of the host. A variant not
     * in its turn is held still (its JVM and its PostgreSQL server stopped with SIGSTOP), so that its background work
     * falls in its own steps, not in another variant's.
     */
    private static <T> List<T> eachInTurns(List<Started> started, Bench bench, Progress progress, String scenario,
            BiFunction<Bench, String, T> measure) {
        List<String> names = started.stream().map(Started::name).toList();
        progress.phase("variants: " + scenario + ", a step of each variant in turn, the others held still (" + String.join(", ", names) + ")");
        Turns turns = new Turns();
        List<Supplier<T>> tasks = new ArrayList<>();
        for (Started variant : started) {
            Runnable coming = () -> {
                resume(variant);
                measuredBy(variant, bench.resources());
            };
            Turn turn = new Turn(turns, () -> holdStill(variant), coming);
            tasks.add(() -> {
                coming.run();
                try {
                    return measure.apply(bench.forVariant(variant.name(), turn), variant.tier().baseUrl());
                } finally {
                    holdStill(variant); // done with this scenario: still while the others finish it
                }
            });
        }
        started.forEach(VariantsRun::holdStill);
        try {
            return turns.run(names, tasks);
        } finally {
            started.forEach(VariantsRun::resume);
        }
    }

    private static void holdStill(Started variant) {
        variant.tier().directPid().ifPresent(ProcessTree::stop);
        variant.ownDatabase().postmasterPid().ifPresent(ProcessTree::stop);
    }

    private static void resume(Started variant) {
        variant.ownDatabase().postmasterPid().ifPresent(ProcessTree::resume);
        variant.tier().directPid().ifPresent(ProcessTree::resume);
    }

    private List<VariantResult> oneAfterAnother(Database shared, Pinning pinning, Bench bench, Progress progress) {
        List<VariantResult> results = new ArrayList<>();
        for (String variant : VariantsOptions.measured(options)) {
            Started started = start(variant, shared, pinning, bench, progress);
            try {
                Measured measured = scenarios(bench.forVariant(variant, null), started.tier().baseUrl());
                results.add(result(started, measured, profile(started, bench, progress)));
            } finally {
                stop(started);
            }
        }
        return results;
    }

    /** Starts the variant's JVM, on a server of its own unless {@code shared} is given; waits until it serves. */
    private Started start(String variant, Database shared, Pinning pinning, Bench bench, Progress progress) {
        Database own = null;
        if (shared == null) {
            progress.phase("variant " + variant + ": starting a PostgreSQL server of its own");
            own = Database.startEmbedded(bench.logDirectory(), variantLogFileName(variant), pinning,
                    run.runOptions().walSegmentsAhead());
            run.startedServer(own);
        }
        try {
            return startJvm(variant, own == null ? shared : own, own, pinning, bench, progress);
        } catch (RuntimeException e) {
            if (own != null) {
                own.close();
            }
            throw e;
        }
    }

    private Started startJvm(String variant, Database database, Database own, Pinning pinning, Bench bench, Progress progress) {
        progress.phase("variant " + variant + ": starting it");
        Path logs = bench.logDirectory();
        boolean isBaseline = variant.equals(VariantsOptions.BASELINE);
        // The baseline starts with the JVM options of its own revision: a change to them is a change measured.
        List<String> jvm = new ArrayList<>(run.serviceJvmOptions(isBaseline ? baseline.root() : repository, "variant-" + variant));
        // Only the service's jar has an AOT cache (it shortens start and warm-up): every variant starts without one,
        // so that their start times compare like with like.
        jvm.removeIf(option -> option.startsWith("-XX:AOTCache="));
        Path jar = isBaseline ? baseline.serviceJar() : variant.equals(VariantSettings.SERVICE) ? run.serviceJar()
                : repository.resolve("benchmark/variants/target/quarkus-app/quarkus-run.jar").toAbsolutePath().normalize();
        List<String> overrides = run.runOptions().serviceJvmOptions();
        boolean besideOtherVariants = VariantsOptions.measured(options).stream()
                .anyMatch(other -> !other.equals(VariantSettings.SERVICE) && !other.equals(VariantsOptions.BASELINE));
        Map<String, String> properties = VariantSettings.of(variant, besideOtherVariants);
        String settings = isBaseline
                ? baseline.describe() + ", " + VariantSettings.describe(VariantSettings.SERVICE, baseline.root(), overrides)
                : VariantSettings.describe(variant, repository, overrides)
                        + (properties.containsKey(VariantSettings.HOT_WRITES_ON_THE_ROUTER)
                                ? "; every write through the REST layer, as every variant's" : "");
        DelayingProxy delay = delayTo(database);
        String url = delay == null ? database.url() : delay.urlThrough(database.url());
        if (delay != null) {
            settings += String.format("; the database %s ms away each way (a delaying proxy)", options.databaseDelayMillis());
        }
        ServiceTier tier;
        try {
            tier = ServiceTier.direct(variant, JavaService.start("variant-" + variant, jar, jvm, properties,
                    Map.of("DATABASE_URL", url), pinning.servicePrefix(), logs, "/q/health/ready"));
        } catch (RuntimeException e) {
            if (delay != null) {
                delay.close();
            }
            throw e;
        }
        measuredBy(tier, own, bench.resources());
        bench.serviceJvms(1);
        JavaService.sleep(2000);
        double idleRss = bench.resources().serviceRssMiB();
        progress.info(String.format("%s up: %.0f ms to first served request, idle RSS %.0f MiB", variant, tier.startMillis(), idleRss));
        return new Started(variant, own, delay, tier, idleRss, settings);
    }

    /** A proxy that delays every byte to and from the database, when --variants-database-delay-ms asks for one. */
    private DelayingProxy delayTo(Database database) {
        double millis = options.databaseDelayMillis();
        return millis == 0 ? null : DelayingProxy.start(DelayingProxy.targetOf(database.url()),
                Duration.ofNanos(Math.round(millis * 1_000_000)));
    }

    private static void measuredBy(Started variant, Resources resources) {
        measuredBy(variant.tier(), variant.ownDatabase(), resources);
    }

    /** Points the resource probe at a variant's JVM and, if it has one of its own, its PostgreSQL server. */
    private static void measuredBy(ServiceTier tier, Database ownDatabase, Resources resources) {
        tier.measuredBy(resources);
        if (ownDatabase != null) {
            ownDatabase.postmasterPid().ifPresent(resources::database);
        }
    }

    private Measured scenarios(Bench bench, String baseUrl) {
        return new Measured(serial(bench, baseUrl), contention(bench, baseUrl), journeys(bench, baseUrl));
    }

    private SteppedResult serial(Bench bench, String baseUrl) {
        bench.progress().phase("serial");
        return new SerialLoad(bench, baseUrl, run.options(SerialOptions.class)).run("serial");
    }

    private SteppedResult contention(Bench bench, String baseUrl) {
        bench.progress().phase("contention");
        return ContentionScenario.measure(bench, baseUrl, run.options(ContentionOptions.class));
    }

    private JourneysResult journeys(Bench bench, String baseUrl) {
        bench.progress().phase("journeys");
        // The variants implement the reference API, without holds; so does a baseline built before them.
        return new JourneysLoad(bench, baseUrl, JourneysOptions.seedApi(run.options(JourneysOptions.class))).run();
    }

    private Profiled profile(Started variant, Bench bench, Progress progress) {
        if (!run.runOptions().profile() || variant.tier().directPid().isEmpty()) {
            return Profiled.NONE;
        }
        measuredBy(variant, bench.resources());
        double rate = options.profileRate();
        progress.phase("variant " + variant.name() + ": serial at " + Math.round(rate) + " req/s, profiled");
        bench.profileWith(Profiler.attachTo(variant.tier().directPid().get(), bench.logDirectory()));
        try {
            StepResult step = bench.profiled("variant-" + variant.name(), () -> new SerialLoad(
                    bench.forVariant(variant.name(), null), variant.tier().baseUrl(), run.options(SerialOptions.class))
                    .measure("serial", "profiled", rate, bench.steps().stepSeconds()));
            return new Profiled("profile-variant-" + variant.name() + ".html", step);
        } finally {
            bench.profileWith(null);
        }
    }

    private static VariantResult result(Started variant, Measured measured, Profiled profiled) {
        List<StepResult> steps = new ArrayList<>(measured.serial().steps());
        steps.addAll(measured.contention().steps());
        steps.addAll(measured.journeys().stepped().steps());
        double maxRss = steps.stream().mapToDouble(StepResult::serviceRssMiB).filter(v -> !Double.isNaN(v)).max().orElse(Double.NaN);
        return new VariantResult(variant.name(), variant.settings(), variant.tier().startMillis(), variant.idleRssMiB(), maxRss,
                measured.serial(), measured.contention(), measured.journeys(), profiled.flameGraph(), profiled.step());
    }

    private static void stop(Started variant) {
        variant.tier().close();
        if (variant.delay() != null) {
            variant.delay().close();
        }
        if (variant.ownDatabase() != null) {
            variant.ownDatabase().close();
        }
    }
}
