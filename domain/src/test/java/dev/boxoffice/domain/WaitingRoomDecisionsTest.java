package dev.boxoffice.domain;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxoffice.domain.ShowCommand.AsAdmittedBuyer;
import dev.boxoffice.domain.ShowCommand.ClaimAdmission;
import dev.boxoffice.domain.ShowCommand.ConfirmHold;
import dev.boxoffice.domain.ShowCommand.CreateShow;
import dev.boxoffice.domain.ShowCommand.DrawLine;
import dev.boxoffice.domain.ShowCommand.HoldSeats;
import dev.boxoffice.domain.ShowCommand.NumberArrivals;
import dev.boxoffice.domain.ShowCommand.OpenPlaces;
import dev.boxoffice.domain.ShowCommand.ReleaseHold;
import dev.boxoffice.domain.ShowCommand.ReserveSeat;
import dev.boxoffice.domain.ShowCommand.SetWaitingRoom;
import dev.boxoffice.domain.ShowEvent.BuyerAdmitted;
import dev.boxoffice.domain.ShowEvent.BuyerLeft;
import dev.boxoffice.domain.ShowEvent.HoldConfirmed;
import dev.boxoffice.domain.ShowEvent.PlacesOpened;
import dev.boxoffice.domain.ShowEvent.SeatReserved;
import dev.boxoffice.domain.ShowEvent.WaitingRoomSet;
import dev.boxoffice.domain.WaitingRoom.Standing;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** A show's waiting room, decision by decision: the draw, the pace of the line, admissions, and the gate on seats. */
class WaitingRoomDecisionsTest {

    private static final Instant ON_SALE = Instant.parse("2026-12-01T10:00:00Z");
    private static final byte[] SEED = "0123456789abcdef".getBytes();

    private final ShowHarness harness = new ShowHarness();
    private final UUID showId = UUID.randomUUID();

    @Test
    void aShowCreatedWithAWaitingRoomRecordsItsSettings() {
        var settings = new WaitingRoomSettings(ON_SALE, 10, 5);

        List<ShowEvent> events = run(new CreateShow(showId, "Hamlet", 100, Optional.of(settings)));

        assertThat(events).contains(new WaitingRoomSet(showId, settings));
        assertThat(room().settings()).isEqualTo(settings);
        assertThat(rejected(new SetWaitingRoom(showId, settings)).code()).isEqualTo(Rejection.Code.WAITING_ROOM_EXISTS);
    }

    @Test
    void theDrawPlacesEveryArrivalBeforeTheOnSaleOnceAndLaterOnesBehindInOrder() {
        createWithRoom(10, 5);
        run(new NumberArrivals(showId, 50));

        assertThat(rejected(new DrawLine(showId, SEED, Long.MAX_VALUE, ON_SALE.minusMillis(1))).code()).isEqualTo(Rejection.Code.NOT_ON_SALE_YET);
        run(new DrawLine(showId, SEED, Long.MAX_VALUE, ON_SALE));
        assertThat(run(new DrawLine(showId, "another seed 16b".getBytes(), Long.MAX_VALUE, ON_SALE.plusSeconds(1)))).as("drawn once").isEmpty();

        Set<Long> places = new HashSet<>();
        for (long number = 0; number < 50; number++) {
            places.add(room().placeOf(number).orElseThrow());
        }
        assertThat(places).as("a permutation of 0..49").hasSize(50).allMatch(place -> place >= 0 && place < 50);
        assertThat(room().placeOf(3)).as("anyone with the seed recomputes it").contains(LineShuffle.place(SEED, 50, 3));
        assertThat(room().placeOf(50)).contains(50L);
        assertThat(room().placeOf(51)).contains(51L);
    }

    @Test
    void theDrawPlacesOnlyTheNumbersHandedOutWhenTheNodeKnowsThem() {
        createWithRoom(10, 5);
        run(new NumberArrivals(showId, 16));

        run(new DrawLine(showId, SEED, 3, ON_SALE));

        assertThat(room().lineDraw().orElseThrow().count()).isEqualTo(3);
        assertThat(room().lineEnd(3)).isEqualTo(3);
    }

