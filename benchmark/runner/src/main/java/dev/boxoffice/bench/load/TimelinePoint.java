package dev.boxoffice.bench.load;

/** One second of a step: seconds since the run started, answers per second, and latency in milliseconds. */
public record TimelinePoint(double atSeconds, double answersPerSecond, double p50, double p99, double max) {
}
