package dev.boxoffice.domain;

import dev.boxoffice.domain.Rejection.Code;
import dev.boxoffice.domain.ShowCommand.AsAdmittedBuyer;
import dev.boxoffice.domain.ShowCommand.ClaimAdmission;
import dev.boxoffice.domain.ShowCommand.ControlLine;
import dev.boxoffice.domain.ShowCommand.ConfirmHold;
import dev.boxoffice.domain.ShowCommand.DrawLine;
import dev.boxoffice.domain.ShowCommand.HoldBestAvailable;
import dev.boxoffice.domain.ShowCommand.HoldSeats;
import dev.boxoffice.domain.ShowCommand.NumberArrivals;
import dev.boxoffice.domain.ShowCommand.OpenPlaces;
import dev.boxoffice.domain.ShowCommand.ReleaseHold;
import dev.boxoffice.domain.ShowCommand.ReserveSeat;
import dev.boxoffice.domain.ShowCommand.ReserveSeats;
import dev.boxoffice.domain.ShowCommand.SetWaitingRoom;
import dev.boxoffice.domain.ShowEvent.ArrivalsNumbered;
import dev.boxoffice.domain.ShowEvent.BuyerAdmitted;
import dev.boxoffice.domain.ShowEvent.BuyerLeft;
import dev.boxoffice.domain.ShowEvent.EndsAdmission;
import dev.boxoffice.domain.ShowEvent.LineControlled;
import dev.boxoffice.domain.ShowEvent.LineDrawn;
import dev.boxoffice.domain.ShowEvent.PlacesOpened;
import dev.boxoffice.domain.ShowEvent.WaitingRoomSet;
import dev.boxoffice.domain.ShowState.Show;
import dev.boxoffice.domain.WaitingRoom.Standing;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The rules of a show's waiting room: the line opens in order, at most at its rate, never calling more than
 * {@code maxActive} buyers at once (admitted ones, and those called a moment ago who have not come yet), and nobody
 * while no seat is on sale; a called buyer claims an admission while there is room and a seat is on sale or held; and while the room is on, a hold, a reservation or a confirmation
 * changes the show only when an admitted buyer sends it, who leaves once they confirm, reserve or release.
 */
final class LineRules {

    private LineRules() {
    }

    static Decision<ShowEvent> setWaitingRoom(Show show, SetWaitingRoom set) {
        return show.waitingRoom().isPresent()
                ? Decision.reject(Code.WAITING_ROOM_EXISTS, "Show " + show.id() + " has a waiting room already.")
                : Decision.accept(new WaitingRoomSet(show.id(), set.settings()));
    }

    static Decision<ShowEvent> numberArrivals(Show show, NumberArrivals number) {
        return withRoom(show, room -> room.steering().closed() ? new Decision.Rejected<>(LineSteering.closed(show.id()))
                : Decision.accept(new ArrivalsNumbered(show.id(), room.numbered() + number.count())));
    }

    /** An operator's control: recorded when it changes something (a pause of a paused line does not). */
    static Decision<ShowEvent> control(Show show, ControlLine control) {
        return withRoom(show, room -> {
            boolean changes = switch (control.control()) {
                case LineControl.SetRate rate -> rate.admitPerSecond() != room.settings().admitPerSecond();
                case LineControl.SetMaxActive max -> max.maxActive() != room.settings().maxActive();
                case LineControl.Pause pause -> !room.steering().paused();
                case LineControl.Resume resume -> room.steering().paused();
                case LineControl.Close close -> !room.steering().closed();
            };
            return changes ? Decision.accept(new LineControlled(show.id(), control.control(), control.operator(), control.now()))
                    : Decision.unchanged();
        });
    }

    static Decision<ShowEvent> draw(Show show, DrawLine draw) {
        return withRoom(show, room -> {
            if (room.lineDraw().isPresent()) {
                return Decision.unchanged();
            }
            if (draw.now().isBefore(room.settings().onSaleAt())) {
                return Decision.reject(Code.NOT_ON_SALE_YET, "The on-sale starts at " + room.settings().onSaleAt() + ".");
            }
            long count = Math.max(0, Math.min(draw.issued(), room.numbered()));
            return Decision.accept(new LineDrawn(show.id(), new LineDraw(draw.seed(), count, draw.now().toEpochMilli())));
        });
    }