    @Test
    void theLineIsCalledAtItsRateWithAtMostASecondsWorthAtOnce() {
        createWithRoom(100, 1_000);
        run(new NumberArrivals(showId, 100));
        run(new DrawLine(showId, SEED, Long.MAX_VALUE, ON_SALE));
        run(new NumberArrivals(showId, 400));

        assertThat(run(new OpenPlaces(showId, 500, ON_SALE.plusMillis(250))))
                .containsExactly(new PlacesOpened(showId, 25, ON_SALE.plusMillis(250)));
        assertThat(run(new OpenPlaces(showId, 500, ON_SALE.plusMillis(255)))).as("less than one place's time").isEmpty();
        run(new OpenPlaces(showId, 500, ON_SALE.plusSeconds(10)));
        assertThat(room().opened()).as("a pause is not made up for").isEqualTo(125);
        run(new OpenPlaces(showId, 130, ON_SALE.plusSeconds(11)));
        assertThat(room().opened()).as("never past the arrivals handed out").isEqualTo(130);
    }

    @Test
    void aRateThatIsNotAWholeNumberOfPlacesPerTickIsKeptOverTime() {
        createWithRoom(15, 1_000);
        run(new NumberArrivals(showId, 500));
        run(new DrawLine(showId, SEED, Long.MAX_VALUE, ON_SALE));

        for (int tick = 1; tick <= 40; tick++) { // every 250 ms for 10 s: 3.75 places a tick
            run(new OpenPlaces(showId, 500, ON_SALE.plusMillis(250L * tick)));
        }

        assertThat(room().opened()).as("15 a second for 10 s, never more").isBetween(149L, 150L);
    }

    @Test
    void nobodyIsCalledBeyondMaxActiveCountingThoseJustCalledWhoHaveNotComeYet() {
        createWithRoom(100, 10);
        run(new NumberArrivals(showId, 100));
        run(new DrawLine(showId, SEED, Long.MAX_VALUE, ON_SALE));
        run(new OpenPlaces(showId, 100, ON_SALE.plusSeconds(1)));
        assertThat(room().opened()).isEqualTo(10);

        run(new OpenPlaces(showId, 100, ON_SALE.plusSeconds(2)));
        assertThat(room().opened()).as("the ten called may still come").isEqualTo(10);

        Instant later = ON_SALE.plusSeconds(1).plus(WaitingRoom.CLAIM_GRACE).plusSeconds(1);
        for (long place = 0; place < 4; place++) {
            run(new ClaimAdmission(showId, place, later));
        }
        run(new OpenPlaces(showId, 100, later));
        assertThat(room().opened()).as("past the grace, only the admitted count").isEqualTo(16);
        assertThat(room().activeAt(later.toEpochMilli())).isEqualTo(4);
    }

    @Test
    void aCalledBuyerIsAdmittedOnceWhileThereIsRoomAndNotAfterTheClaimWindow() {
        Instant opened = onSaleWithTenArrivals(2);

        assertThat(rejected(new ClaimAdmission(showId, 5, opened)).code()).isEqualTo(Rejection.Code.NOT_CALLED_YET);
        assertThat(run(new ClaimAdmission(showId, 0, opened))).containsExactly(
                new BuyerAdmitted(showId, 0, opened.plus(WaitingRoomSettings.DEFAULT_ADMISSION_TTL), opened));
        assertThat(run(new ClaimAdmission(showId, 0, opened.plusSeconds(1)))).as("claimed already").isEmpty();
        assertThat(room().standing(0, opened.toEpochMilli())).isEqualTo(Standing.ADMITTED);
        assertThat(room().standing(1, opened.toEpochMilli())).isEqualTo(Standing.CALLED);
        assertThat(room().standing(1, opened.plus(WaitingRoom.CLAIM_WINDOW).toEpochMilli())).isEqualTo(Standing.EXPIRED);
        assertThat(rejected(new ClaimAdmission(showId, 1, opened.plus(WaitingRoom.CLAIM_WINDOW))).code())
                .isEqualTo(Rejection.Code.ADMISSION_EXPIRED);
        assertThat(room().standing(0, opened.plus(WaitingRoomSettings.DEFAULT_ADMISSION_TTL).toEpochMilli()))
                .as("lapsed").isEqualTo(Standing.EXPIRED);
    }

