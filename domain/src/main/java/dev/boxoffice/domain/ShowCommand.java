package dev.boxoffice.domain;

import java.util.Objects;
import java.util.UUID;

public sealed interface ShowCommand {

    UUID showId();

    record CreateShow(UUID showId, String title, int maxSeats) implements ShowCommand {
        public CreateShow {
            Objects.requireNonNull(showId, "showId");
            ShowRules.requireValidTitle(title);
            ShowRules.requireValidSeatCount(maxSeats);
        }
    }

    record ReserveSeat(UUID showId, int seatNumber) implements ShowCommand {
        public ReserveSeat {
            Objects.requireNonNull(showId, "showId");
        }
    }

    record CancelSeatReservation(UUID showId, int seatNumber) implements ShowCommand {
        public CancelSeatReservation {
            Objects.requireNonNull(showId, "showId");
        }
    }
}
