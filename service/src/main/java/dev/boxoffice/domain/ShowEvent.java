package dev.boxoffice.domain;

import java.util.List;
import java.util.UUID;

public sealed interface ShowEvent {

    UUID showId();

    /** Carries every seat, so a show is rebuilt from its first event without any reference data. */
    record ShowCreated(UUID showId, String title, List<Seat> seats) implements ShowEvent {
        public ShowCreated {
            seats = List.copyOf(seats);
        }
    }

    record SeatReserved(UUID showId, int seatNumber) implements ShowEvent {
    }

    record SeatReservationCancelled(UUID showId, int seatNumber) implements ShowEvent {
    }
}
