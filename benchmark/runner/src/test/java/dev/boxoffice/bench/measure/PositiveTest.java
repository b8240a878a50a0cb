package dev.boxoffice.bench.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import picocli.CommandLine.TypeConversionException;

class PositiveTest {

    @Test
    void numbersAboveZeroOrAtLeastZero() {
        assertThat(new Positive().convert(" 0.5 ")).isEqualTo(0.5);
        assertThatThrownBy(() -> new Positive().convert("0")).isInstanceOf(TypeConversionException.class)
                .hasMessage("must be greater than 0, not '0'");
        assertThatThrownBy(() -> new Positive().convert("NaN")).isInstanceOf(TypeConversionException.class);
        assertThatThrownBy(() -> new Positive().convert("many")).hasMessage("must be a number, not 'many'");
        assertThat(new Positive.OrZero().convert("0")).isZero();
        assertThatThrownBy(() -> new Positive.OrZero().convert("-1")).hasMessage("must be 0 or more, not '-1'");
    }

    @Test
    void wholeNumbers() {
        assertThat(new Positive.Count().convert("1")).isEqualTo(1);
        assertThatThrownBy(() -> new Positive.Count().convert("0")).hasMessage("must be a whole number >= 1, not '0'");
        assertThat(new Positive.CountOrZero().convert(" 0")).isZero();
        assertThatThrownBy(() -> new Positive.CountOrZero().convert("-1")).hasMessage("must be a whole number >= 0, not '-1'");
        assertThatThrownBy(() -> new Positive.Count().convert("1.5")).hasMessage("must be a whole number, not '1.5'");
    }
}
