package dev.boxoffice.bench.system;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** How the benchmark starts the service of a checkout: its jar, and the JVM options `./boxoffice run` uses. */
public final class ServiceLaunch {

    /** The service's garbage-collection log, in the run folder's {@code logs} (a cluster's nodes: boxoffice-node-K-gc.log). */
    public static final String SERVICE_GC_LOG = "boxoffice-service-gc.log";

    private ServiceLaunch() {
    }

    /** Absolute and normalised: the AOT cache holds the path it was recorded with and serves only that one. */
    public static Path serviceJar(Path checkout) {
        return checkout.resolve("service/target/quarkus-app/quarkus-run.jar").toAbsolutePath().normalize();
    }

    /**
     * The options of {@code checkout}'s service/jvm.options, the GC log of the JVM called {@code name}, the AOT cache
     * if one was recorded for this jar, then {@code overrides}, which win. The GC log (one line per collection, with
     * wall-clock time) lets a latency spike be set beside the service's pauses.
     */
    public static List<String> jvmOptions(Path checkout, Path logDirectory, String name, boolean profile,
            List<String> overrides) {
        List<String> options = new ArrayList<>();
        try {
            for (String line : Files.readAllLines(checkout.resolve("service/jvm.options"))) {
                if (!line.isBlank() && !line.strip().startsWith("#")) {
                    options.add(line.strip());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not read service/jvm.options", e);
        }
        // Quoted: -Xlog separates its fields with colons, which a run folder's path may contain.
        options.add("-Xlog:gc:file=\"" + logDirectory.resolve(name + SERVICE_GC_LOG.substring("boxoffice-service".length()))
                .toAbsolutePath() + "\":time,uptime");
        Path jar = serviceJar(checkout);
        Path aotCache = jar.resolveSibling("app.aot"); // recorded by ./boxoffice build (JDK 25+)
        if (Files.isRegularFile(aotCache) && jar.toString().equals(recordedFor(aotCache))) {
            options.add("-XX:AOTCache=" + aotCache);
        }
        if (profile) {
            options.add("-XX:+EnableDynamicAgentLoading"); // async-profiler attaches for the measured steps
        }
        options.addAll(overrides);
        return options;
    }

    /** The jar path that ./boxoffice wrote beside the cache when it recorded it; empty when unknown. */
    private static String recordedFor(Path aotCache) {
        try {
            return Files.readString(aotCache.resolveSibling("app.aot.for")).strip();
        } catch (IOException e) {
            return "";
        }
    }
}
