package dev.boxoffice.bench.run;

import dev.boxoffice.bench.measure.Positive;
import dev.boxoffice.cluster.Routing;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Option;

/** How the run is set up: where it writes, what it measures and where each process runs. */
public final class RunOptions {

    @Option(names = "--out", description = "run folder (default bench-results/<date-time>; with the embedded PostgreSQL"
            + " its path must have no spaces)")
    Path out;

    @Option(names = "--target", description = "benchmark a running server with the same HTTP API instead of starting the service")
    String target;

    @Option(names = "--database-url", description = "external PostgreSQL (postgresql://user:password@host:port/db)"
            + " instead of the embedded one")
    String databaseUrl;

    @Option(names = "--cpus-service", description = "cores for the service and the hello service (taskset list; default: first half)")
    String cpusService;

    @Option(names = "--cpus-postgres", description = "cores for PostgreSQL (default: second half)")
    String cpusPostgres;

    @Option(names = "--cpus-loadgen", description = "cores for the load generator (default: second half)")
    String cpusLoadgen;

    @Option(names = "--no-pin", description = "do not pin processes to cores")
    boolean noPin;

    @Option(names = "--service-cpus", converter = Positive.class, description = "a CPU quota for each service process,"
            + " in cores (for example 0.5): a cgroup's CFS quota, as a container's CPU limit sets it, so that overload"
            + " scenarios overload the service, not the load generator; needs a writable cgroup (root)")
    Double serviceCpus;

    @Option(names = "--wal-segments-ahead", defaultValue = "64", converter = Positive.CountOrZero.class,
            description = "WAL segments (16 MB each) the embedded PostgreSQL makes and releases for reuse before it"
                    + " serves, so that no measured commit waits while a new segment is made (default: ${DEFAULT-VALUE},"
                    + " more than the default runs write; a run of a few seconds needs 1 or 2)")
    int walSegmentsAhead;

    @Option(names = "--profile", description = "CPU flame graph of the service during the measured serial and"
            + " contention steps (async-profiler)")
    boolean profile;

    @Option(names = "--service-jvm-options", description = "extra JVM options for the service (space separated)")
    String serviceJvmOptions;

    @Option(names = "--nodes", defaultValue = "1", converter = Positive.Count.class, description = "service nodes behind"
            + " HAProxy (2 or more: serial and contention also run against 1 node direct and 1 node through HAProxy,"
            + " for comparison)")
    int nodes;

    @Option(names = "--routing", defaultValue = "hash", converter = RoutingConverter.class,
            description = "how HAProxy routes with --nodes: hash (each show to one node) or round-robin")
    Routing routing;

    @Option(names = "--runs", defaultValue = "1", converter = Positive.Count.class, description = "run the whole"
            + " selection this many times, each into a folder of its own in the run folder (run-1, run-2...), then"
            + " compare them there as ./boxoffice bench compare does: with variants, the median of the runs' ratios"
            + " and their spread")
    int runs;

    private final Path defaultOut = Path.of("bench-results",
            LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyy-MM-dd_HH-mm-ss")));

    public Path out() {
        return out == null ? defaultOut : out;
    }

    public int runs() {
        return runs;
    }

    /** From now on the run writes into {@code folder}: one of the repeated runs of --runs. */
    public void writeInto(Path folder) {
        out = folder;
    }

    /** A running server to measure instead of starting the service, without a trailing slash. */
    public Optional<String> target() {
        return text(target).map(t -> t.replaceAll("/+$", ""));
    }

    public Optional<String> databaseUrl() {
        return text(databaseUrl);
    }

    public Optional<String> cpusService() {
        return text(cpusService);
    }

    public Optional<String> cpusPostgres() {
        return text(cpusPostgres);
    }

    public Optional<String> cpusLoadgen() {
        return text(cpusLoadgen);
    }

    public Optional<Double> serviceCpus() {
        return Optional.ofNullable(serviceCpus);
    }

    public boolean noPin() {
        return noPin;
    }

    public int walSegmentsAhead() {
        return walSegmentsAhead;
    }

    public boolean profile() {
        return profile;
    }

    public List<String> serviceJvmOptions() {
        return text(serviceJvmOptions).map(o -> List.of(o.trim().split("\\s+"))).orElse(List.of());
    }

    public int nodes() {
        return nodes;
    }

    public Routing routing() {
        return routing;
    }

    /** Several nodes behind HAProxy. */
    public boolean cluster() {
        return nodes > 1;
    }

    private static Optional<String> text(String value) {
        return Optional.ofNullable(value).filter(v -> !v.isBlank());
    }

    /** hash or round-robin. */
    static final class RoutingConverter implements picocli.CommandLine.ITypeConverter<Routing> {
        @Override
        public Routing convert(String value) {
            return Routing.parse(value);
        }
    }
}
