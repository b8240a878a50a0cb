package dev.boxoffice.bench.scenario.surge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxoffice.bench.load.TimelinePoint;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How long after a surge the per-second p99 was back under the SLO and stayed there: the report's recovery figure. */
class SurgeRecoveryTest {

    private static final double SURGE_END = 45;
    private static final double SLO = 50;

    @Test
    void isTheLastSecondOverTheSloAfterTheSurge() {
        assertThat(SurgeResult.Part.recovery(timeline(30, 900, 800, 40, 120, 20, 10), SURGE_END, SLO)).isEqualTo(2.5); // the point at 47.5 s
    }

    @Test
    void isZeroWhenEverySecondAfterTheSurgeIsUnderTheSlo() {
        assertThat(SurgeResult.Part.recovery(timeline(30, 900, 10, 12, 9), SURGE_END, SLO)).isZero();
    }

    @Test
    void countsASingleLateSecondOverTheSlo() {
        // The figure is strict: a stall late in the calm is not recovered from either.
        assertThat(SurgeResult.Part.recovery(timeline(30, 900, 10, 12, 9, 10, 10, 10, 10, 55), SURGE_END, SLO)).isEqualTo(7.5); // the point at 52.5 s
    }

    @Test
    void isUnknownWithoutASecondAfterTheSurge() {
        assertThat(SurgeResult.Part.recovery(timeline(30, 900), SURGE_END, SLO)).isNaN();
    }

    /** One point a second, the first two before the surge's end (at 43.5 and 44.5 s), the rest after it. */
    private static List<TimelinePoint> timeline(double... p99s) {
        List<TimelinePoint> points = new ArrayList<>();
        for (int i = 0; i < p99s.length; i++) {
            double at = SURGE_END - 1.5 + i;
            points.add(new TimelinePoint(at, 100, p99s[i] / 2, p99s[i], p99s[i], 100, 0, 0, 0, p99s[i], Double.NaN, Double.NaN));
        }
        return points;
    }
}
