package dev.boxoffice.bench.scenario.queue;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class QueueOutcomesTest {

    private static final long SECOND = 1_000_000_000L;
    private final UUID show = UUID.randomUUID();

    @Test
    void aBuyerWhoJoinedASecondEarlierAndHoldsALaterPlaceIsUnfair() {
        assertThat(QueueOutcomes.fairnessViolations(List.of(joined(0, 5), joined(2 * SECOND, 3)))).isEqualTo(1);
    }

    @Test
    void joiningWithinASecondOfEachOtherInEitherOrderIsFair() {
        assertThat(QueueOutcomes.fairnessViolations(List.of(joined(0, 5), joined(SECOND / 2, 3), joined(3 * SECOND, 9))))
                .isZero();
    }

    @Test
    void linesOfDifferentShowsAreNotCompared() {
        var other = new QueueBuyer.Outcome(UUID.randomUUID(), 1, 0, 5 * SECOND, 0, 0, 1, 0, false);
        assertThat(QueueOutcomes.fairnessViolations(List.of(joined(0, 5), other))).isZero();
    }

    private QueueBuyer.Outcome joined(long atNanos, long number) {
        return new QueueBuyer.Outcome(show, number, 0, atNanos, 0, 0, 1, 0, false);
    }
}
