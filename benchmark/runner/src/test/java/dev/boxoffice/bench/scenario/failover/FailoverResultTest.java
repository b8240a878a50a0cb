package dev.boxoffice.bench.scenario.failover;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxoffice.bench.load.TimelinePoint;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A node killed at second 10.5 of a step offered 100 req/s: when the failures ended, and when the rate was served again. */
class FailoverResultTest {

    private static final double KILL = 10.5;

    @Test
    void theLastFailureCountsOnlyFailuresAfterTheKill() {
        List<TimelinePoint> timeline = List.of(second(9, 100, 0, 3), second(10, 100, 0, 0), second(11, 40, 0, 60),
                second(12, 80, 0, 20), second(13, 100, 0, 0), second(14, 99, 0, 1), second(15, 100, 0, 0));
        assertThat(FailoverResult.lastFailureAfter(timeline, KILL)).isEqualTo(3.5);
        assertThat(FailoverResult.lastFailureAfter(timeline.subList(0, 2), KILL)).as("none after the kill").isZero();
    }

    @Test
    void goodputIsBackAtTheFirstSecondAfterTheLastFailureThatServedNinetyPercent() {
        List<TimelinePoint> timeline = List.of(second(11, 40, 0, 60), second(12, 80, 0, 20), second(13, 85, 4, 0),
                second(14, 95, 5, 0));
        // Second 13 answered 89 (85 + 4 conflicts), under 90; second 14 answered 100.
        assertThat(FailoverResult.goodputBackAfter(timeline, KILL, 30, 100)).isEqualTo(3.5);
        // Exactly 90 % counts as served, conflicts included.
        List<TimelinePoint> exactly = List.of(second(11, 40, 0, 60), second(12, 80, 10, 0));
        assertThat(FailoverResult.goodputBackAfter(exactly, KILL, 30, 100)).isEqualTo(1.5);
    }

    @Test
    void goodputCountsFromTheLastFailureNotFromAServedSecondBeforeIt() {
        // Second 11 served, 12 failed again, 13 served: back after the failure at 12, not at 11.
        List<TimelinePoint> timeline = List.of(second(11, 95, 0, 0), second(12, 50, 0, 50), second(13, 100, 0, 0));
        assertThat(FailoverResult.goodputBackAfter(timeline, KILL, 30, 100)).isEqualTo(2.5);
        // The last failing second is not back even if it served 90 % besides its failures.
        List<TimelinePoint> servedWithFailures = List.of(second(11, 95, 0, 5), second(12, 100, 0, 0));
        assertThat(FailoverResult.goodputBackAfter(servedWithFailures, KILL, 30, 100)).isEqualTo(1.5);
    }

    @Test
    void goodputNotBackBeforeTheRestartIsNotANumber() {
        List<TimelinePoint> timeline = List.of(second(11, 40, 0, 60), second(12, 50, 0, 0), second(20, 100, 0, 0));
        assertThat(FailoverResult.goodputBackAfter(timeline, KILL, 19, 100)).isNaN();
        assertThat(FailoverResult.goodputBackAfter(timeline, KILL, 20, 100)).as("the restart's own second counts").isEqualTo(9.5);
    }

    @Test
    void secondsBeforeTheKillDoNotCountAsBack() {
        List<TimelinePoint> timeline = List.of(second(9, 100, 0, 0), second(10, 100, 0, 0));
        assertThat(FailoverResult.goodputBackAfter(timeline, KILL, 30, 100)).isNaN();
    }

    /** The second ending at {@code at}: its 2xx, its 409s and its errors per second. */
    static TimelinePoint second(double at, double ok, double conflicts, double errors) {
        return new TimelinePoint(at, ok + conflicts + errors, 1, 2, 3, ok, conflicts, 0, errors, 2, 2, 0);
    }
}
