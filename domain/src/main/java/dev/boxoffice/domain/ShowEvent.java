package dev.boxoffice.domain;

import java.math.BigDecimal;
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
}