    @Test
    void whenAsManyAreAdmittedAsTheRoomAllowsACalledBuyerWaitsForOneToLeave() {
        Instant t = onSaleWithTenArrivals(1);
        run(new ClaimAdmission(showId, 0, t));
        Instant afterGrace = t.plus(WaitingRoom.CLAIM_GRACE).plusSeconds(1);
        run(new OpenPlaces(showId, 10, afterGrace));
        assertThat(room().opened()).isEqualTo(1);

        UUID hold = UUID.randomUUID();
        run(new AsAdmittedBuyer(showId, 0, afterGrace, new HoldSeats(showId, hold, List.of(1), afterGrace.plusSeconds(60), afterGrace)));
        assertThat(run(new AsAdmittedBuyer(showId, 0, afterGrace, new ConfirmHold(showId, hold, afterGrace))))
                .containsExactly(new HoldConfirmed(showId, hold, List.of(1), OptionalLong.of(0)));
        assertThat(room().standing(0, afterGrace.toEpochMilli())).as("gone once confirmed").isEqualTo(Standing.EXPIRED);

        run(new OpenPlaces(showId, 10, afterGrace.plusSeconds(1)));
        assertThat(room().opened()).isEqualTo(2);
    }

    @Test
    void anAdmittedBuyersReservationIsOneEventThatTheyLeaveWith() {
        Instant t = onSaleWithTenArrivals(5);
        run(new ClaimAdmission(showId, 3, t));

        assertThat(run(new AsAdmittedBuyer(showId, 3, t, new ReserveSeat(showId, 4))))
                .containsExactly(new SeatReserved(showId, 4, OptionalLong.of(3)));
        assertThat(room().standing(3, t.toEpochMilli())).isEqualTo(Standing.EXPIRED);
        assertThat(room().activeAt(t.toEpochMilli())).isZero();
    }

    @Test
    void aBuyerWhoLeftByTheirOwnEventAsEarlierBuildsWroteItIsGoneAlike() {
        Instant t = onSaleWithTenArrivals(5);
        run(new ClaimAdmission(showId, 3, t));

        harness.apply(new SeatReserved(showId, 4), new BuyerLeft(showId, 3));

        assertThat(room().standing(3, t.toEpochMilli())).isEqualTo(Standing.EXPIRED);
        assertThat(room().activeAt(t.toEpochMilli())).isZero();
    }

    @Test
    void whileTheRoomIsOnSeatsAreTakenOnlyByAdmittedBuyers() {
        Instant t = onSaleWithTenArrivals(5);
        run(new ClaimAdmission(showId, 0, t));
        UUID hold = UUID.randomUUID();
        var holdSeats = new HoldSeats(showId, hold, List.of(1, 2), t.plusSeconds(60), t);

        assertThat(rejected(holdSeats).code()).isEqualTo(Rejection.Code.ADMISSION_REQUIRED);
        assertThat(rejected(new ReserveSeat(showId, 3)).code()).isEqualTo(Rejection.Code.ADMISSION_REQUIRED);
        assertThat(rejected(new AsAdmittedBuyer(showId, 1, t, holdSeats)).code()).as("called, not admitted")
                .isEqualTo(Rejection.Code.ADMISSION_REQUIRED);
        run(new AsAdmittedBuyer(showId, 0, t, holdSeats));
        assertThat(rejected(new ConfirmHold(showId, hold, t)).code()).isEqualTo(Rejection.Code.ADMISSION_REQUIRED);
        assertThat(run(new ReleaseHold(showId, hold, t))).as("letting seats go needs no admission").hasSize(1);
        assertThat(room().standing(0, t.toEpochMilli())).as("released without the token: still admitted").isEqualTo(Standing.ADMITTED);
    }

    @Test
    void aConfirmationAskedAgainGetsTheSameAnswerWithoutAnAdmission() {
        Instant t = onSaleWithTenArrivals(5);
        run(new ClaimAdmission(showId, 0, t));
        UUID hold = UUID.randomUUID();
        run(new AsAdmittedBuyer(showId, 0, t, new HoldSeats(showId, hold, List.of(1), t.plusSeconds(60), t)));
        run(new AsAdmittedBuyer(showId, 0, t, new ConfirmHold(showId, hold, t)));

        assertThat(run(new AsAdmittedBuyer(showId, 0, t, new ConfirmHold(showId, hold, t)))).isEmpty();
        assertThat(run(new ConfirmHold(showId, hold, t))).isEmpty();
    }

    @Test
    void aShowWithoutAWaitingRoomTakesAnAdmittedBuyersCommandAsAnyOther() {
        run(new CreateShow(showId, "Hamlet", 10));

        assertThat(run(new AsAdmittedBuyer(showId, 7, ON_SALE, new ReserveSeat(showId, 1)))).hasSize(1);
        assertThat(rejected(new NumberArrivals(showId, 10)).code()).isEqualTo(Rejection.Code.NO_WAITING_ROOM);
    }

