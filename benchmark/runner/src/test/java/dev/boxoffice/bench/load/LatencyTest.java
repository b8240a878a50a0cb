package dev.boxoffice.bench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** A step's percentiles in milliseconds, read from its histogram of microseconds. */
class LatencyTest {

    @Test
    void percentilesOfAHistogramOfMicroseconds() {
        Histogram micros = new Histogram(120_000_000L, 3);
        for (int i = 1; i <= 1000; i++) {
            micros.recordValue(i * 1000L); // 1 ms to 1,000 ms, one each
        }

        Latency latency = Latency.ofMicros(micros);

        assertThat(latency.count()).isEqualTo(1000);
        assertThat(latency.p50()).isCloseTo(500, within(1.0));
        assertThat(latency.p95()).isCloseTo(950, within(1.0));
        assertThat(latency.p99()).isCloseTo(990, within(1.0));
        assertThat(latency.p999()).isCloseTo(999, within(1.0));
        assertThat(latency.max()).isCloseTo(1000, within(1.0));
        assertThat(latency.mean()).isCloseTo(500.5, within(0.5));
    }

    @Test
    void noAnswerNoLatency() {
        Latency none = Latency.ofMicros(new Histogram(120_000_000L, 3));
        assertThat(none.count()).isZero();
        assertThat(none.mean()).isZero();
        assertThat(none.p99()).isZero();
    }
}
