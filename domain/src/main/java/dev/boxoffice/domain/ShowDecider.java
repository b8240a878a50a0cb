package dev.boxoffice.domain;

import dev.boxoffice.domain.Rejection.Code;
import dev.boxoffice.domain.ShowCommand.CancelSeatReservation;
import dev.boxoffice.domain.ShowCommand.CreateShow;
import dev.boxoffice.domain.ShowCommand.ReserveSeat;
import dev.boxoffice.domain.ShowEvent.SeatReservationCancelled;
import dev.boxoffice.domain.ShowEvent.SeatReserved;
import dev.boxoffice.domain.ShowEvent.ShowCreated;
import dev.boxoffice.domain.ShowState.NotCreated;
import dev.boxoffice.domain.ShowState.Show;

/** The rules of a show: seats are created available and each is reserved by at most one reservation at a time. */
public final class ShowDecider implements Decider<ShowCommand, ShowEvent, ShowState> {

    @Override
    public ShowState initialState() {
        return ShowState.NOT_CREATED;
    }

    @Override
    public Decision<ShowEvent> decide(ShowCommand command, ShowState state) {
        return switch (command) {
            case CreateShow create -> create(create, state);
            case ReserveSeat reserve -> withSeat(state, reserve.seatNumber(), (show, seat) -> seat.isAvailable()
                    ? Decision.accept(new SeatReserved(show.id(), seat.number()))
                    : Decision.reject(Code.SEAT_NOT_AVAILABLE, "Seat " + seat.number() + " is already reserved."));
            case CancelSeatReservation cancel -> withSeat(state, cancel.seatNumber(), (show, seat) -> seat.isAvailable()
                    ? Decision.reject(Code.SEAT_NOT_RESERVED, "Seat " + seat.number() + " is not reserved.")
                    : Decision.accept(new SeatReservationCancelled(show.id(), seat.number())));
        };
    }

    @Override
    public ShowState evolve(ShowState state, ShowEvent event) {
        return switch (event) {
            case ShowCreated created -> new Show(created.showId(), created.title(), created.price(),
                    SeatMap.allAvailable(created.seatCount()));
            case SeatReserved reserved -> existing(state, event).withSeatStatus(reserved.seatNumber(), SeatStatus.RESERVED);
            case SeatReservationCancelled cancelled ->
                    existing(state, event).withSeatStatus(cancelled.seatNumber(), SeatStatus.AVAILABLE);
        };
    }

    private static Decision<ShowEvent> create(CreateShow create, ShowState state) {
        if (state instanceof Show) {
            return Decision.reject(Code.SHOW_ALREADY_EXISTS, "Show " + create.showId() + " already exists.");
        }
        return Decision.accept(new ShowCreated(create.showId(), create.title(), create.maxSeats(), ShowRules.INITIAL_SEAT_PRICE));
    }

    private interface SeatDecision {
        Decision<ShowEvent> decide(Show show, Seat seat);
    }

    private static Decision<ShowEvent> withSeat(ShowState state, int seatNumber, SeatDecision decision) {
        if (!(state instanceof Show show)) {
            return Decision.reject(Code.SHOW_NOT_FOUND, "Show not found.");
        }
        return show.seat(seatNumber)
                .map(seat -> decision.decide(show, seat))
                .orElseGet(() -> Decision.reject(Code.SEAT_NOT_FOUND,
                        "Seat " + seatNumber + " does not exist; seats are numbered 0 to " + (show.seatCount() - 1) + "."));
    }

    /** Events only ever follow a ShowCreated; anything else is a corrupt stream, not a business case. */
    private static Show existing(ShowState state, ShowEvent event) {
        if (state instanceof NotCreated) {
            throw new IllegalStateException(event.getClass().getSimpleName() + " before ShowCreated for show " + event.showId());
        }
        return (Show) state;
    }
}
