package dev.boxoffice.domain;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

public sealed interface ShowEvent {

    UUID showId();

    /** A hall of {@code seatCount} seats numbered from 0, all available at {@code price}. */
    record ShowCreated(UUID showId, String title, int seatCount, BigDecimal price) implements ShowEvent {
        public ShowCreated {
            Objects.requireNonNull(price, "price");
            if (seatCount < 0) {
                throw new IllegalArgumentException("seatCount must not be negative: " + seatCount);
            }
        }
    }

    record SeatReserved(UUID showId, int seatNumber) implements ShowEvent {
    }

    record SeatReservationCancelled(UUID showId, int seatNumber) implements ShowEvent {
    }

    /** Several seats reserved at once, all of them or none. */
    record SeatsReserved(UUID showId, List<Integer> seats) implements ShowEvent {
        public SeatsReserved {
            seats = List.copyOf(seats);
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
    record HoldConfirmed(UUID showId, UUID holdId, List<Integer> seats) implements ShowEvent {
        public HoldConfirmed {
            seats = List.copyOf(seats);
        }
    }

    /** A hold's seats are available again: its buyer let them go, or it ran out. */
    record HoldReleased(UUID showId, UUID holdId, List<Integer> seats, Reason reason) implements ShowEvent {

        public enum Reason { CANCELLED, EXPIRED }

        public HoldReleased {
            Objects.requireNonNull(reason, "reason");
            seats = List.copyOf(seats);
        }
    }
}