    static Decision<ShowEvent> open(Show show, OpenPlaces open) {
        return withRoom(show, room -> {
            long now = open.now().toEpochMilli();
            int rate = room.settings().admitPerSecond();
            long waiting = room.lineEnd(open.issued()) - room.opened();
            long budgetFrom = Math.max(room.lastOpenedAtMillis(), now - WaitingRoom.MAX_BURST.toMillis());
            long byRate = rate * Math.max(0, now - budgetFrom) / 1000;
            long byRoom = room.settings().maxActive() - room.activeAt(now) - room.calledUnclaimedAt(now);
            long count = Math.min(waiting, Math.min(byRate, byRoom));
            // Places kept until seats come back, or until the operators resume the line.
            if (count <= 0 || show.seatSupply() != SeatSupply.AVAILABLE || room.steering().paused()) {
                return Decision.unchanged();
            }
            // Opened at the rate, the places' time is spent and the rest carried to the next opening (rounded up:
            // never faster than the rate): with whole places per tick, 3.75 places a tick dropped to 3 was 80 %.
            Instant spentUpTo = count == byRate ? Instant.ofEpochMilli(budgetFrom + (count * 1000 + rate - 1) / rate) : open.now();
            return Decision.accept(new PlacesOpened(show.id(), room.opened() + count, spentUpTo));
        });
    }

    static Decision<ShowEvent> claim(Show show, ClaimAdmission claim) {
        return withRoom(show, room -> {
            long now = claim.now().toEpochMilli();
            return switch (room.standing(claim.place(), now)) {
                case WAITING -> Decision.reject(Code.NOT_CALLED_YET, "Place " + claim.place() + " is not called yet.");
                case ADMITTED -> Decision.unchanged();
                case EXPIRED -> Decision.reject(Code.ADMISSION_EXPIRED, "The admission of place " + claim.place()
                        + " has ended, or was not claimed in time; join the queue again.");
                case CALLED -> show.seatSupply() == SeatSupply.SOLD_OUT ? new Decision.Rejected<>(SeatSupply.soldOut(show.id()))
                        : room.activeAt(now) >= room.settings().maxActive()
                        ? Decision.reject(Code.WAITING_ROOM_FULL, "As many buyers as the show admits at once are buying.")
                        : Decision.accept(new BuyerAdmitted(show.id(), claim.place(),
                                claim.now().plus(room.settings().admissionTtl()), claim.now()));
            };
        });
    }

    /** Whether {@code command} needs an admitted buyer while a waiting room is on: it would take seats. */
    static boolean needsAdmission(ShowCommand command) {
        return command instanceof HoldSeats || command instanceof HoldBestAvailable || command instanceof ReserveSeats || command instanceof ReserveSeat
                || command instanceof ConfirmHold;
    }

    /**
     * A command that needs an admission, sent without one: decided as usual when it would change nothing (a
     * confirmation asked again gets the same answer), else refused while the show has a waiting room.
     */
    static Decision<ShowEvent> unadmitted(Show show, Decision<ShowEvent> decided) {
        if (show.waitingRoom().isEmpty() || !changes(decided)) {
            return decided;
        }
        return Decision.reject(Code.ADMISSION_REQUIRED, "Show " + show.id()
                + " sells through its waiting room: join the queue and send the admission token you are given.");
    }

    /**
     * A command sent by the admitted buyer at a place: it changes the show only while their admission lasts, and
     * a confirmation, a reservation or a release ends it.
     */
    static Decision<ShowEvent> asAdmitted(Show show, AsAdmittedBuyer admitted,
            BiFunction<ShowCommand, Show, Decision<ShowEvent>> decide) {
        Decision<ShowEvent> decided = decide.apply(admitted.command(), show);
        if (show.waitingRoom().isEmpty() || !changes(decided)) {
            return decided;
        }
        WaitingRoom room = show.waitingRoom().get();
        if (room.standing(admitted.place(), admitted.now().toEpochMilli()) != Standing.ADMITTED) {
            return needsAdmission(admitted.command()) ? Decision.reject(Code.ADMISSION_REQUIRED, "The admission of place "
                    + admitted.place() + " has ended; join the queue again.") : decided;
        }
        if (!endsAdmission(admitted.command())) {
            return decided;
        }
        List<ShowEvent> events = new ArrayList<>(((Decision.Accepted<ShowEvent>) decided).events());
        int last = events.size() - 1;
        if (events.get(last) instanceof EndsAdmission purchase && purchase.leavingBuyer().isEmpty()) {
            events.set(last, purchase.leftBy(admitted.place())); // one event, one row: the purchase and the leaving
        } else {
            events.add(new BuyerLeft(show.id(), admitted.place()));
        }
        return Decision.accept(events);
    }

    /** A buyer is done once they confirm, reserve or release. */
    private static boolean endsAdmission(ShowCommand command) {
        return command instanceof ConfirmHold || command instanceof ReserveSeats || command instanceof ReserveSeat
                || command instanceof ReleaseHold;
    }

    private static boolean changes(Decision<ShowEvent> decided) {
        return decided instanceof Decision.Accepted<ShowEvent> accepted && !accepted.events().isEmpty();
    }

    private static Decision<ShowEvent> withRoom(Show show, Function<WaitingRoom, Decision<ShowEvent>> decide) {
        return show.waitingRoom().map(decide).orElseGet(() ->
                Decision.reject(Code.NO_WAITING_ROOM, "Show " + show.id() + " has no waiting room."));
    }
}
