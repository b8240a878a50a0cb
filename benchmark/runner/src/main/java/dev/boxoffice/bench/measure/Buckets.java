package dev.boxoffice.bench.measure;

import java.util.Arrays;

/**
 * A cumulative histogram as Prometheus exposes one ({@code name_bucket{le="..."}}): each bound with the count of
 * samples at or below it. Two scrapes apart, {@link #since} gives the samples between them, so that a step reads its
 * own distribution from a service that keeps counting.
 *
 * @param bounds     upper bounds, ascending, the last one +Inf
 * @param cumulative samples at or below each bound
 */
public record Buckets(double[] bounds, double[] cumulative) {

    public static final Buckets NONE = new Buckets(new double[0], new double[0]);

    public double count() {
        return cumulative.length == 0 ? 0 : cumulative[cumulative.length - 1];
    }

    /** The samples counted since {@code earlier}, a scrape of the same histogram (NONE: since the start). */
    public Buckets since(Buckets earlier) {
        if (earlier.bounds.length == 0) {
            return this;
        }
        if (!Arrays.equals(bounds, earlier.bounds)) {
            throw new IllegalArgumentException("not the same histogram: its buckets differ");
        }
        double[] counts = new double[cumulative.length];
        for (int i = 0; i < counts.length; i++) {
            counts[i] = cumulative[i] - earlier.cumulative[i];
        }
        return new Buckets(bounds, counts);
    }

    /**
     * The {@code quantile} (0-1), interpolated linearly within its bucket as Prometheus's {@code histogram_quantile}
     * does; NaN without samples. In the +Inf bucket it is the highest finite bound: the histogram knows no more.
     */
    public double quantile(double quantile) {
        double total = count();
        if (total == 0) {
            return Double.NaN;
        }
        double rank = quantile * total;
        for (int i = 0; i < bounds.length; i++) {
            if (cumulative[i] >= rank) {
                if (Double.isInfinite(bounds[i])) {
                    return i == 0 ? Double.NaN : bounds[i - 1];
                }
                double lower = i == 0 ? 0 : bounds[i - 1];
                double below = i == 0 ? 0 : cumulative[i - 1];
                double inBucket = cumulative[i] - below;
                return inBucket == 0 ? bounds[i] : lower + (bounds[i] - lower) * (rank - below) / inBucket;
            }
        }
        return bounds[bounds.length - 1];
    }
}
