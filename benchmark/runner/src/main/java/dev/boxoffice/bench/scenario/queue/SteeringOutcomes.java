package dev.boxoffice.bench.scenario.queue;

import java.util.Arrays;
import java.util.Collection;

/** The arithmetic of the steered on-sales' figures: rates over windows, when sales followed, delays' percentiles. */
final class SteeringOutcomes {

    /** Sales have followed a new rate once a window this long sold at least {@link #FOLLOWED_SHARE} of it. */
    static final double FOLLOW_WINDOW_SECONDS = 2;
    static final double FOLLOWED_SHARE = 0.9;
    /** How finely the start of that window is searched for. */
    private static final long FOLLOW_STEP_NANOS = 100_000_000L;

    private SteeringOutcomes() {
    }

    /** Events a second among {@code times} (nanos) in [{@code from}, {@code to}). */
    static double perSecond(long[] times, long from, long to) {
        return count(times, from, to) * 1e9 / Math.max(1, to - from);
    }

    /**
     * Seconds from {@code from} until the first window of {@link #FOLLOW_WINDOW_SECONDS} whose rate is at least
     * {@link #FOLLOWED_SHARE} of {@code rate}, searched until {@code until}; NaN if none.
     */
    static double followedAfterSeconds(long[] times, long from, long until, double rate) {
        long window = (long) (FOLLOW_WINDOW_SECONDS * 1e9);
        for (long start = from; start + window <= until; start += FOLLOW_STEP_NANOS) {
            if (perSecond(times, start, start + window) >= FOLLOWED_SHARE * rate) {
                return (start - from) / 1e9;
            }
        }
        return Double.NaN;
    }

    /** The delays from {@code since} to each of {@code times}, in milliseconds, sorted. */
    static double[] delaysMillis(Collection<Long> times, long since) {
        return times.stream().mapToDouble(at -> (at - since) / 1e6).sorted().toArray();
    }

    /** The nearest-rank percentile of sorted {@code values}; NaN if there are none. */
    static double percentile(double[] sorted, double share) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        return sorted[(int) Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))];
    }

    /** How many of sorted {@code values} are at most {@code bound}. */
    static long atMost(double[] sorted, double bound) {
        return Arrays.stream(sorted).filter(value -> value <= bound).count();
    }

    private static long count(long[] times, long from, long to) {
        return Arrays.stream(times).filter(at -> at >= from && at < to).count();
    }
}
