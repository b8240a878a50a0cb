package dev.boxoffice.bench.run;

import dev.boxoffice.bench.measure.Bench;
import dev.boxoffice.bench.measure.Progress;
import dev.boxoffice.bench.system.Database;
import dev.boxoffice.bench.system.Pinning;
import dev.boxoffice.bench.system.ServiceLaunch;
import dev.boxoffice.bench.system.ServiceTier;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * What a scenario sees while it runs: the options, the step runner, what it is measured against, the results of the
 * scenarios before it in this run, and the run's notes.
 *
 * @param tier     the service tier it is measured against; null when the scenario starts its own, or with --target
 * @param baseUrl  where that service answers (the tier's, or --target's); null when the scenario starts its own
 * @param database the run's PostgreSQL, started on first use
 * @param earlier  the results of the scenarios that ran before, by name
 * @param postgres the version of the PostgreSQL measured, for the report: set by whoever starts a server first
 */
public record Run(Selection selection, Bench bench, Path repository, Pinning pinning, ServiceTier tier, String baseUrl,
        Supplier<Database> database, Map<String, Object> earlier, List<String> notes, AtomicReference<String> postgres) {

    public <O> O options(Class<O> type) {
        return selection.options(type);
    }

    public RunOptions runOptions() {
        return selection.run();
    }

    public Progress progress() {
        return bench.progress();
    }

    /** The result of an earlier scenario of this run; null when it did not run (yet). */
    public <T> T earlier(String scenario, Class<T> type) {
        Object result = earlier.get(scenario);
        return type.isInstance(result) ? type.cast(result) : null;
    }

    /** A line for the report's notes, also shown on the console. */
    public void note(String note) {
        progress().info(note);
        notes.add(note);
    }

    /** The options `./boxoffice run` uses for the service of {@code checkout} (this one, or a baseline's), then --service-jvm-options. */
    public List<String> serviceJvmOptions(Path checkout, String name) {
        return ServiceLaunch.jvmOptions(checkout, bench.logDirectory(), name, runOptions().profile(),
                runOptions().serviceJvmOptions());
    }

    /** Records the version of a PostgreSQL server this run started, unless one was recorded before. */
    public void startedServer(Database database) {
        if (postgres.get() == null) {
            postgres.compareAndSet(null, database.serverVersion(bench.vertx()));
        }
    }

    /** This checkout's service jar. */
    public Path serviceJar() {
        return ServiceLaunch.serviceJar(repository);
    }

    /** The same run, measured against {@code tier} at {@code baseUrl}. */
    public Run against(ServiceTier tier, String baseUrl) {
        return new Run(selection, bench, repository, pinning, tier, baseUrl, database, earlier, notes, postgres);
    }
}
