package dev.boxoffice.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class BenchOptionsTest {

    @Test
    void runsEveryScenarioInTheFixedOrderByDefault() {
        assertThat(BenchOptions.parse(List.of()).scenarios()).containsExactly("limits", "dispatch", "serial", "contention", "surge", "sweep");
        assertThat(BenchOptions.parse(List.of("sweep", "serial")).scenarios()).containsExactly("serial", "sweep");
    }

    @Test
    void takesValuesWithOrWithoutEqualsAndFlagsWithoutValue() {
        BenchOptions options = BenchOptions.parse(List.of("--serial-rates=1000,2500", "--seats", "10", "--keep-going"));
        assertThat(options.rates("serial-rates")).containsExactly(1000.0, 2500.0);
        assertThat(options.integer("seats")).isEqualTo(10);
        assertThat(options.flag("keep-going")).isTrue();
        assertThat(options.flag("no-pin")).isFalse();
    }

    @Test
    void refusesWhatItDoesNotKnowWithAClearMessage() {
        assertThatThrownBy(() -> BenchOptions.parse(List.of("seriall"))).hasMessageContaining("unknown scenario 'seriall'");
        assertThatThrownBy(() -> BenchOptions.parse(List.of("--rate", "5"))).hasMessageContaining("unknown option --rate");
        assertThatThrownBy(() -> BenchOptions.parse(List.of("--seats", "many"))).hasMessageContaining("--seats must be a whole number");
        assertThatThrownBy(() -> BenchOptions.parse(List.of("--step-seconds", "0"))).hasMessageContaining("greater than 0");
        assertThatThrownBy(() -> BenchOptions.parse(List.of("--sweep-connections", "1,x"))).hasMessageContaining("comma-separated");
        assertThatThrownBy(() -> BenchOptions.parse(List.of("--serial-rates", "1000,0"))).hasMessageContaining("--serial-rates must be");
        assertThatThrownBy(() -> BenchOptions.parse(List.of("--seats"))).hasMessageContaining("needs a value");
    }
}
