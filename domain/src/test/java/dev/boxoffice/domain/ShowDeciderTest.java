package dev.boxoffice.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.boxoffice.domain.ShowCommand.CancelSeatReservation;
import dev.boxoffice.domain.ShowCommand.CreateShow;
import dev.boxoffice.domain.ShowCommand.ReserveSeat;
import dev.boxoffice.domain.ShowEvent.SeatReservationCancelled;
import dev.boxoffice.domain.ShowEvent.SeatReserved;
import dev.boxoffice.domain.ShowEvent.ShowCreated;
import java.math.BigDecimal;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class ShowDeciderTest {

    private final ShowDecider decider = new ShowDecider();
    private final UUID showId = UUID.randomUUID();

    @Test
    void createsAShowWithNumberedAvailableSeatsAtTheInitialPrice() {
        List<ShowEvent> events = accepted(decider.decide(new CreateShow(showId, "Hamlet", 3), ShowState.NOT_CREATED));

        assertThat(events).singleElement().isInstanceOfSatisfying(ShowCreated.class, created -> {
            assertThat(created.showId()).isEqualTo(showId);
            assertThat(created.title()).isEqualTo("Hamlet");
            assertThat(created.hall()).isEqualTo(HallPlan.uniform(3, BigDecimal.valueOf(100)));
        });
        ShowState.Show show = (ShowState.Show) decider.evolve(ShowState.NOT_CREATED, events.get(0));
        assertThat(show.seats()).extracting(Seat::number).containsExactly(0, 1, 2);
        assertThat(show.seats()).allSatisfy(seat -> {
            assertThat(seat.status()).isEqualTo(SeatStatus.AVAILABLE);
            assertThat(seat.price()).isEqualByComparingTo(BigDecimal.valueOf(100));
        });
    }

    @Test
    void refusesToCreateAShowTwice() {
        ShowState show = created(2);

        assertThat(rejected(decider.decide(new CreateShow(showId, "Again", 5), show)))
                .isEqualTo(Rejection.Code.SHOW_ALREADY_EXISTS);
    }

    @Test
    void reservesAnAvailableSeat() {
        ShowState show = created(2);

        assertThat(accepted(decider.decide(new ReserveSeat(showId, 1), show)))
                .containsExactly(new SeatReserved(showId, 1));
    }

    @Test
    void refusesToReserveAReservedSeat() {
        ShowState show = decider.evolve(created(2), new SeatReserved(showId, 1));

        assertThat(rejected(decider.decide(new ReserveSeat(showId, 1), show))).isEqualTo(Rejection.Code.SEAT_NOT_AVAILABLE);
    }

    @Test
    void cancelsAReservation() {
        ShowState show = decider.evolve(created(2), new SeatReserved(showId, 0));

        assertThat(accepted(decider.decide(new CancelSeatReservation(showId, 0), show)))
                .containsExactly(new SeatReservationCancelled(showId, 0));
        ShowState after = decider.evolve(show, new SeatReservationCancelled(showId, 0));
        assertThat(((ShowState.Show) after).seat(0)).get().extracting(Seat::status).isEqualTo(SeatStatus.AVAILABLE);
    }

    @Test
    void refusesToCancelASeatThatIsNotReserved() {
        assertThat(rejected(decider.decide(new CancelSeatReservation(showId, 0), created(2))))
                .isEqualTo(Rejection.Code.SEAT_NOT_RESERVED);
    }

    @Test
    void refusesSeatsOutsideTheShow() {
        ShowState show = created(2);

        assertThat(rejected(decider.decide(new ReserveSeat(showId, 2), show))).isEqualTo(Rejection.Code.SEAT_NOT_FOUND);
        assertThat(rejected(decider.decide(new ReserveSeat(showId, -1), show))).isEqualTo(Rejection.Code.SEAT_NOT_FOUND);
        assertThat(rejected(decider.decide(new CancelSeatReservation(showId, 7), show))).isEqualTo(Rejection.Code.SEAT_NOT_FOUND);
    }

    @Test
    void refusesSeatCommandsForAShowThatDoesNotExist() {
        assertThat(rejected(decider.decide(new ReserveSeat(showId, 0), ShowState.NOT_CREATED)))
                .isEqualTo(Rejection.Code.SHOW_NOT_FOUND);
        assertThat(rejected(decider.decide(new CancelSeatReservation(showId, 0), ShowState.NOT_CREATED)))
                .isEqualTo(Rejection.Code.SHOW_NOT_FOUND);
    }

    @Test
    void createShowChecksItsInput() {
        assertThatThrownBy(() -> new CreateShow(showId, " ", 5)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new CreateShow(showId, "x".repeat(201), 5)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new CreateShow(showId, "Hamlet", 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new CreateShow(showId, "Hamlet", 100_001)).isInstanceOf(IllegalArgumentException.class);
        assertThat(new CreateShow(showId, "x".repeat(200), 100_000).hall().seatCount()).isEqualTo(100_000);
    }

    @Test
    void aSeatEventBeforeTheShowExistsIsACorruptStream() {
        assertThatThrownBy(() -> decider.evolve(ShowState.NOT_CREATED, new SeatReserved(showId, 0)))
                .isInstanceOf(IllegalStateException.class);
    }

    private ShowState created(int seats) {
        ShowEvent created = accepted(decider.decide(new CreateShow(showId, "Hamlet", seats), ShowState.NOT_CREATED)).get(0);
        return decider.evolve(ShowState.NOT_CREATED, created);
    }

    private static List<ShowEvent> accepted(Decision<ShowEvent> decision) {
        assertThat(decision).isInstanceOf(Decision.Accepted.class);
        return ((Decision.Accepted<ShowEvent>) decision).events();
    }

    private static Rejection.Code rejected(Decision<ShowEvent> decision) {
        assertThat(decision).isInstanceOf(Decision.Rejected.class);
        return ((Decision.Rejected<ShowEvent>) decision).rejection().code();
    }
}
