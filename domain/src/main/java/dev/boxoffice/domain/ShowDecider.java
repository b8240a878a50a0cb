package dev.boxoffice.domain;

import dev.boxoffice.domain.Rejection.Code;
import dev.boxoffice.domain.ShowCommand.AsAdmittedBuyer;
import dev.boxoffice.domain.ShowCommand.CancelSeatReservation;
import dev.boxoffice.domain.ShowCommand.ClaimAdmission;
import dev.boxoffice.domain.ShowCommand.ControlLine;
import dev.boxoffice.domain.ShowCommand.DrawLine;
import dev.boxoffice.domain.ShowCommand.NumberArrivals;
import dev.boxoffice.domain.ShowCommand.OpenPlaces;
import dev.boxoffice.domain.ShowCommand.SetWaitingRoom;
import dev.boxoffice.domain.ShowCommand.ConfirmHold;
import dev.boxoffice.domain.ShowCommand.CreateShow;
import dev.boxoffice.domain.ShowCommand.ExpireHold;
import dev.boxoffice.domain.ShowCommand.HoldBestAvailable;
import dev.boxoffice.domain.ShowCommand.HoldSeats;
import dev.boxoffice.domain.ShowCommand.ReleaseHold;
import dev.boxoffice.domain.ShowCommand.ReserveSeat;
import dev.boxoffice.domain.ShowCommand.ReserveSeats;
import dev.boxoffice.domain.ShowEvent.ArrivalsNumbered;
import dev.boxoffice.domain.ShowEvent.BuyerAdmitted;
import dev.boxoffice.domain.ShowEvent.BuyerLeft;
import dev.boxoffice.domain.ShowEvent.EndsAdmission;
import dev.boxoffice.domain.ShowEvent.HoldConfirmed;
import dev.boxoffice.domain.ShowEvent.LineControlled;
import dev.boxoffice.domain.ShowEvent.LineDrawn;
import dev.boxoffice.domain.ShowEvent.PlacesOpened;
import dev.boxoffice.domain.ShowEvent.WaitingRoomSet;
import dev.boxoffice.domain.ShowEvent.HoldReleased;
import dev.boxoffice.domain.ShowEvent.SeatReservationCancelled;
import dev.boxoffice.domain.ShowEvent.SeatReserved;
import dev.boxoffice.domain.ShowEvent.SeatsHeld;
import dev.boxoffice.domain.ShowEvent.SeatsReserved;
import dev.boxoffice.domain.ShowEvent.ShowCreated;
import dev.boxoffice.domain.ShowState.NotCreated;
import dev.boxoffice.domain.ShowState.Show;
import java.util.List;
import java.util.function.Function;

/**
 * The rules of a show: a seat is available, held by one live hold, or reserved by one reservation; several seats
 * change together or not at all; a hold whose time is up no longer holds its seats, even before its release is
 * recorded; while a waiting room is on, seats are taken only by buyers it admitted ({@link LineRules}).
 */
public final class ShowDecider implements Decider<ShowCommand, ShowEvent, ShowState> {

    @Override
    public ShowState initialState() {
        return ShowState.NOT_CREATED;
    }

    @Override
    public Decision<ShowEvent> decide(ShowCommand command, ShowState state) {
        if (command instanceof CreateShow create) {
            return state instanceof Show ? Decision.reject(Code.SHOW_ALREADY_EXISTS, "Show " + create.showId() + " already exists.")
                    : Decision.accept(created(create));
        }
        if (!(state instanceof Show show)) {
            return Decision.reject(Code.SHOW_NOT_FOUND, "Show not found.");
        }
        if (command instanceof AsAdmittedBuyer admitted) {
            return LineRules.asAdmitted(show, admitted, this::decideFor);
        }
        Decision<ShowEvent> decided = decideFor(command, show);
        return LineRules.needsAdmission(command) ? LineRules.unadmitted(show, decided) : decided;
    }

    private static List<ShowEvent> created(CreateShow create) {
        var created = new ShowCreated(create.showId(), create.title(), create.hall());
        return create.waitingRoom().<List<ShowEvent>>map(room -> List.of(created, new WaitingRoomSet(create.showId(), room)))
                .orElse(List.of(created));
    }

