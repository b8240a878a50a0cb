package dev.boxoffice.domain;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.UUID;

public sealed interface ShowEvent {

    UUID showId();

    /** A show in {@code hall}, every seat available. */
    record ShowCreated(UUID showId, String title, HallPlan hall) implements ShowEvent {
        public ShowCreated {
            Objects.requireNonNull(hall, "hall");
        }

        /** As earlier builds recorded a show: {@code seatCount} seats at one {@code price} ({@link HallPlan#uniform}). */
        public ShowCreated(UUID showId, String title, int seatCount, BigDecimal price) {
            this(showId, title, HallPlan.uniform(seatCount, price));
        }
    }

    /**
     * What an admitted buyer's purchase may end with: they leave the waiting room with it. The buyer's place rides on
     * the event (one row in the log, not two), or is empty when no waiting room's buyer sent it.
     */
    sealed interface EndsAdmission extends ShowEvent {

        /** The place in the line of the admitted buyer who leaves with this event, if one does. */
        OptionalLong leavingBuyer();

        /** This event, as the one the admitted buyer at {@code place} leaves with. */
        EndsAdmission leftBy(long place);
    }

    record SeatReserved(UUID showId, int seatNumber, OptionalLong leavingBuyer) implements EndsAdmission {
        public SeatReserved {
            Objects.requireNonNull(leavingBuyer, "leavingBuyer");
        }

        public SeatReserved(UUID showId, int seatNumber) {
            this(showId, seatNumber, OptionalLong.empty());
        }

        @Override
        public SeatReserved leftBy(long place) {
            return new SeatReserved(showId, seatNumber, OptionalLong.of(place));
        }
    }

    record SeatReservationCancelled(UUID showId, int seatNumber) implements ShowEvent {
    }

    /** Several seats reserved at once, all of them or none. */
    record SeatsReserved(UUID showId, List<Integer> seats, OptionalLong leavingBuyer) implements EndsAdmission {
        public SeatsReserved {
            seats = List.copyOf(seats);
            Objects.requireNonNull(leavingBuyer, "leavingBuyer");
        }

        public SeatsReserved(UUID showId, List<Integer> seats) {
            this(showId, seats, OptionalLong.empty());
        }

        @Override
        public SeatsReserved leftBy(long place) {
            return new SeatsReserved(showId, seats, OptionalLong.of(place));
        }
    }

    /** Seats held for a buyer until {@code expiresAt}. */
    record SeatsHeld(UUID showId, UUID holdId, List<Integer> seats, Instant expiresAt) implements ShowEvent {
        public SeatsHeld {
            Objects.requireNonNull(holdId, "holdId");
            Objects.requireNonNull(expiresAt, "expiresAt");
            seats = List.copyOf(seats);
        }
    }

    /** A hold's seats are reserved. */
    record HoldConfirmed(UUID showId, UUID holdId, List<Integer> seats, OptionalLong leavingBuyer) implements EndsAdmission {
        public HoldConfirmed {
            seats = List.copyOf(seats);
            Objects.requireNonNull(leavingBuyer, "leavingBuyer");
        }

        public HoldConfirmed(UUID showId, UUID holdId, List<Integer> seats) {
            this(showId, holdId, seats, OptionalLong.empty());
        }

        @Override
        public HoldConfirmed leftBy(long place) {
            return new HoldConfirmed(showId, holdId, seats, OptionalLong.of(place));
        }
    }

    /** A hold's seats are available again: its buyer let them go, or it ran out. */
    record HoldReleased(UUID showId, UUID holdId, List<Integer> seats, Reason reason, OptionalLong leavingBuyer)
            implements EndsAdmission {

        public enum Reason { CANCELLED, EXPIRED }

        public HoldReleased {
            Objects.requireNonNull(reason, "reason");
            seats = List.copyOf(seats);
            Objects.requireNonNull(leavingBuyer, "leavingBuyer");
        }

        public HoldReleased(UUID showId, UUID holdId, List<Integer> seats, Reason reason) {
            this(showId, holdId, seats, reason, OptionalLong.empty());
        }

        @Override
        public HoldReleased leftBy(long place) {
            return new HoldReleased(showId, holdId, seats, reason, OptionalLong.of(place));
        }
    }

    /** The show sells through a waiting room, from now on: buyers join its line and buy once admitted. */
    record WaitingRoomSet(UUID showId, WaitingRoomSettings settings) implements ShowEvent {
        public WaitingRoomSet {
            Objects.requireNonNull(settings, "settings");
        }
    }

    /** Arrival numbers below {@code upTo} may be handed out; a node hands out a block it recorded so. */
    record ArrivalsNumbered(UUID showId, long upTo) implements ShowEvent {
    }

    /** The on-sale's draw: the numbers handed out before it get their places from the seed. */
    record LineDrawn(UUID showId, LineDraw draw) implements ShowEvent {
        public LineDrawn {
            Objects.requireNonNull(draw, "draw");
        }
    }

    /** The line calls every place below {@code upTo}. */
    record PlacesOpened(UUID showId, long upTo, Instant at) implements ShowEvent {
        public PlacesOpened {
            Objects.requireNonNull(at, "at");
        }
    }

    /** The buyer at {@code place} is admitted until {@code lapsesAt}. */
    record BuyerAdmitted(UUID showId, long place, Instant lapsesAt, Instant at) implements ShowEvent {
        public BuyerAdmitted {
            Objects.requireNonNull(lapsesAt, "lapsesAt");
            Objects.requireNonNull(at, "at");
        }
    }

    /** An operator, {@code operator} by name, changed how the waiting room admits ({@link LineControl}). */
    record LineControlled(UUID showId, LineControl control, String operator, Instant at) implements ShowEvent {
        public LineControlled {
            Objects.requireNonNull(control, "control");
            Objects.requireNonNull(operator, "operator");
            Objects.requireNonNull(at, "at");
        }
    }

    /**
     * The buyer at {@code place} is done: they confirmed, reserved or released. Written by earlier builds after the
     * purchase's event; the purchase now carries it ({@link EndsAdmission}).
     */
    record BuyerLeft(UUID showId, long place) implements ShowEvent {
    }
}
