package dev.boxoffice.domain;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxoffice.domain.ShowCommand.ConfirmHold;
import dev.boxoffice.domain.ShowCommand.CreateShow;
import dev.boxoffice.domain.ShowCommand.ExpireHold;
import dev.boxoffice.domain.ShowCommand.HoldSeats;
import dev.boxoffice.domain.ShowCommand.ReleaseHold;
import dev.boxoffice.domain.ShowCommand.ReserveSeat;
import dev.boxoffice.domain.ShowCommand.ReserveSeats;
import dev.boxoffice.domain.ShowEvent.HoldConfirmed;
import dev.boxoffice.domain.ShowEvent.HoldReleased;
import dev.boxoffice.domain.ShowEvent.SeatsHeld;
import dev.boxoffice.domain.ShowEvent.SeatsReserved;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Holds and multi-seat reservations, decision by decision. */
class HoldDecisionsTest {

    private static final Instant T0 = Instant.parse("2026-11-25T20:00:00Z");
    private static final Instant EXPIRY = T0.plusSeconds(600);

    private final ShowHarness harness = new ShowHarness();
    private final UUID showId = UUID.randomUUID();

    @Test
    void holdingSeatsHoldsAllOfThemUntilTheExpiry() {
        create(10);
        UUID hold = UUID.randomUUID();

        List<ShowEvent> events = run(new HoldSeats(showId, hold, List.of(3, 4, 5), EXPIRY, T0));

        assertThat(events).containsExactly(new SeatsHeld(showId, hold, List.of(3, 4, 5), EXPIRY));
        assertThat(show().seats()).filteredOn(seat -> seat.status() == SeatStatus.HELD).extracting(Seat::number).containsExactly(3, 4, 5);
        assertThat(show().availableSeats()).isEqualTo(7);
        assertThat(show().hold(hold)).get().satisfies(h -> {
            assertThat(h.statusAt(T0)).isEqualTo(HoldStatus.HELD);
            assertThat(h.statusAt(EXPIRY)).isEqualTo(HoldStatus.EXPIRED);
        });
    }

    @Test
    void aSeatTakenAnywhereRefusesTheWholeRequestAndNamesEverySeatTaken() {
        create(10);
        run(new ReserveSeat(showId, 1));
        run(new HoldSeats(showId, UUID.randomUUID(), List.of(4), EXPIRY, T0));

        Rejection rejection = rejected(new HoldSeats(showId, UUID.randomUUID(), List.of(0, 1, 2, 4), EXPIRY, T0));

        assertThat(rejection.code()).isEqualTo(Rejection.Code.SEATS_NOT_AVAILABLE);
        assertThat(rejection.seats()).containsExactly(1, 4);
        assertThat(show().seatMap().status(0)).as("nothing changed").isEqualTo(SeatStatus.AVAILABLE);
        assertThat(rejected(new ReserveSeats(showId, List.of(2, 4), T0)).seats()).containsExactly(4);
        assertThat(rejected(new ReserveSeat(showId, 4)).code()).isEqualTo(Rejection.Code.SEAT_NOT_AVAILABLE);
    }

    @Test
    void seatsOutOfTheHallAreNamedToo() {
        create(5);

        Rejection rejection = rejected(new ReserveSeats(showId, List.of(4, 5, 9), T0));

        assertThat(rejection.code()).isEqualTo(Rejection.Code.SEATS_OUT_OF_RANGE);
        assertThat(rejection.seats()).containsExactly(5, 9);
    }

    @Test
    void reservingSeveralSeatsReservesThemAllAtOnce() {
        create(10);

        assertThat(run(new ReserveSeats(showId, List.of(7, 2, 5), T0))).containsExactly(new SeatsReserved(showId, List.of(7, 2, 5)));
        assertThat(show().seatMap().reservedCount()).isEqualTo(3);
        assertThat(show().seatMap().status(2)).isEqualTo(SeatStatus.RESERVED);
    }

    @Test
    void aConfirmedHoldReservesItsSeatsAndConfirmingAgainChangesNothing() {
        create(10);
        UUID hold = holdSeats(1, 2);

        assertThat(run(new ConfirmHold(showId, hold, T0.plusSeconds(10)))).containsExactly(new HoldConfirmed(showId, hold, List.of(1, 2)));
        assertThat(run(new ConfirmHold(showId, hold, T0.plusSeconds(20)))).as("a retry").isEmpty();

        assertThat(show().seatMap().status(1)).isEqualTo(SeatStatus.RESERVED);
        assertThat(show().hold(hold).orElseThrow().status()).isEqualTo(HoldStatus.CONFIRMED);
        assertThat(rejected(new ReleaseHold(showId, hold, T0.plusSeconds(30))).code()).isEqualTo(Rejection.Code.HOLD_ALREADY_CONFIRMED);
    }

    @Test
    void aReleasedHoldFreesItsSeatsOnceAndCannotBeConfirmed() {
        create(10);
        UUID hold = holdSeats(6);

        assertThat(run(new ReleaseHold(showId, hold, T0))).containsExactly(
                new HoldReleased(showId, hold, List.of(6), HoldReleased.Reason.CANCELLED));
        assertThat(run(new ReleaseHold(showId, hold, T0))).as("a retry").isEmpty();

        assertThat(show().seatMap().status(6)).isEqualTo(SeatStatus.AVAILABLE);
        assertThat(rejected(new ConfirmHold(showId, hold, T0)).code()).isEqualTo(Rejection.Code.HOLD_RELEASED);
    }

