package dev.boxoffice.bench.load;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/** Counts of each {@link AnswerKind}, and the latency of each kind that has an answer. Single-threaded. */
final class KindStats {

    private static final long MAX_MICROS = TimeUnit.SECONDS.toMicros(120);

    private final long[] counts = new long[AnswerKind.values().length];
    private final Map<AnswerKind, Histogram> latency = new EnumMap<>(AnswerKind.class);

    void record(AnswerKind kind, long micros) {
        counts[kind.ordinal()]++;
        if (kind != AnswerKind.TIMEOUT && kind != AnswerKind.CONNECTION_FAILED) { // no answer, no latency
            latency.computeIfAbsent(kind, k -> new Histogram(MAX_MICROS, 2)).recordValue(Math.min(micros, MAX_MICROS));
        }
    }

    long count(AnswerKind kind) {
        return counts[kind.ordinal()];
    }

    /** Milliseconds at {@code percentile} of every answer, whatever its kind; NaN when there was none. */
    double millisAtAnyAnswer(double percentile) {
        Histogram all = new Histogram(MAX_MICROS, 2);
        latency.values().forEach(all::add);
        return all.getTotalCount() == 0 ? Double.NaN : all.getValueAtPercentile(percentile) / 1000.0;
    }

    /** Milliseconds at {@code percentile} of the answers of {@code kind}; NaN when there were none. */
    double millisAt(AnswerKind kind, double percentile) {
        Histogram histogram = latency.get(kind);
        return histogram == null ? Double.NaN : histogram.getValueAtPercentile(percentile) / 1000.0;
    }
}
