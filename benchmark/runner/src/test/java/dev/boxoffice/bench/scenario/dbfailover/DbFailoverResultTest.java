package dev.boxoffice.bench.scenario.dbfailover;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxoffice.bench.load.TimelinePoint;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The primary killed (or switched over) at second 20.5 of reservations at 100 req/s: when writes were served again. */
class DbFailoverResultTest {

    private static final double FROM = 20.5;

    @Test
    void writesAreBackAtTheFirstServedSecondAfterTheFirstLoss() {
        List<TimelinePoint> timeline = List.of(second(20, 0), second(21, 100), second(22, 10), second(23, 0),
                second(24, 89), second(25, 90), second(26, 100));
        // 20 is before the fault; 21 still served; 22 lost; 25 is the first served again (89 is under 90 %).
        assertThat(DbFailoverResult.servedAgainAfter(timeline, FROM, 60, 100)).isEqualTo(4.5);
    }

    @Test
    void noSecondLostIsZeroAndNoneServedAgainIsNotANumber() {
        assertThat(DbFailoverResult.servedAgainAfter(List.of(second(21, 100), second(22, 95)), FROM, 60, 100)).isZero();
        assertThat(DbFailoverResult.servedAgainAfter(List.of(second(21, 0), second(22, 50)), FROM, 60, 100)).isNaN();
    }

    @Test
    void secondsAfterTheWindowDoNotCount() {
        List<TimelinePoint> timeline = List.of(second(21, 0), second(22, 0), second(31, 100));
        assertThat(DbFailoverResult.servedAgainAfter(timeline, FROM, 30, 100)).isNaN();
        assertThat(DbFailoverResult.servedAgainAfter(timeline, FROM, 31, 100)).isEqualTo(10.5);
    }

    @Test
    void theSecondEndingAtTheFaultItselfIsBeforeIt() {
        List<TimelinePoint> timeline = List.of(second(20, 0), second(21, 100));
        assertThat(DbFailoverResult.servedAgainAfter(timeline, 20, 60, 100)).isZero();
    }

    private static TimelinePoint second(double at, double ok) {
        return new TimelinePoint(at, 100, 1, 2, 3, ok, 0, 100 - ok, 0, 2, 0, 2);
    }
}