    /** A plain command's decision, before the waiting room has its say. */
    private Decision<ShowEvent> decideFor(ShowCommand command, Show show) {
        return switch (command) {
            case CreateShow create -> throw new IllegalStateException("decided above");
            case AsAdmittedBuyer admitted -> throw new IllegalStateException("decided above");
            case ReserveSeat reserve -> withSeat(show, reserve.seatNumber(), seat -> seat.isAvailable()
                    ? Decision.accept(new SeatReserved(show.id(), seat.number()))
                    : Decision.reject(Code.SEAT_NOT_AVAILABLE, "Seat " + seat.number() + " is already " + taken(seat) + "."));
            case CancelSeatReservation cancel -> withSeat(show, cancel.seatNumber(), seat -> seat.status() == SeatStatus.RESERVED
                    ? Decision.accept(new SeatReservationCancelled(show.id(), seat.number()))
                    : Decision.reject(Code.SEAT_NOT_RESERVED, "Seat " + seat.number() + " is not reserved."));
            case ReserveSeats reserve -> SeatChoice.of(show, reserve.seats(), reserve.now())
                    .decide(new SeatsReserved(show.id(), reserve.seats()));
            case HoldSeats hold -> show.hold(hold.holdId()).isPresent()
                    ? Decision.reject(Code.HOLD_ALREADY_EXISTS, "Hold " + hold.holdId() + " exists already.")
                    : SeatChoice.of(show, hold.seats(), hold.now())
                            .decide(new SeatsHeld(show.id(), hold.holdId(), hold.seats(), hold.expiresAt()));
            case HoldBestAvailable hold -> show.hold(hold.holdId()).isPresent()
                    ? Decision.reject(Code.HOLD_ALREADY_EXISTS, "Hold " + hold.holdId() + " exists already.")
                    : BestAvailable.decide(show, hold);
            case ConfirmHold confirm -> HoldRules.confirm(show, confirm);
            case ReleaseHold release -> HoldRules.release(show, release);
            case ExpireHold expire -> HoldRules.expire(show, expire);
            case SetWaitingRoom set -> LineRules.setWaitingRoom(show, set);
            case NumberArrivals number -> LineRules.numberArrivals(show, number);
            case DrawLine draw -> LineRules.draw(show, draw);
            case OpenPlaces open -> LineRules.open(show, open);
            case ClaimAdmission claim -> LineRules.claim(show, claim);
            case ControlLine control -> LineRules.control(show, control);
        };
    }

    @Override
    public ShowState evolve(ShowState state, ShowEvent event) {
        if (event instanceof ShowCreated created) {
            Hall hall = Hall.of(created.hall());
            return new Show(created.showId(), created.title(), hall, SeatMap.allAvailable(hall.size()));
        }
        if (!(state instanceof Show show)) { // events only ever follow a ShowCreated: anything else is a corrupt stream
            throw new IllegalStateException(event.getClass().getSimpleName() + " before ShowCreated for show " + event.showId());
        }
        Show changed = changed(show, event);
        return event instanceof EndsAdmission ends && ends.leavingBuyer().isPresent()
                ? changed.with(room(changed, event).left(ends.leavingBuyer().getAsLong())) : changed;
    }

    private static Show changed(Show show, ShowEvent event) {
        SeatMap seats = show.seatMap();
        Holds holds = show.holds();
        return switch (event) {
            case ShowCreated created -> throw new IllegalStateException("applied above");
            case SeatReserved reserved -> show.with(seats.reserve(reserved.seatNumber()), holds);
            case SeatReservationCancelled cancelled -> show.with(seats.release(cancelled.seatNumber()), holds);
            case SeatsReserved reserved -> show.with(seats.reserve(array(reserved.seats())), holds);
            case SeatsHeld held -> show.with(seats.hold(array(held.seats())),
                    holds.place(Hold.of(held.holdId(), held.seats(), held.expiresAt())));
            case HoldConfirmed confirmed -> show.with(seats.reserve(array(confirmed.seats())),
                    holds.end(confirmed.holdId(), HoldStatus.CONFIRMED));
            case HoldReleased released -> show.with(seats.release(array(released.seats())), holds.end(released.holdId(),
                    released.reason() == HoldReleased.Reason.EXPIRED ? HoldStatus.EXPIRED : HoldStatus.RELEASED));
            case WaitingRoomSet set -> show.with(WaitingRoom.of(set.settings()));
            case ArrivalsNumbered numbered -> show.with(room(show, event).numberedUpTo(numbered.upTo()));
            case LineDrawn drawn -> show.with(room(show, event).drawn(drawn.draw()));
            case PlacesOpened opened -> show.with(room(show, event).openedUpTo(opened.upTo(), opened.at().toEpochMilli()));
            case BuyerAdmitted admitted -> show.with(room(show, event).admitted(admitted.place(),
                    admitted.lapsesAt().toEpochMilli(), admitted.at().toEpochMilli()));
            case BuyerLeft left -> show.with(room(show, event).left(left.place()));
            case LineControlled controlled -> show.with(room(show, event).controlled(controlled));
        };
    }

    private static WaitingRoom room(Show show, ShowEvent event) {
        return show.waitingRoom().orElseThrow(() -> new IllegalStateException(
                event.getClass().getSimpleName() + " before WaitingRoomSet for show " + event.showId()));
    }

    private static Decision<ShowEvent> withSeat(Show show, int number, Function<Seat, Decision<ShowEvent>> decision) {
        return show.seat(number).map(decision).orElseGet(() -> Decision.reject(Code.SEAT_NOT_FOUND,
                "Seat " + number + " does not exist; seats are numbered 0 to " + (show.seatCount() - 1) + "."));
    }

    private static String taken(Seat seat) {
        return seat.status() == SeatStatus.HELD ? "held" : "reserved";
    }

    static int[] array(List<Integer> seats) {
        return seats.stream().mapToInt(Integer::intValue).toArray();
    }
}
