package dev.boxoffice.bench.load;

/**
 * One second of a step: seconds since the run started, answers per second, latency in milliseconds (of all answers,
 * then p99 of each kind: NaN when that second had none), and how many requests per second ended as each kind
 * (refused otherwise, timed out and connection failed together as errors).
 */
public record TimelinePoint(double atSeconds, double answersPerSecond, double p50, double p99, double max,
        double okPerSecond, double conflictsPerSecond, double refusedPerSecond, double errorsPerSecond,
        double p99Ok, double p99Conflict, double p99Refused) {
}
