package dev.boxoffice.bench.client;

import dev.boxoffice.bench.measure.Buckets;
import dev.boxoffice.bench.measure.Progress;
import dev.boxoffice.bench.measure.ReadModelLag;
import dev.boxoffice.bench.system.BlockingHttp;
import dev.boxoffice.bench.system.JavaService;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Figures only the service itself can see, read from its Prometheus endpoint ({@code /q/metrics}). */
public final class ServiceMetrics {

    private static final HttpClient HTTP = BlockingHttp.client(Duration.ofSeconds(2));
    private static final String LAG = "boxoffice_projection_lag_seconds";

    private static final double MIB = 1024 * 1024;

    private ServiceMetrics() {
    }

    /**
     * The service's figures after a full collection of its heap ({@code jcmd GC.run} on {@code pid}, where there is
     * one), so that its heap holds no garbage; says so on {@code progress} when the collection failed.
     */
    public static Map<String, Double> afterFullCollection(String baseUrl, long pid, Progress progress) {
        if (pid > 0 && !JavaService.collectGarbage(pid)) {
            progress.info("jcmd GC.run failed; heap figures include garbage");
        }
        return values(baseUrl);
    }

    /** The heap in use, in MiB, from the service's figures. */
    public static double heapMiB(Map<String, Double> metrics) {
        return metrics.getOrDefault("jvm_memory_used_bytes{area=\"heap\"}", Double.NaN) / MIB;
    }

    /** The show_view projection's lag percentiles, or null when the server does not publish them. */
    public static ReadModelLag readModelLag(String baseUrl) {
        String metrics = scrape(baseUrl);
        return metrics == null ? null : readModelLagIn(metrics);
    }

    /** The show_view projection's lag percentiles in an exposition, or null without them. */
    static ReadModelLag readModelLagIn(String metrics) {
        double p50 = value(metrics, LAG + "{", "quantile=\"0.5\"");
        double p99 = value(metrics, LAG + "{", "quantile=\"0.99\"");
        double max = value(metrics, LAG + "_max{", "");
        return Double.isNaN(p50) ? null : new ReadModelLag(p50 * 1000, p99 * 1000, max * 1000);
    }

    /** How many shows the service holds in memory. */
    public static final String SHOWS_IN_MEMORY = "boxoffice_entities_in_memory";
    private static final long PASSIVATION_SLACK_MILLIS = 3_000;

    /**
     * How long after its last use a show has surely left memory, with an idle timeout of {@code idleSeconds}: the
     * timeout, then the service's sweep, which runs every half idle timeout (at least 100 ms apart, at most 10 s),
     * and some slack.
     */
    public static long passivatedWithinMillis(int idleSeconds) {
        long idle = idleSeconds * 1000L;
        return idle + Math.max(100, Math.min(idle / 2, 10_000)) + PASSIVATION_SLACK_MILLIS;
    }

    /** Until the service counts no show in memory, or until the deadline (without that metric, the deadline). */
    public static void awaitNoShowInMemory(String baseUrl, long deadlineMillis) {
        while (!(values(baseUrl).getOrDefault(SHOWS_IN_MEMORY, Double.NaN) == 0)
                && System.currentTimeMillis() < deadlineMillis) {
            JavaService.sleep(200);
        }
    }

    /**
     * Every sample, keyed by metric name and labels as exposed ({@code name{label="value",...}}), with the samples of
     * one name summed under the name and the labels {@code area} alone (for the JVM's memory pools); empty on failure.
     */
    public static Map<String, Double> values(String baseUrl) {
        String metrics = scrape(baseUrl);
        return metrics == null ? new HashMap<>() : valuesIn(metrics);
    }

    /** The samples of an exposition, as {@link #values} keys them. */
    static Map<String, Double> valuesIn(String metrics) {
        Map<String, Double> values = new HashMap<>();
        for (String line : metrics.split("\n")) {
            if (line.startsWith("#") || line.isBlank()) {
                continue;
            }
            int space = line.lastIndexOf(' ');
            try {
                double value = Double.parseDouble(line.substring(space + 1));
                String key = line.substring(0, space);
                values.merge(key, value, Double::sum);
                int brace = key.indexOf('{');
                if (brace > 0) {
                    values.merge(key.substring(0, brace), value, Double::sum);
                    Matcher area = AREA.matcher(key);
                    if (area.find()) {
                        values.merge(key.substring(0, brace) + "{area=\"" + area.group(1) + "\"}", value, Double::sum);
                    }
                }
            } catch (NumberFormatException | StringIndexOutOfBoundsException e) {
                // not a sample line
            }
        }
        return values;
    }

    private static final Pattern AREA = Pattern.compile("area=\"([a-z]+)\"");
    private static final Pattern LE = Pattern.compile("le=\"([^\"]+)\"");

    /** The histogram {@code name} as exposed now (its {@code name_bucket} lines); {@link Buckets#NONE} on failure. */
    public static Buckets buckets(String baseUrl, String name) {
        String metrics = scrape(baseUrl);
        return metrics == null ? Buckets.NONE : bucketsIn(metrics, name);
    }

    /** The histogram {@code name} in an exposition: its buckets' bounds and counts, summed over other labels. */
    static Buckets bucketsIn(String metrics, String name) {
        TreeMap<Double, Double> counts = new TreeMap<>();
        for (String line : metrics.split("\n")) {
            Matcher le = LE.matcher(line);
            if (line.startsWith(name + "_bucket{") && le.find()) {
                double bound = le.group(1).equals("+Inf") ? Double.POSITIVE_INFINITY : Double.parseDouble(le.group(1));
                counts.merge(bound, Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)), Double::sum);
            }
        }
        return new Buckets(counts.keySet().stream().mapToDouble(Double::doubleValue).toArray(),
                counts.values().stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** A metric summed over several services (the nodes of a cluster); NaN if one of them does not answer. */
    public static double sum(List<String> baseUrls, String metric) {
        double sum = 0;
        for (String baseUrl : baseUrls) {
            Double value = values(baseUrl).get(metric);
            if (value == null) {
                return Double.NaN;
            }
            sum += value;
        }
        return sum;
    }

    private static String scrape(String baseUrl) {
        try {
            HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(baseUrl + "/q/metrics"))
                    .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == 200 ? response.body() : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** The value of the first sample line starting with {@code prefix} and containing {@code label}. */
    private static double value(String metrics, String prefix, String label) {
        for (String line : metrics.split("\n")) {
            if (line.startsWith(prefix) && line.contains("projection=\"show_view\"") && line.contains(label)) {
                try {
                    return Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
                } catch (NumberFormatException e) {
                    return Double.NaN;
                }
            }
        }
        return Double.NaN;
    }
}
