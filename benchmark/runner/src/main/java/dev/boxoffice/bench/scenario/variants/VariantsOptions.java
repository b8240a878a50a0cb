package dev.boxoffice.bench.scenario.variants;

import dev.boxoffice.bench.measure.Positive;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Option;

/** Set by the command line (picocli implements it). */
public interface VariantsOptions {

    /** Every variant, reactive being the service itself. */
    List<String> ALL = List.of("reactive", "worker", "virtual-threads", "worker-shared-commit",
            "virtual-threads-shared-commit", "crud-worker", "crud-virtual-threads", "crud-reactive");
    /** The service built from --baseline's revision: its ratios to reactive show what a change did to the service. */
    String BASELINE = "baseline";

    @Option(names = "--variants", split = ",", defaultValue = "reactive,worker,virtual-threads,worker-shared-commit,virtual-threads-shared-commit,crud-worker,crud-virtual-threads,crud-reactive",
            description = "variants: the variants measured, in order (reactive is the service; the others run benchmark/variants)")
    List<String> names();

    @Option(names = "--baseline", description = "variants: a git revision (commit, branch, tag) whose service is built apart"
            + " and measured too, as the variant baseline, right after reactive unless --variants places it: the service"
            + " against it in the same run; 'reference' is the benchmark's fixed reference build, " + Baseline.REFERENCE)
    Optional<String> baseline();

    @Option(names = "--variants-warmup-rate", defaultValue = "1000", converter = Positive.class,
            description = "variants: requests per second of each scenario's warm-up, instead of --warmup-rate (a rate"
                    + " every variant serves: an overloaded warm-up queues for its whole length)")
    double warmupRate();

    @Option(names = "--variants-profile-rate", defaultValue = "1000", converter = Positive.class,
            description = "variants with --profile: the serial rate of one extra step per variant, profiled, so that the"
                    + " flame graphs compare like with like")
    double profileRate();

    @Option(names = "--variants-database-delay-ms", defaultValue = "0",
            description = "variants: milliseconds added to each way between every variant and its PostgreSQL server, by"
                    + " a TCP proxy in the runner (a database on another machine: 0.5 adds a 1 ms round trip); 0, none")
    double databaseDelayMillis();

    /** The variants measured, in order; baseline right after reactive when --baseline names a revision and --variants does not place it. */
    static List<String> measured(VariantsOptions options) {
        List<String> named = options.names().stream().map(String::strip).toList();
        if (options.baseline().isPresent() && !named.contains(BASELINE)) {
            List<String> placed = new ArrayList<>(named);
            placed.add(placed.indexOf("reactive") + 1, BASELINE);
            return List.copyOf(placed);
        }
        return named;
    }

    /** Refuses unknown, repeated or unplaceable variants. */
    static void check(VariantsOptions options) {
        List<String> given = options.names().stream().map(String::strip).toList();
        List<String> known = new ArrayList<>(ALL);
        known.add(BASELINE);
        if (given.isEmpty() || !known.containsAll(given) || given.stream().distinct().count() != given.size()) {
            throw new IllegalArgumentException("--variants must name variants among " + String.join(", ", known) + ", each once");
        }
        if (!(options.databaseDelayMillis() >= 0 && options.databaseDelayMillis() <= 1_000)) {
            throw new IllegalArgumentException("--variants-database-delay-ms must be between 0 and 1000");
        }
        if (given.contains(BASELINE) && options.baseline().isEmpty()) {
            throw new IllegalArgumentException("--variants names baseline: give its revision with --baseline REVISION");
        }
    }
}
