package dev.boxoffice.bench.scenario.variants;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * How each variant is started, and what it runs on, for the report: its execution and persistence models, and the
 * settings its profile sets in benchmark/variants (read from the file the variant is built from, so the report cannot
 * drift from it). The reactive variant is the service itself, with its own settings.
 */
final class VariantSettings {

    static final String SERVICE = "reactive";
    /** The service's own shortcut for its hot writes, which no variant has (docs/decisions/0034). */
    static final String HOT_WRITES_ON_THE_ROUTER = "boxoffice.http.hot-writes-on-the-router";

    private static final Map<String, String> MODELS = Map.of(
            SERVICE, "the service: event loop, event-sourced, reactive PostgreSQL client, group commit",
            "worker", "worker threads (@Blocking), event-sourced, blocking JDBC (Agroal), a commit per request",
            "virtual-threads", "a virtual thread per request (@RunOnVirtualThread), event-sourced, blocking JDBC (Agroal), a commit per request",
            "worker-shared-commit", "worker threads (@Blocking), event-sourced, blocking JDBC (Agroal), group commit (a committer thread)",
            "virtual-threads-shared-commit", "a virtual thread per request (@RunOnVirtualThread), event-sourced, blocking JDBC (Agroal), group commit (a committer thread)",
            "crud-worker", "worker threads (@Blocking), state updated in place, blocking JDBC (Agroal)",
            "crud-virtual-threads", "a virtual thread per request (@RunOnVirtualThread), state updated in place, blocking JDBC (Agroal)",
            "crud-reactive", "event loop, state updated in place, reactive PostgreSQL client");

    private VariantSettings() {
    }

    /**
     * The system properties its JVM starts with. Beside other variants, the service answers every request through
     * the REST layer, as they do, so that they differ in their execution model and commit alone; against a baseline
     * build of itself only, it runs as it ships.
     */
    static Map<String, String> of(String variant, boolean besideOtherVariants) {
        if (variant.equals(VariantsOptions.BASELINE)) {
            return Map.of();
        }
        if (variant.equals(SERVICE)) {
            return besideOtherVariants ? Map.of(HOT_WRITES_ON_THE_ROUTER, "false") : Map.of();
        }
        return Map.of("quarkus.profile", variant);
    }

    /**
     * What it runs on, its pool settings from its configuration file, and the system properties of
     * --service-jvm-options that reach it (unprofiled ones, and those of its own profile), which win over the file.
     */
    static String describe(String variant, Path repository, List<String> serviceJvmOptions) {
        String profile = "%" + (variant.equals(SERVICE) ? "prod" : variant) + ".";
        List<String> overrides = serviceJvmOptions.stream().filter(option -> option.startsWith("-D"))
                .map(option -> option.substring(2))
                .filter(property -> !property.startsWith("%") || property.startsWith(profile))
                .map(property -> property.startsWith(profile) ? property.substring(profile.length()) : property).toList();
        return describe(variant, repository) + (overrides.isEmpty() ? "" : "; set by --service-jvm-options: " + String.join(", ", overrides));
    }

    private static String describe(String variant, Path repository) {
        Path file = repository.resolve(variant.equals(SERVICE) ? "service/src/main/resources/application.properties"
                : "benchmark/variants/src/main/resources/application.properties");
        String prefix = variant.equals(SERVICE) ? "quarkus.datasource.reactive." : "%" + variant + ".";
        try {
            List<String> set = Files.readAllLines(file).stream().map(String::strip)
                    .filter(line -> line.startsWith(prefix) && !line.contains("endpoints."))
                    .map(line -> variant.equals(SERVICE) ? line : line.substring(prefix.length()))
                    .filter(line -> line.contains("max-size") || line.contains("thread")).toList();
            return MODELS.get(variant) + (set.isEmpty() ? "" : "; " + set.stream().collect(Collectors.joining(", ")));
        } catch (IOException e) {
            throw new UncheckedIOException("could not read " + file, e);
        }
    }
}
