package dev.boxoffice.bench.scenario.hall;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.boxoffice.bench.measure.StepOptions;
import dev.boxoffice.bench.system.Pinning;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Best available decided in the domain alone, without HTTP or a database: the JMH benchmarks of
 * {@code benchmark/decisions}, in a JVM of its own on the service's cores while no service works. On a stadium of the
 * run's stadium size nine seats in ten sold at random (sixteen halls sold differently), each count of seats together
 * in a fork of its own; {@value #REFUSED} together or more is always refused on such a hall, so the whole hall is
 * searched and counted. Then the on-sale's decision: one seat after another on a hall of the scenario's size, filled from the
 * stage to {@value #ON_SALE_PERCENT} %.
 */
final class DomainDecisions {

    static final String JAR = "benchmark/decisions/target/boxoffice-decisions.jar";
    static final String BENCHMARKS = "BestAvailable(Decision|OnSale)";
    static final String SOLD_AT_RANDOM = "sold at random, 9 in 10";
    static final String ON_SALE = "on sale, filled from the stage";
    static final int ON_SALE_PERCENT = 55; // as the benchmark's default: about what a step's buyers buy at capacity
    static final int REFUSED = 8;
    private static final ObjectMapper JSON = new ObjectMapper();

    private DomainDecisions() {
    }

    static List<HallResult.Decisions> run(Path repository, Pinning pinning, StepOptions steps, int seats,
            List<Integer> together, int hallSeats, Path logDirectory) {
        Path jar = repository.resolve(JAR);
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " is missing; build it with ./boxoffice build");
        }
        Path results = logDirectory.resolve("decisions.json");
        int warmup = warmupSeconds(steps);
        int measure = measureSeconds(steps);
        String counts = together.stream().map(String::valueOf).collect(Collectors.joining(","));
        List<String> command = new ArrayList<>(pinning.prefix(pinning.service()));
        command.addAll(List.of(ProcessHandle.current().info().command().orElse("java"), "-jar", jar.toString(),
                BENCHMARKS, "-f", "1", "-wi", "1", "-w", warmup + "s", "-i", "2", "-r", measure + "s",
                "-p", "seats=" + seats, "-p", "together=" + counts, "-p", "hallSeats=" + hallSeats,
                "-rf", "json", "-rff", results.toString()));
        try {
            Files.createDirectories(logDirectory);
            Process process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(logDirectory.resolve("decisions.log").toFile()).start();
            long limitSeconds = 4 * (long) plannedSeconds(steps, together.size());
            if (!process.waitFor(limitSeconds, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException("the domain's decisions took over " + limitSeconds + " s; see decisions.log");
            }
            if (process.exitValue() != 0) {
                throw new IllegalStateException("the domain's decisions failed (exit " + process.exitValue() + "); see decisions.log");
            }
            return read(Files.readString(results));
        } catch (IOException e) {
            throw new IllegalStateException("could not run the domain's decisions", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** A fork per count and one for the on-sale, each selling its halls first (a few seconds), warming up once and measuring twice. */
    static double plannedSeconds(StepOptions steps, int counts) {
        return (counts + 1) * (5 + warmupSeconds(steps) + 2 * measureSeconds(steps));
    }

    private static int warmupSeconds(StepOptions steps) {
        return Math.max(1, Math.min(10, (int) steps.warmupSeconds()));
    }

    private static int measureSeconds(StepOptions steps) {
        return Math.max(1, (int) steps.stepSeconds() / 2);
    }

    /** JMH's JSON results: one per hall and count of seats together, its sampled times in microseconds. */
    static List<HallResult.Decisions> read(String json) throws IOException {
        List<HallResult.Decisions> decisions = new ArrayList<>();
        for (JsonNode result : JSON.readTree(json)) {
            JsonNode metric = result.path("primaryMetric");
            if (!"us/op".equals(metric.path("scoreUnit").asText())) {
                throw new IllegalStateException("decisions timed in " + metric.path("scoreUnit").asText() + ", not us/op");
            }
            JsonNode percentiles = metric.path("scorePercentiles");
            long samples = 0;
            for (JsonNode fork : metric.path("rawDataHistogram")) {
                for (JsonNode iteration : fork) {
                    for (JsonNode bucket : iteration) {
                        samples += bucket.path(1).asLong(); // [time, count] pairs
                    }
                }
            }
            JsonNode params = result.path("params");
            boolean onSale = params.has("hallSeats");
            decisions.add(new HallResult.Decisions(onSale ? ON_SALE : SOLD_AT_RANDOM,
                    onSale ? 1 : params.path("together").asInt(),
                    (onSale ? params.path("hallSeats") : params.path("seats")).asInt(), params.path("soldPercent").asInt(),
                    samples, percentiles.path("50.0").asDouble(), percentiles.path("99.0").asDouble(),
                    percentiles.path("99.9").asDouble(), percentiles.path("100.0").asDouble()));
        }
        return decisions;
    }
}
