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
        var other = new QueueBuyer.Outcome(UUID.randomUUID(), 1, 0, 5 * SECOND, 5 * SECOND, 5_000, 0, 0, 1, 0, QueueBuyer.Ending.STEP_ENDED);
        assertThat(QueueOutcomes.fairnessViolations(List.of(joined(0, 5), other))).isZero();
    }

    @Test
    void anAnswerThatArrivedLateIsNotALateJoin() {
        // Asked at 0 and numbered first, but its answer reached the generator 2 s after another's was asked and answered.
        var late = new QueueBuyer.Outcome(show, 3, 0, 0, 2 * SECOND + SECOND / 10, 0, 0, 0, 1, 0, QueueBuyer.Ending.STEP_ENDED);
        var prompt = new QueueBuyer.Outcome(show, 5, 0, SECOND / 20, SECOND / 10, 0, 0, 0, 1, 0, QueueBuyer.Ending.STEP_ENDED);
        assertThat(QueueOutcomes.fairnessViolations(List.of(prompt, late))).isZero();
        assertThat(QueueOutcomes.inversions(List.of(prompt, late), QueueBuyer.Outcome::joinedNanos,
                QueueBuyer.Outcome::joinedNanos)).as("by answer time, the lag counts").isEqualTo(1);
    }

    @Test
    void aBuyerWhoAskedAfterAnotherWasAnsweredAndGotAnEarlierPlaceIsUnfairHoweverLateItsAnswer() {
        var first = new QueueBuyer.Outcome(show, 5, 0, 0, SECOND / 10, 0, 0, 0, 1, 0, QueueBuyer.Ending.STEP_ENDED);
        var afterIt = new QueueBuyer.Outcome(show, 3, 0, 2 * SECOND, 9 * SECOND, 0, 0, 0, 1, 0, QueueBuyer.Ending.STEP_ENDED);
        assertThat(QueueOutcomes.fairnessViolations(List.of(first, afterIt))).isEqualTo(1);
    }

    @Test
    void theCrowdsFiguresFollowFromWhatEveryBuyerTold() {
        long start = 100 * SECOND;
        UUID other = UUID.randomUUID();
        List<QueueBuyer.Outcome> outcomes = List.of(
                // joined at 1 s told 20 s, admitted at 21 s (error 0, within 10 s), bought at 22 s in 4 requests
                new QueueBuyer.Outcome(show, 1, 20, start + SECOND, start + SECOND, 0, start + 21 * SECOND, start + 22 * SECOND,
                        4, 1, QueueBuyer.Ending.PURCHASED),
                // told 10 s, waited 100 s: error 90 s, past its bound (15 s); bought last, at 102 s, in 6 requests
                new QueueBuyer.Outcome(show, 2, 10, start + SECOND, start + 2 * SECOND, 0, start + 102 * SECOND,
                        start + 102 * SECOND, 6, 2, QueueBuyer.Ending.PURCHASED),
                new QueueBuyer.Outcome(other, 1, Double.NaN, start, start, 0, 0, 0, 3, 0, QueueBuyer.Ending.EXPIRED),
                new QueueBuyer.Outcome(other, -1, Double.NaN, 0, 0, 0, 0, 0, 1, 1, QueueBuyer.Ending.REFUSED));

        QueueResult.Crowd crowd = QueueOutcomes.of(outcomes, start, 50, 2, 5, 75, 60, 3, null);

        assertThat(crowd.buyers()).as("every buyer told, and those unfinished").isEqualTo(7);
        assertThat(crowd.purchased()).isEqualTo(2);
        assertThat(crowd.expired()).isEqualTo(1);
        assertThat(crowd.unfinished()).isEqualTo(3);
        assertThat(crowd.drainSeconds()).isEqualTo(102);
        assertThat(crowd.purchasesPerSecond()).isEqualTo(2 / 102.0);
        assertThat(crowd.requestsPerPurchase()).as("every request of every buyer, over the purchases").isEqualTo(14 / 2.0);
        assertThat(crowd.refusals()).isEqualTo(4);
        assertThat(crowd.etaWithinBound()).isEqualTo(0.5);
        assertThat(crowd.etaErrorP90Seconds()).isEqualTo(90);
        assertThat(crowd.maxActiveSeen()).isEqualTo(60);
        assertThat(crowd).extracting(QueueResult.Crowd::arrivalsPerSecond, QueueResult.Crowd::shows,
                QueueResult.Crowd::admitPerSecond, QueueResult.Crowd::maxActive).containsExactly(50.0, 2, 5, 75);
    }

    @Test
    void withoutAPurchaseThereIsNoRateAndNoCostPerPurchase() {
        QueueResult.Crowd crowd = QueueOutcomes.of(List.of(), 5 * SECOND, 10, 1, 1, 10, 0, 0, null);
        assertThat(crowd.purchasesPerSecond()).isZero();
        assertThat(crowd.requestsPerPurchase()).isNaN();
        assertThat(crowd.etaWithinBound()).isNaN();
        assertThat(crowd.etaErrorP90Seconds()).isNaN();
    }

    @Test
    void aWaitsEstimateIsGoodWithinAShareOfTheWaitOrTenSecondsWhicheverIsLarger() {
        long start = 0;
        // waited 100 s, told 86 s: 14 s off, within 15 % (15 s); told 84 s: 16 s off, not within
        List<QueueBuyer.Outcome> outcomes = List.of(
                new QueueBuyer.Outcome(show, 1, 86, 0, SECOND, 0, 101 * SECOND, 0, 1, 0, QueueBuyer.Ending.ADMITTED),
                new QueueBuyer.Outcome(show, 2, 84, 0, SECOND, 0, 101 * SECOND, 0, 1, 0, QueueBuyer.Ending.ADMITTED),
                // waited 20 s, told 30 s: 10 s off, within the floor of 10 s
                new QueueBuyer.Outcome(show, 3, 30, 0, SECOND, 0, 21 * SECOND, 0, 1, 0, QueueBuyer.Ending.ADMITTED));

        QueueResult.Crowd crowd = QueueOutcomes.of(outcomes, start, 1, 1, 1, 1, 0, 0, null);

        assertThat(crowd.etaWithinBound()).isEqualTo(2 / 3.0);
    }

    private QueueBuyer.Outcome joined(long atNanos, long number) {
        return new QueueBuyer.Outcome(show, number, 0, atNanos, atNanos, atNanos / 1_000_000, 0, 0, 1, 0, QueueBuyer.Ending.STEP_ENDED);
    }
}
