package dev.boxoffice.bench.scenario;

import dev.boxoffice.bench.result.ReadModelLag;
import dev.boxoffice.bench.system.BlockingHttp;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Figures only the service itself can see, read from its Prometheus endpoint ({@code /q/metrics}). */
final class ServiceMetrics {

    private static final HttpClient HTTP = BlockingHttp.client(Duration.ofSeconds(2));
    private static final String LAG = "boxoffice_projection_lag_seconds";

    private ServiceMetrics() {
    }

    /** The show_view projection's lag percentiles, or null when the server does not publish them. */
    static ReadModelLag readModelLag(String baseUrl) {
        String metrics;
        try {
            HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(baseUrl + "/q/metrics"))
                    .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                return null;
            }
            metrics = response.body();
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
        double p50 = value(metrics, LAG + "{", "quantile=\"0.5\"");
        double p99 = value(metrics, LAG + "{", "quantile=\"0.99\"");
        double max = value(metrics, LAG + "_max{", "");
        return Double.isNaN(p50) ? null : new ReadModelLag(p50 * 1000, p99 * 1000, max * 1000);
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
