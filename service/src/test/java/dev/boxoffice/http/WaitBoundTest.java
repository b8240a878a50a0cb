package dev.boxoffice.http;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class WaitBoundTest {

    private static final long MS = 1_000_000;

    @Test
    void theLongerBoundHoldsWhileWarmingUpAndTheSteadyOneAfter() {
        long start = -5_000 * MS; // nanoTime may be negative: only differences count
        WaitBound bound = new WaitBound(250 * MS, 1_000 * MS, 100 * MS, start + 30_000 * MS);

        assertThat(bound.at(start, false)).isEqualTo(1_000 * MS);
        assertThat(bound.at(start + 29_999 * MS, false)).isEqualTo(1_000 * MS);
        assertThat(bound.at(start + 30_000 * MS, false)).isEqualTo(250 * MS);
        assertThat(bound.at(start + 3_600_000 * MS, false)).isEqualTo(250 * MS);
    }

    @Test
    void aThrottledServiceGetsTheShorterBoundOnceWarmOnly() {
        WaitBound bound = new WaitBound(250 * MS, 1_000 * MS, 100 * MS, 30_000 * MS);

        assertThat(bound.at(0, true)).isEqualTo(1_000 * MS); // warming up, the JIT's work throttles it: not capacity
        assertThat(bound.at(30_000 * MS, true)).isEqualTo(100 * MS);
        assertThat(bound.at(30_000 * MS, false)).isEqualTo(250 * MS);
    }

    @Test
    void boundsOutOfOrderAreTheSteadyOne() {
        assertThat(new WaitBound(250 * MS, 100 * MS, 100 * MS, Long.MAX_VALUE).at(0, false)).isEqualTo(250 * MS);
        assertThat(new WaitBound(250 * MS, 250 * MS, 900 * MS, 0).at(0, true)).isEqualTo(250 * MS);
    }
}
