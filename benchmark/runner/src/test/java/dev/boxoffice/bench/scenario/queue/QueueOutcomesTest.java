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
        var other = new QueueBuyer.Outcome(UUID.randomUUID(), 1, 0, 5 * SECOND, 5 * SECOND, 5_000, 0, 0, 1, 0, QueueBuyer.Ending.GAVE_UP);
        assertThat(QueueOutcomes.fairnessViolations(List.of(joined(0, 5), other))).isZero();
    }

    @Test
    void anAnswerThatArrivedLateIsNotALateJoin() {
        // Asked at 0 and numbered first, but its answer reached the generator 2 s after another's was asked and answered.
        var late = new QueueBuyer.Outcome(show, 3, 0, 0, 2 * SECOND + SECOND / 10, 0, 0, 0, 1, 0, QueueBuyer.Ending.GAVE_UP);
        var prompt = new QueueBuyer.Outcome(show, 5, 0, SECOND / 20, SECOND / 10, 0, 0, 0, 1, 0, QueueBuyer.Ending.GAVE_UP);
        assertThat(QueueOutcomes.fairnessViolations(List.of(prompt, late))).isZero();
        assertThat(QueueOutcomes.inversions(List.of(prompt, late), QueueBuyer.Outcome::joinedNanos,
                QueueBuyer.Outcome::joinedNanos)).as("by answer time, the lag counts").isEqualTo(1);
    }

    @Test
    void aBuyerWhoAskedAfterAnotherWasAnsweredAndGotAnEarlierPlaceIsUnfairHoweverLateItsAnswer() {
        var first = new QueueBuyer.Outcome(show, 5, 0, 0, SECOND / 10, 0, 0, 0, 1, 0, QueueBuyer.Ending.GAVE_UP);
        var afterIt = new QueueBuyer.Outcome(show, 3, 0, 2 * SECOND, 9 * SECOND, 0, 0, 0, 1, 0, QueueBuyer.Ending.GAVE_UP);
        assertThat(QueueOutcomes.fairnessViolations(List.of(first, afterIt))).isEqualTo(1);
    }

    private QueueBuyer.Outcome joined(long atNanos, long number) {
        return new QueueBuyer.Outcome(show, number, 0, atNanos, atNanos, atNanos / 1_000_000, 0, 0, 1, 0, QueueBuyer.Ending.GAVE_UP);
    }
}
