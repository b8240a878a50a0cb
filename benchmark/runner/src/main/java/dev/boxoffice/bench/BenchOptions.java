package dev.boxoffice.bench;

import dev.boxoffice.cluster.Routing;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Command-line options: scenario names, then {@code --name value} (or {@code --name=value}) pairs, parsed and checked
 * once into typed values, so that the code that uses them cannot misspell one. Every option has a default that keeps
 * the full run under ten minutes on a 2-core machine.
 *
 * @param inForce every option's value as given or defaulted, for the report
 */
public record BenchOptions(List<Scenario> scenarios, Run run, Steps steps, Serial serial, Contention contention,
        Journeys journeys, Surge surge, Memory memory, Sweep sweep, Dispatch dispatch, Limits limits, Failover failover,
        Variants variants, Map<String, String> inForce) {

    /** The scenarios in the order they run. */
    public enum Scenario {
        LIMITS, DISPATCH, SERIAL, CONTENTION,
        /** Run only when named (and by variants): arrivals of user journeys in fixed proportions. */
        JOURNEYS,
        SURGE, SWEEP,
        /** Run only when named, with --nodes 2 or more: a node killed under load. */
        FAILOVER,
        /** Run only when named: long, and best with a small heap given in --service-jvm-options. */
        MEMORY,
        /** Run only when named: serial, contention and journeys against each variant of the service in turn. */
        VARIANTS;

        /** Scenarios run only when named. */
        boolean onlyWhenNamed() {
            return this == JOURNEYS || this == FAILOVER || this == MEMORY || this == VARIANTS;
        }

        public String cliName() {
            return name().toLowerCase(Locale.ROOT);
        }

        static Scenario named(String name) {
            return Arrays.stream(values()).filter(s -> s.cliName().equals(name)).findFirst().orElseThrow(() ->
                    new IllegalArgumentException("unknown scenario '" + name + "'; scenarios: "
                            + String.join(", ", Arrays.stream(values()).map(Scenario::cliName).toList())));
        }
    }

    /**
     * How the run is set up.
     *
     * @param target            a running server to measure instead of starting the service, without a trailing slash
     * @param databaseUrl       an external PostgreSQL instead of the embedded one
     * @param cpusService       taskset list of the service's cores, empty for the default
     * @param serviceJvmOptions extra JVM options of the service
     * @param nodes             1: the service alone; more: serial and contention also run against one node direct and
     *                          one node through HAProxy, then every scenario against this many nodes through HAProxy
     */
    public record Run(Path out, Optional<String> target, Optional<String> databaseUrl, Optional<String> cpusService,
            Optional<String> cpusPostgres, Optional<String> cpusLoadgen, boolean noPin, boolean profile,
            List<String> serviceJvmOptions, int nodes, Routing routing) {

        public boolean cluster() {
            return nodes > 1;
        }
    }

    /** The open-model load every stepped scenario shares. */
    public record Steps(double sloMs, double stepSeconds, double warmupSeconds, double warmupRate, int connections,
            int timeoutMs, boolean keepGoing, double refinePercent, int repeatMissed) {

        public boolean warmsUp() {
            return warmupSeconds > 0;
        }
    }

    public record Serial(List<Double> rates, int seats) {
    }

    public record Contention(List<Double> rates, int hotShows, int hotSeats) {
    }

    /**
     * @param rates journeys starting per second, one step each
     * @param mix   the share of each journey, in percent (they add up to 100), in a fixed order
     */
    public record Journeys(List<Double> rates, Map<String, Integer> mix, double thinkMs, int shows, int seats) {

        public static final List<String> NAMES = List.of("browse", "book", "group", "book-cancel", "create");
    }

    /**
     * @param names       the variants measured, in this order (reactive is the service itself)
     * @param warmupRate  the warm-up rate of every variant's scenarios, in requests per second
     * @param profileRate with --profile: the serial rate of the step each variant is profiled at
     * @param baseline    the git revision whose service is measured as the variant named {@link #BASELINE}
     */
    public record Variants(List<String> names, double warmupRate, double profileRate, Optional<String> baseline) {

        public static final List<String> ALL = List.of("reactive", "worker", "virtual-threads", "crud-worker", "crud-reactive");
        /** The service built from --baseline's revision: its ratios to reactive show what a change did to the service. */
        public static final String BASELINE = "baseline";
    }

    /** @param baseRps the serial capacity to multiply, 0 for the one measured in this run */
    public record Surge(double factor, double hotFactor, double seconds, double calmSeconds, int connections, int seats,
            double baseRps, double hotBaseRps) {
    }

    public record Memory(int largeShows, int smallShows, double rate, double largeRate, double reserveRate,
            double reserveSeconds, int connections) {
    }

    public record Sweep(List<Integer> connections, double seconds) {
    }

    public record Dispatch(int connections, double seconds) {
    }

    public record Limits(double seconds, int clients, int batch) {
    }

    /** @param rate reservations per second, 0 for half the serial capacity measured in this run */
    public record Failover(double rate, double seconds, double killAt, double restartAt) {
    }

    private static final Map<String, String[]> OPTIONS = new LinkedHashMap<>();

    static {
        option("out", "",
                "run folder (default bench-results/<date-time>; with the embedded PostgreSQL its path must have no spaces)");
        option("target", "", "benchmark a running server with the same HTTP API instead of starting the service");
        option("database-url", "", "external PostgreSQL (postgresql://user:password@host:port/db) instead of the embedded one");
        option("cpus-service", "", "cores for the service and the hello service (taskset list; default: first half)");
        option("cpus-postgres", "", "cores for PostgreSQL (default: second half)");
        option("cpus-loadgen", "", "cores for the load generator (default: second half)");
        option("no-pin", "false", "do not pin processes to cores");
        option("slo-ms", "50", "p99 bar in milliseconds that a step must meet to count towards capacity");
        option("step-seconds", "15", "duration of each open-model step");
        option("warmup-seconds", "60", "unreported warm-up before the serial and contention steps (lets the JIT compile the hot paths)");
        option("warmup-rate", "3000", "requests per second offered during the warm-up");
        option("connections", "256", "HTTP connections of the open-model load generator (requests beyond them wait in the generator, timed from when they were due)");
        option("timeout-ms", "10000", "a request not answered within this is a timeout");
        option("keep-going", "false", "run every step even after one missed the SLO (default: stop after it)");
        option("refine-percent", "5", "after the steps, halve the gap between the highest rate met and the rate missed above it until the gap is at most this percent of the rate met (0: no refinement)");
        option("repeat-missed", "1", "times a step that missed the SLO is run again at the same rate; the rate counts as missed only if every attempt missed; with repeats, the rate missed just above the capacity gets a last try at the end (0: never)");
        option("serial-rates", "1000,2000,4000,6000,8000,10000,12000,14000,16000,18000,20000,24000,28000",
                "serial: the rates of the steps, requests per second");
        option("seats", "50", "serial: seats per show (a user creates one show, then reserves every seat)");
        option("contention-rates", "1000,2000,4000,6000,8000,10000,12000,14000,16000,20000,24000",
                "contention: the rates of the steps, requests per second (2 per user; retries on 409 come on top)");
        option("hot-shows", "2", "contention: shows that every user competes for");
        option("hot-seats", "500", "contention: seats per hot show (a large hall: with 50, thousands of users a second run out of free seats and retry, which measures seat scarcity, not the hot show)");
        option("journeys-rates", "250,500,1000,1500,2000,3000,4000,6000",
                "journeys: the rates of the steps, journeys started per second (each sends 1 to 7 requests, 2.3 on average with the default mix)");
        option("journeys-mix", "browse:55,book:25,group:10,book-cancel:5,create:5",
                "journeys: share of each journey in percent (browse: list shows, read one; book: read a show, reserve a seat; group: read a show, reserve 2-6 seats one after another; book-cancel: read, reserve, cancel; create: a venue creates a show)");
        option("journeys-think-ms", "200", "journeys: pause between two requests of a journey (a user reading the page)");
        option("journeys-shows", "1000", "journeys: shows created before the steps, which journeys browse and book");
        option("journeys-seats", "100", "journeys: seats per show");
        option("variants", String.join(",", Variants.ALL),
                "variants: the variants measured, in order (reactive is the service; the others run benchmark/variants)");
        option("baseline", "", "variants: a git revision (commit, branch, tag) whose service is built apart and measured too, as the variant baseline, right after reactive unless --variants places it: the service against it in the same run");
        option("variants-warmup-rate", "1000", "variants: requests per second of each scenario's warm-up, instead of --warmup-rate (a rate every variant serves: an overloaded warm-up queues for its whole length)");
        option("variants-profile-rate", "1000", "variants with --profile: the serial rate of one extra step per variant, profiled, so that the flame graphs compare like with like");
        option("surge-factor", "3", "surge: the surge of reservations, as a multiple of the serial capacity");
        option("surge-hot-factor", "2", "surge: the surge on hot shows, as a multiple of the contention capacity");
        option("surge-seconds", "30", "surge: how long each surge lasts");
        option("surge-calm-seconds", "15", "surge: calm (half the capacity) before and after each surge");
        option("surge-connections", "2048", "surge: HTTP connections, opened before the load (a surge brings many buyers at once; the service bounds its connections at 4096)");
        option("surge-seats", "1000", "surge: seats per show of the reservations' pool (shows are created for one reservation per request)");
        option("surge-base-rps", "0", "surge: the serial capacity to multiply (default 0: as measured by serial in this run)");
        option("surge-hot-base-rps", "0", "surge: the contention capacity to multiply (default 0: as measured by contention in this run)");
        option("memory-large-shows", "5000", "memory: shows of 10,000 seats created (and reserved into) first");
        option("memory-small-shows", "1000000", "memory: shows of 50 seats created (and reserved into) next");
        option("memory-rate", "4000", "memory: shows of 50 seats created per second (each followed by a reservation)");
        option("memory-large-rate", "100", "memory: shows of 10,000 seats created per second (each answer lists the whole hall, about 480 KB)");
        option("memory-reserve-rate", "4000", "memory: reservations per second across all shows, last");
        option("memory-reserve-seconds", "30", "memory: how long the reservations across all shows last");
        option("memory-connections", "2048", "memory: HTTP connections (more than the service admits at once, so that it, not the generator, decides what waits)");
        option("sweep-connections", "1,5,10,20,40", "sweep: closed-loop connection counts");
        option("sweep-seconds", "8", "sweep: seconds per level and operation");
        option("dispatch-connections", "40", "dispatch and HTTP limit: closed-loop connections");
        option("dispatch-seconds", "10", "dispatch and HTTP limit: seconds measured per variant (after 5 s of warm-up)");
        option("limits-seconds", "8", "limits: seconds per PostgreSQL append measurement");
        option("limits-clients", "8", "limits: PostgreSQL connections appending at once");
        option("limits-batch", "64", "limits: rows per multi-row INSERT");
        option("profile", "false", "CPU flame graph of the service during the measured serial and contention steps (async-profiler)");
        option("service-jvm-options", "", "extra JVM options for the service (space separated)");
        option("nodes", "1", "service nodes behind HAProxy (2 or more: serial and contention also run against 1 node direct and 1 node through HAProxy, for comparison)");
        option("routing", "hash", "how HAProxy routes with --nodes: hash (each show to one node) or round-robin");
        option("failover-rate", "0", "failover: reservations per second (default 0: half the serial capacity of this run, or 2000)");
        option("failover-seconds", "30", "failover: length of the step");
        option("failover-kill-at", "10", "failover: second of the step at which node 2 is killed (kill -9)");
        option("failover-restart-at", "20", "failover: second of the step at which it is started again");
    }

    private static void option(String name, String defaultValue, String help) {
        OPTIONS.put(name, new String[] {defaultValue, help});
    }

    /**
     * The options of a run as a command line gives them: the scenarios, then every option set to other than its
     * default (the run folder aside), so that a report says how to run it again.
     */
    public static String commandLine(Map<String, String> values) {
        StringBuilder line = new StringBuilder(values.getOrDefault("scenarios", ""));
        OPTIONS.forEach((name, spec) -> {
            String value = values.get(name);
            if (!name.equals("out") && value != null && !value.equals(spec[0])) {
                line.append(" --").append(name).append(value.equals("true") && spec[0].equals("false") ? "" : " " + value);
            }
        });
        return line.toString().strip();
    }

    public static BenchOptions parse(List<String> args) {
        List<Scenario> named = new ArrayList<>();
        Map<String, String> values = new LinkedHashMap<>();
        OPTIONS.forEach((name, spec) -> values.put(name, spec[0]));
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (!arg.startsWith("--")) {
                named.add(Scenario.named(arg));
                continue;
            }
            String name = arg.substring(2);
            String value;
            int equals = name.indexOf('=');
            if (equals >= 0) {
                value = name.substring(equals + 1);
                name = name.substring(0, equals);
            } else if (OPTIONS.containsKey(name) && OPTIONS.get(name)[0].equals("false")) {
                value = "true"; // a flag
            } else if (i + 1 < args.size()) {
                value = args.get(++i);
            } else {
                throw new IllegalArgumentException("option --" + name + " needs a value");
            }
            if (!OPTIONS.containsKey(name)) {
                throw new IllegalArgumentException("unknown option --" + name + "; see ./boxoffice bench --help");
            }
            values.put(name, value);
        }
        List<Scenario> scenarios = Arrays.stream(Scenario.values())
                .filter(named.isEmpty() ? s -> !s.onlyWhenNamed() : named::contains).toList();
        return typed(scenarios, new Values(values));
    }

    private static BenchOptions typed(List<Scenario> scenarios, Values v) {
        var run = new Run(v.outputDirectory(), v.optional("target").map(t -> t.replaceAll("/+$", "")),
                v.optional("database-url"), v.optional("cpus-service"), v.optional("cpus-postgres"),
                v.optional("cpus-loadgen"), v.flag("no-pin"), v.flag("profile"),
                v.optional("service-jvm-options").map(o -> List.of(o.trim().split("\\s+"))).orElse(List.of()),
                v.count("nodes"), Routing.parse(v.values.get("routing")));
        if (scenarios.contains(Scenario.FAILOVER) && !run.cluster()) {
            throw new IllegalArgumentException("failover needs --nodes 2 or more");
        }
        if (scenarios.contains(Scenario.VARIANTS)) {
            if (scenarios.stream().anyMatch(s -> s != Scenario.VARIANTS && s != Scenario.LIMITS && s != Scenario.DISPATCH)) {
                throw new IllegalArgumentException("variants runs serial, contention and journeys against each variant itself;"
                        + " it combines with limits and dispatch only");
            }
            if (run.cluster() || run.target().isPresent()) {
                throw new IllegalArgumentException("variants starts each variant itself, one node: no --nodes, no --target");
            }
        }
        var steps = new Steps(v.positive("slo-ms"), v.positive("step-seconds"), v.number("warmup-seconds"),
                v.positive("warmup-rate"), v.count("connections"), v.count("timeout-ms"), v.flag("keep-going"),
                v.atLeastZero("refine-percent"), v.wholeNumber("repeat-missed", 0));
        var serial = new Serial(v.rates("serial-rates"), v.count("seats"));
        var contention = new Contention(v.rates("contention-rates"), v.count("hot-shows"), v.count("hot-seats"));
        var journeys = new Journeys(v.rates("journeys-rates"), v.mix("journeys-mix"), v.number("journeys-think-ms"),
                v.count("journeys-shows"), v.count("journeys-seats"));
        var variants = variants(v, scenarios.contains(Scenario.VARIANTS));
        var surge = new Surge(v.positive("surge-factor"), v.positive("surge-hot-factor"), v.positive("surge-seconds"),
                v.positive("surge-calm-seconds"), v.count("surge-connections"), v.count("surge-seats"),
                v.number("surge-base-rps"), v.number("surge-hot-base-rps"));
        var memory = new Memory(v.count("memory-large-shows"), v.count("memory-small-shows"), v.positive("memory-rate"),
                v.positive("memory-large-rate"), v.positive("memory-reserve-rate"), v.positive("memory-reserve-seconds"),
                v.count("memory-connections"));
        var sweep = new Sweep(v.counts("sweep-connections"), v.positive("sweep-seconds"));
        var dispatch = new Dispatch(v.count("dispatch-connections"), v.positive("dispatch-seconds"));
        var limits = new Limits(v.positive("limits-seconds"), v.count("limits-clients"), v.count("limits-batch"));
        var failover = new Failover(v.number("failover-rate"), v.positive("failover-seconds"), v.positive("failover-kill-at"),
                v.positive("failover-restart-at"));
        if (!(failover.killAt() < failover.restartAt() && failover.restartAt() < failover.seconds())) {
            throw new IllegalArgumentException("failover: --failover-kill-at < --failover-restart-at < --failover-seconds");
        }
        Map<String, String> inForce = new LinkedHashMap<>(v.values);
        inForce.put("scenarios", String.join(" ", scenarios.stream().map(Scenario::cliName).toList()));
        return new BenchOptions(List.copyOf(scenarios), run, steps, serial, contention, journeys, surge, memory, sweep,
                dispatch, limits, failover, variants, java.util.Collections.unmodifiableMap(inForce));
    }

    /** --variants, with baseline placed right after reactive when --baseline names a revision and --variants does not place it. */
    private static Variants variants(Values v, boolean run) {
        Optional<String> baseline = v.optional("baseline").map(String::strip);
        List<String> names = new ArrayList<>(v.variants("variants"));
        if (baseline.isPresent() && !run) {
            throw new IllegalArgumentException("--baseline is a variant: it needs the variants scenario");
        }
        if (names.contains(Variants.BASELINE) && baseline.isEmpty()) {
            throw new IllegalArgumentException("--variants names baseline: give its revision with --baseline REVISION");
        }
        if (baseline.isPresent() && !names.contains(Variants.BASELINE)) {
            names.add(names.indexOf("reactive") + 1, Variants.BASELINE);
        }
        return new Variants(List.copyOf(names), v.positive("variants-warmup-rate"), v.positive("variants-profile-rate"), baseline);
    }

    public boolean runs(Scenario scenario) {
        return scenarios.contains(scenario);
    }

    /** The option values as text, read and checked once, by {@link #typed}. */
    private record Values(Map<String, String> values) {

        Optional<String> optional(String name) {
            return Optional.of(values.get(name)).filter(value -> !value.isBlank());
        }

        boolean flag(String name) {
            return Boolean.parseBoolean(values.get(name));
        }

        double number(String name) {
            try {
                return Double.parseDouble(values.get(name));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--" + name + " must be a number, not '" + values.get(name) + "'");
            }
        }

        double positive(String name) {
            double value = number(name);
            if (!(value > 0)) {
                throw new IllegalArgumentException("--" + name + " must be greater than 0");
            }
            return value;
        }

        double atLeastZero(String name) {
            double value = number(name);
            if (!(value >= 0)) {
                throw new IllegalArgumentException("--" + name + " must be 0 or more");
            }
            return value;
        }

        /** A whole number >= 1. */
        int count(String name) {
            return wholeNumber(name, 1);
        }

        int wholeNumber(String name, int least) {
            int value;
            try {
                value = Integer.parseInt(values.get(name));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--" + name + " must be a whole number, not '" + values.get(name) + "'");
            }
            if (value < least) {
                throw new IllegalArgumentException("--" + name + " must be a whole number >= " + least);
            }
            return value;
        }

        /** A comma-separated list of request rates, each greater than 0. */
        List<Double> rates(String name) {
            return list(name, Double::parseDouble, rate -> rate > 0, "rates > 0, for example 1000,2000,4000");
        }

        /** name:percent pairs, comma-separated, naming each journey once and adding up to 100. */
        Map<String, Integer> mix(String name) {
            Map<String, Integer> mix = new LinkedHashMap<>();
            Journeys.NAMES.forEach(journey -> mix.put(journey, 0));
            String problem = "--" + name + " must be name:percent pairs adding up to 100, names among "
                    + String.join(", ", Journeys.NAMES) + ", for example " + OPTIONS.get(name)[0];
            for (String pair : values.get(name).split(",")) {
                String[] parts = pair.trim().split(":");
                if (parts.length != 2 || !mix.containsKey(parts[0].trim())) {
                    throw new IllegalArgumentException(problem);
                }
                try {
                    int percent = Integer.parseInt(parts[1].trim());
                    if (percent < 0) {
                        throw new IllegalArgumentException(problem);
                    }
                    mix.put(parts[0].trim(), percent);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(problem);
                }
            }
            if (mix.values().stream().mapToInt(Integer::intValue).sum() != 100) {
                throw new IllegalArgumentException(problem);
            }
            return java.util.Collections.unmodifiableMap(mix);
        }

        /** Variant names, each known and named once. */
        List<String> variants(String name) {
            List<String> names = Arrays.stream(values.get(name).split(",")).map(String::trim).toList();
            List<String> known = new ArrayList<>(Variants.ALL);
            known.add(Variants.BASELINE);
            if (names.isEmpty() || !known.containsAll(names) || names.stream().distinct().count() != names.size()) {
                throw new IllegalArgumentException("--" + name + " must name variants among " + String.join(", ", known)
                        + ", each once");
            }
            return names;
        }

        /** A comma-separated list of whole numbers >= 1. */
        List<Integer> counts(String name) {
            return list(name, Integer::parseInt, count -> count >= 1, "whole numbers >= 1");
        }

        private <T> List<T> list(String name, Function<String, T> parse, Predicate<T> valid, String what) {
            try {
                List<T> items = Arrays.stream(values.get(name).split(",")).map(String::trim).map(parse).toList();
                if (!items.isEmpty() && items.stream().allMatch(valid)) {
                    return items;
                }
            } catch (NumberFormatException e) {
                // reported below, as an empty or invalid list is
            }
            throw new IllegalArgumentException("--" + name + " must be a comma-separated list of " + what);
        }

        Path outputDirectory() {
            return optional("out").map(Path::of).orElseGet(() -> Path.of("bench-results",
                    LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyy-MM-dd_HH-mm-ss"))));
        }
    }

    public static String help() {
        StringBuilder help = new StringBuilder("""
                Usage: ./boxoffice bench [scenario...] [--option value...]
                       ./boxoffice bench compare RUN_FOLDER RUN_FOLDER [RUN_FOLDER...] [--out FOLDER]
                         two runs: side by side with B / A; three or more: each figure's median and spread,
                         and for variants runs the matrix across them (ratios to reactive: median, range)

                Scenarios (default: all but journeys, failover, memory and variants, in this order):
                  limits dispatch serial contention journeys surge sweep failover memory variants
                variants runs serial, contention and journeys against each variant of the service (--variants).
                With --nodes N (2 or more), serial and contention run against 1 node direct, 1 node through HAProxy
                and N nodes through HAProxy; the other scenarios against the N nodes.

                Options:
                """);
        OPTIONS.forEach((name, spec) -> help.append(String.format("  --%-22s %s%s%n", name, spec[1],
                spec[0].isEmpty() || spec[0].equals("false") ? "" : " [" + spec[0] + "]")));
        return help.toString();
    }
}