    @Test
    void nobodyIsCalledWhileEverySeatIsHeldAndTheLineMovesOnInOrderWhenOneComesBack() {
        run(new CreateShow(showId, "Hamlet", 2, Optional.of(new WaitingRoomSettings(ON_SALE, 1, 100))));
        run(new NumberArrivals(showId, 10));
        run(new DrawLine(showId, SEED, Long.MAX_VALUE, ON_SALE));
        Instant t = ON_SALE.plusSeconds(1);
        run(new OpenPlaces(showId, 10, t));
        run(new ClaimAdmission(showId, 0, t));
        UUID hold = UUID.randomUUID();
        run(new AsAdmittedBuyer(showId, 0, t, new HoldSeats(showId, hold, List.of(0, 1), t.plusSeconds(60), t)));
        assertThat(harness.show().seatSupply()).isEqualTo(SeatSupply.ALL_HELD);

        assertThat(run(new OpenPlaces(showId, 10, t.plusSeconds(5)))).as("nothing on sale: nobody called").isEmpty();
        assertThat(room().standing(1, t.plusSeconds(5).toEpochMilli())).as("its place kept").isEqualTo(Standing.WAITING);

        run(new AsAdmittedBuyer(showId, 0, t.plusSeconds(6), new ReleaseHold(showId, hold, t.plusSeconds(6))));
        assertThat(harness.show().seatSupply()).isEqualTo(SeatSupply.AVAILABLE);
        assertThat(run(new OpenPlaces(showId, 10, t.plusSeconds(7)))).as("the next in line, at the rate")
                .containsExactly(new PlacesOpened(showId, 2, t.plusSeconds(7)));
    }

    @Test
    void aCalledBuyerIsNotAdmittedToAShowSoldOutButIsWhileSeatsHeldMayComeBack() {
        run(new CreateShow(showId, "Hamlet", 1, Optional.of(new WaitingRoomSettings(ON_SALE, 100, 100))));
        run(new NumberArrivals(showId, 10));
        run(new DrawLine(showId, SEED, Long.MAX_VALUE, ON_SALE));
        Instant t = ON_SALE.plusSeconds(1);
        run(new OpenPlaces(showId, 10, t));
        run(new ClaimAdmission(showId, 0, t));
        UUID hold = UUID.randomUUID();
        run(new AsAdmittedBuyer(showId, 0, t, new HoldSeats(showId, hold, List.of(0), t.plusSeconds(60), t)));

        assertThat(run(new ClaimAdmission(showId, 1, t))).as("the held seat may come back").hasSize(1);
        run(new AsAdmittedBuyer(showId, 0, t, new ConfirmHold(showId, hold, t)));
        assertThat(harness.show().seatSupply()).isEqualTo(SeatSupply.SOLD_OUT);
        Rejection soldOut = rejected(new ClaimAdmission(showId, 2, t));
        assertThat(soldOut.code()).isEqualTo(Rejection.Code.SOLD_OUT);
        assertThat(soldOut.message()).contains("sold");
        assertThat(room().standing(1, t.toEpochMilli())).as("admitted, holding nothing: still admitted").isEqualTo(Standing.ADMITTED);
    }

    /** A room calling up to 100 places a second, with ten arrivals, drawn, its first places called a second in. */
    private Instant onSaleWithTenArrivals(int maxActive) {
        createWithRoom(100, maxActive);
        run(new NumberArrivals(showId, 10));
        run(new DrawLine(showId, SEED, Long.MAX_VALUE, ON_SALE));
        Instant opened = ON_SALE.plusSeconds(1);
        run(new OpenPlaces(showId, 10, opened));
        return opened;
    }

    private void createWithRoom(int admitPerSecond, int maxActive) {
        run(new CreateShow(showId, "Hamlet", 100, Optional.of(new WaitingRoomSettings(ON_SALE, admitPerSecond, maxActive))));
    }

    private List<ShowEvent> run(ShowCommand command) {
        return harness.run(command);
    }

    private Rejection rejected(ShowCommand command) {
        return harness.rejected(command);
    }

    private WaitingRoom room() {
        return harness.show().waitingRoom().orElseThrow();
    }
}
