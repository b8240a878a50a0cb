package dev.boxoffice.http;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RequestsInFlightTest {

    private static final long MS = 1_000_000;

    private final RequestsInFlight requests = new RequestsInFlight(10_000 * MS);

    @Test
    void theOldestRequestStillInFlightGivesTheAgeWhicheverLeavesFirst() {
        assertThat(requests.oldestAgeNanos(0)).isZero();
        RequestsInFlight.Entry first = requests.enter(100 * MS);
        RequestsInFlight.Entry second = requests.enter(200 * MS);
        RequestsInFlight.Entry third = requests.enter(300 * MS);
        assertThat(requests.oldestAgeNanos(400 * MS)).isEqualTo(300 * MS);

        requests.leave(second); // out of order: the oldest is still the first
        assertThat(requests.oldestAgeNanos(400 * MS)).isEqualTo(300 * MS);
        requests.leave(first);
        assertThat(requests.oldestAgeNanos(400 * MS)).isEqualTo(100 * MS);
        assertThat(requests.count()).isEqualTo(1);
        requests.leave(third);
        assertThat(requests.oldestAgeNanos(400 * MS)).isZero();
        assertThat(requests.count()).isZero();
    }

    @Test
    void leavingTwiceChangesNothing() {
        RequestsInFlight.Entry first = requests.enter(0);
        requests.enter(50 * MS);
        requests.leave(first);
        requests.leave(first);
        assertThat(requests.count()).isEqualTo(1);
        assertThat(requests.oldestAgeNanos(100 * MS)).isEqualTo(50 * MS);
    }

    @Test
    void aRequestStuckPastTheHorizonIsForgottenSoThatItCannotRefuseEveryoneForEver() {
        RequestsInFlight.Entry stuck = requests.enter(0);
        requests.enter(9_000 * MS);
        assertThat(requests.oldestAgeNanos(9_500 * MS)).isEqualTo(9_500 * MS);

        assertThat(requests.oldestAgeNanos(10_500 * MS)).isEqualTo(1_500 * MS);
        assertThat(requests.count()).isEqualTo(1);
        requests.leave(stuck); // its answer comes at last: nothing to undo
        assertThat(requests.count()).isEqualTo(1);
    }
}
