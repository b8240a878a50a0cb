package dev.boxoffice.domain;

import dev.boxoffice.domain.Rejection.Code;
import dev.boxoffice.domain.ShowEvent.HoldReleased;
import dev.boxoffice.domain.ShowState.Show;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Seats asked for together, as a show has them at {@code now}: those not in the hall, those taken (reserved, or held
 * by a live hold), and the holds whose time is up that hold some of them. The change they ask for happens to all of
 * them or to none.
 */
record SeatChoice(Show show, List<Integer> outOfRange, List<Integer> taken, List<Hold> expiredHolding) {

    static SeatChoice of(Show show, List<Integer> seats, Instant now) {
        List<Integer> outOfRange = new ArrayList<>();
        boolean anyHeld = false;
        for (int seat : seats) {
            if (seat >= show.seatCount()) {
                outOfRange.add(seat);
            } else {
                anyHeld |= show.seatMap().status(seat) == SeatStatus.HELD;
            }
        }
        // Only a held seat can be freed by an expiry: the common case, free seats, never looks at the holds.
        List<Hold> holding = anyHeld ? expiredHolding(show, seats, now) : List.of();
        Set<Integer> freedByExpiry = new HashSet<>();
        holding.forEach(hold -> hold.seatList().forEach(freedByExpiry::add));
        List<Integer> taken = new ArrayList<>();
        for (int seat : seats) {
            if (seat < show.seatCount()) {
                SeatStatus status = show.seatMap().status(seat);
                if (status == SeatStatus.RESERVED || status == SeatStatus.HELD && !freedByExpiry.contains(seat)) {
                    taken.add(seat);
                }
            }
        }
        return new SeatChoice(show, outOfRange, taken, holding);
    }

    /** The holds whose time is up at {@code now} that hold some of {@code seats}. */
    private static List<Hold> expiredHolding(Show show, List<Integer> seats, Instant now) {
        Set<Integer> asked = new HashSet<>(seats);
        List<Hold> holding = new ArrayList<>();
        for (Hold hold : show.holds().expiredBy(now)) {
            if (hold.seatList().stream().anyMatch(asked::contains)) {
                holding.add(hold);
            }
        }
        return holding;
    }

    /**
     * {@code change} if every seat is free, after the releases of the expired holds that held some of them; else the
     * refusal that names every seat out of the hall, or every seat taken.
     */
    Decision<ShowEvent> decide(ShowEvent change) {
        if (!outOfRange.isEmpty()) {
            return Decision.reject(Code.SEATS_OUT_OF_RANGE, "Seats " + outOfRange + " do not exist; seats are numbered 0 to "
                    + (show.seatCount() - 1) + ".", outOfRange);
        }
        if (!taken.isEmpty()) {
            return Decision.reject(Code.SEATS_NOT_AVAILABLE, "Seats " + taken + " are not available.", taken);
        }
        List<ShowEvent> events = new ArrayList<>();
        expiredHolding.forEach(hold -> events.add(new HoldReleased(show.id(), hold.id(), hold.seatList(), HoldReleased.Reason.EXPIRED)));
        events.add(change);
        return Decision.accept(events);
    }
}
