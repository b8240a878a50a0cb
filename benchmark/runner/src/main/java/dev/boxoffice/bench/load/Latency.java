package dev.boxoffice.bench.load;

/** Latency percentiles of a step in milliseconds, from HdrHistogram (3 significant digits); {@code count} answers. */
public record Latency(long count, double p50, double p95, double p99, double p999, double max, double mean) {
}
