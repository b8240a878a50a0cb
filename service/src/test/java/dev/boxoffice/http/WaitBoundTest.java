package dev.boxoffice.http;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class WaitBoundTest {

    private static final long MS = 1_000_000;

    @Test
    void theLongerBoundHoldsWhileWarmingUpAndTheSteadyOneAfter() {
        long start = -5_000 * MS; // nanoTime may be negative: only differences count
        WaitBound bound = new WaitBound(250 * MS, 1_000 * MS, start + 30_000 * MS);

        assertThat(bound.at(start)).isEqualTo(1_000 * MS);
        assertThat(bound.at(start + 29_999 * MS)).isEqualTo(1_000 * MS);
        assertThat(bound.at(start + 30_000 * MS)).isEqualTo(250 * MS);
        assertThat(bound.at(start + 3_600_000 * MS)).isEqualTo(250 * MS);
    }

    @Test
    void aWarmingUpBoundBelowTheSteadyOneIsTheSteadyOne() {
        assertThat(new WaitBound(250 * MS, 100 * MS, Long.MAX_VALUE).at(0)).isEqualTo(250 * MS);
    }
}
