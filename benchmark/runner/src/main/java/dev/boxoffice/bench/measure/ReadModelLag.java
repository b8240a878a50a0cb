package dev.boxoffice.bench.measure;

/**
 * Event-to-read-model lag as the service reports it (metric {@code boxoffice.projection.lag}: from the append of the
 * oldest event of each page the read model applied to the page's commit: its worst lag), over the service's recent window (about the last 10 to 20 seconds).
 */
public record ReadModelLag(double p50Millis, double p99Millis, double maxMillis) {
}