    @Test
    void aHoldWhoseTimeIsUpCannotBeConfirmedAndIsReleasedOnceWhenItExpires() {
        create(10);
        UUID hold = holdSeats(3);

        assertThat(rejected(new ConfirmHold(showId, hold, EXPIRY)).code()).isEqualTo(Rejection.Code.HOLD_EXPIRED);
        assertThat(rejected(new ReleaseHold(showId, hold, EXPIRY)).code()).isEqualTo(Rejection.Code.HOLD_EXPIRED);
        assertThat(run(new ExpireHold(showId, hold, EXPIRY.minusMillis(1)))).as("too early").isEmpty();
        assertThat(run(new ExpireHold(showId, hold, EXPIRY))).containsExactly(
                new HoldReleased(showId, hold, List.of(3), HoldReleased.Reason.EXPIRED));
        assertThat(run(new ExpireHold(showId, hold, EXPIRY.plusSeconds(1)))).as("expired twice").isEmpty();

        assertThat(show().hold(hold).orElseThrow().status()).isEqualTo(HoldStatus.EXPIRED);
        assertThat(rejected(new ConfirmHold(showId, hold, EXPIRY)).code()).isEqualTo(Rejection.Code.HOLD_EXPIRED);
    }

    @Test
    void seatsOfAHoldWhoseTimeIsUpCanBeTakenAtOnceItsReleaseRecordedFirst() {
        create(10);
        UUID old = holdSeats(3, 4);
        UUID next = UUID.randomUUID();

        List<ShowEvent> events = run(new HoldSeats(showId, next, List.of(4, 5), EXPIRY.plusSeconds(600), EXPIRY));

        assertThat(events).containsExactly(new HoldReleased(showId, old, List.of(3, 4), HoldReleased.Reason.EXPIRED),
                new SeatsHeld(showId, next, List.of(4, 5), EXPIRY.plusSeconds(600)));
        assertThat(show().seatMap().status(3)).isEqualTo(SeatStatus.AVAILABLE);
        assertThat(show().seatMap().status(4)).isEqualTo(SeatStatus.HELD);
    }

    @Test
    void anExistingHoldIdOrAnUnknownOneIsRefused() {
        create(10);
        UUID hold = holdSeats(1);

        assertThat(rejected(new HoldSeats(showId, hold, List.of(2), EXPIRY, T0)).code()).isEqualTo(Rejection.Code.HOLD_ALREADY_EXISTS);
        assertThat(rejected(new ConfirmHold(showId, UUID.randomUUID(), T0)).code()).isEqualTo(Rejection.Code.HOLD_NOT_FOUND);
    }

    @Test
    void aShowRemembersItsLatestEndedHoldsOnly() {
        create(1);
        UUID first = holdSeats(0);
        run(new ReleaseHold(showId, first, T0));
        for (int i = 0; i < Holds.RECENTLY_ENDED; i++) {
            run(new ReleaseHold(showId, holdSeats(0), T0));
        }

        assertThat(show().holds().recentlyEnded()).hasSize(Holds.RECENTLY_ENDED);
        assertThat(show().hold(first)).as("forgotten: the holds read model answers for it").isEmpty();
    }

    @Test
    void aHoldTheShowRemembersAndOneAsTheReadModelHasItAreRefusedByTheSameRules() {
        create(10);
        UUID confirmed = holdSeats(1);
        run(new ConfirmHold(showId, confirmed, T0));
        UUID released = holdSeats(2);
        run(new ReleaseHold(showId, released, T0));
        UUID expired = holdSeats(3);
        Instant late = EXPIRY.plusSeconds(1);
        for (UUID hold : List.of(confirmed, released, expired)) {
            Hold remembered = show().hold(hold).orElseThrow();
            HoldStatus status = remembered.statusAt(late);
            // As the holds read model has it, once the show has forgotten it: the status its end recorded.
            Hold fromReadModel = new Hold(hold, remembered.seats(), remembered.expiresAtMillis(), status);
            assertThat(harness.decide(new ConfirmHold(showId, hold, late))).as("confirm %s", status)
                    .isEqualTo(expected(HoldRules.refusal(fromReadModel, status, HoldStatus.CONFIRMED)));
            assertThat(harness.decide(new ReleaseHold(showId, hold, late))).as("release %s", status)
                    .isEqualTo(expected(HoldRules.refusal(fromReadModel, status, HoldStatus.RELEASED)));
        }
        assertThat(HoldRules.refusal(show().hold(expired).orElseThrow(), HoldStatus.EXPIRED, HoldStatus.CONFIRMED))
                .map(Rejection::code).contains(Rejection.Code.HOLD_EXPIRED);
        assertThat(HoldRules.refusal(show().hold(confirmed).orElseThrow(), HoldStatus.CONFIRMED, HoldStatus.RELEASED))
                .map(Rejection::code).contains(Rejection.Code.HOLD_ALREADY_CONFIRMED);
    }

    /** A refusal the rules give, or: asked again, nothing changes. */
    private static Decision<ShowEvent> expected(java.util.Optional<Rejection> refusal) {
        return refusal.<Decision<ShowEvent>>map(r -> Decision.reject(r.code(), r.message())).orElseGet(Decision::unchanged);
    }

    private void create(int seats) {
        run(new CreateShow(showId, "Hamlet", seats));
    }

    private UUID holdSeats(Integer... seats) {
        UUID hold = UUID.randomUUID();
        run(new HoldSeats(showId, hold, List.of(seats), EXPIRY, T0));
        return hold;
    }

    private List<ShowEvent> run(ShowCommand command) {
        return harness.run(command);
    }

    private Rejection rejected(ShowCommand command) {
        return harness.rejected(command);
    }

    private ShowState.Show show() {
        return harness.show();
    }
}
