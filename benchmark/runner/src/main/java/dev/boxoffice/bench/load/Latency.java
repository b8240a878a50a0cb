package dev.boxoffice.bench.load;

import org.HdrHistogram.Histogram;

/** Latency percentiles of a step in milliseconds, from HdrHistogram (3 significant digits); {@code count} answers. */
public record Latency(long count, double p50, double p95, double p99, double p999, double max, double mean) {

    /** The percentiles of a histogram of microseconds. */
    public static Latency ofMicros(Histogram micros) {
        return new Latency(micros.getTotalCount(), millis(micros.getValueAtPercentile(50)),
                millis(micros.getValueAtPercentile(95)), millis(micros.getValueAtPercentile(99)),
                millis(micros.getValueAtPercentile(99.9)), millis(micros.getMaxValue()),
                micros.getTotalCount() == 0 ? 0 : micros.getMean() / 1000.0);
    }

    private static double millis(long micros) {
        return micros / 1000.0;
    }
}
