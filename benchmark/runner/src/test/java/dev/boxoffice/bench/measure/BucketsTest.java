package dev.boxoffice.bench.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** Quantiles of a service's cumulative histogram, as Prometheus's histogram_quantile reads them. */
class BucketsTest {

    private static final double INF = Double.POSITIVE_INFINITY;

    @Test
    void aQuantileIsInterpolatedWithinItsBucket() {
        // 10 samples up to 1 ms, 30 more up to 10 ms, 10 above
        Buckets buckets = new Buckets(new double[] {1, 10, INF}, new double[] {10, 40, 50});

        assertThat(buckets.count()).isEqualTo(50);
        assertThat(buckets.quantile(0.2)).isCloseTo(1, within(1e-9)); // rank 10: the first bucket's bound
        assertThat(buckets.quantile(0.05)).isCloseTo(0.25, within(1e-9)); // rank 2.5 of 10 in 0..1
        assertThat(buckets.quantile(0.5)).isCloseTo(1 + 9 * (25 - 10) / 30.0, within(1e-9));
        assertThat(buckets.quantile(0.99)).as("in +Inf: the highest finite bound").isEqualTo(10);
    }

    @Test
    void aStepReadsItsOwnSamplesAsTheDifferenceOfTwoScrapes() {
        Buckets before = new Buckets(new double[] {1, 10, INF}, new double[] {10, 40, 50});
        Buckets after = new Buckets(new double[] {1, 10, INF}, new double[] {10, 60, 70});

        Buckets step = after.since(before);
        assertThat(step.cumulative()).containsExactly(0, 20, 20);
        assertThat(step.quantile(0.5)).isCloseTo(1 + 9 * 0.5, within(1e-9));
        assertThat(after.since(Buckets.NONE)).isSameAs(after);
        assertThatThrownBy(() -> after.since(new Buckets(new double[] {2, INF}, new double[] {1, 1})))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void withoutSamplesThereIsNoQuantile() {
        assertThat(Buckets.NONE.quantile(0.99)).isNaN();
        assertThat(new Buckets(new double[] {1, INF}, new double[] {0, 0}).quantile(0.5)).isNaN();
        assertThat(new Buckets(new double[] {INF}, new double[] {3}).quantile(0.5)).isNaN();
        assertThat(new Buckets(new double[] {1, 2, INF}, new double[] {4, 4, 4}).quantile(1)).isEqualTo(1);
    }
}
