package dev.boxoffice.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FormatTest {

    @Test
    void figuresReadWithGroupedDigitsAndADashForWhatWasNotMeasured() {
        assertThat(Format.num(12345.678, 1)).isEqualTo("12,345.7");
        assertThat(Format.num(0.5, 0)).isEqualTo("1"); // half up
        assertThat(Format.num(Double.NaN, 2)).isEqualTo("–");
        assertThat(Format.num(Double.POSITIVE_INFINITY, 2)).isEqualTo("–");
        assertThat(Format.percent(0.456)).isEqualTo("46%");
        assertThat(Format.percent(Double.NaN)).isEqualTo("–");
        assertThat(Format.percent(Double.NEGATIVE_INFINITY)).isEqualTo("–");
        assertThat(Format.ratio(1.125)).isEqualTo("1.13×");
        assertThat(Format.ratio(Double.NaN)).isEqualTo("–");
        assertThat(Format.ratio(Double.POSITIVE_INFINITY)).isEqualTo("–");
    }

    @Test
    void aboutThreeSignificantDigits() {
        assertThat(Format.decimals(9.99)).isEqualTo(2);
        assertThat(Format.decimals(10)).isEqualTo(1);
        assertThat(Format.decimals(-99.9)).isEqualTo(1);
        assertThat(Format.decimals(100)).isZero();
    }
}
