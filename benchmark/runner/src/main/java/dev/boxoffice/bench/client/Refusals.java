package dev.boxoffice.bench.client;

import java.util.Map;

/**
 * The service's own count of requests it refused, by the bound that refused them, as its metrics name them; NaN
 * where a count could not be read (another server behind {@code --target}).
 *
 * @param inFlight    by admission control's bound on requests in flight (or on whole-hall answers in bytes)
 * @param queueDelay  by a show whose oldest queued work had waited past the bound on queue delay, or by the memory
 *                    for shows
 * @param connections by the memory-derived bound on open connections
 */
public record Refusals(double inFlight, double queueDelay, double connections) {

    /** The counts now. */
    public static Refusals read(String baseUrl) {
        Map<String, Double> metrics = ServiceMetrics.values(baseUrl);
        return new Refusals(metrics.getOrDefault("boxoffice_admission_refused_total", Double.NaN),
                metrics.getOrDefault("boxoffice_entities_overloaded_total", Double.NaN),
                metrics.getOrDefault("boxoffice_connections_refused_total", Double.NaN));
    }

    /** The refusals since {@code earlier}. */
    public Refusals since(Refusals earlier) {
        return new Refusals(inFlight - earlier.inFlight, queueDelay - earlier.queueDelay, connections - earlier.connections);
    }
}
