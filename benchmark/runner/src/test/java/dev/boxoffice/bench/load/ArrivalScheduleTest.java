package dev.boxoffice.bench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.boxoffice.bench.load.ArrivalSchedule.Phase;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The surge's calm, surge, calm as phases of an open-model schedule. */
class ArrivalScheduleTest {

    private final ArrivalSchedule surge = new ArrivalSchedule(List.of(new Phase("calm", 1750, 15),
            new Phase("surge", 10500, 30), new Phase("calm after", 1750, 15)));

    @Test
    void findsThePhaseOfAMomentAndKeepsTheLastPastTheEnd() {
        assertThat(surge.totalSeconds()).isEqualTo(60);
        assertThat(surge.phaseAt(0)).isZero();
        assertThat(surge.phaseAt(14.999)).isZero();
        assertThat(surge.phaseAt(15)).isEqualTo(1);
        assertThat(surge.phaseAt(44.9)).isEqualTo(1);
        assertThat(surge.phaseAt(45)).isEqualTo(2);
        assertThat(surge.phaseAt(600)).isEqualTo(2);
    }

    @Test
    void refusesPhasesWithoutARateOrADurationAndAScheduleWithoutPhases() {
        assertThatThrownBy(() -> new Phase("idle", 0, 10)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Phase("none", 100, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Phase("nan", Double.NaN, 10)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ArrivalSchedule(List.of())).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aConstantRateLastsAsLongAsTheStep() {
        ArrivalSchedule constant = ArrivalSchedule.constant(500);
        assertThat(constant.phaseAt(1e9)).isZero();
        assertThat(constant.phases().getFirst().perSecond()).isEqualTo(500);
    }
}
