package dev.boxoffice.domain;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

/**
 * What can be asked of a show. A command whose answer depends on the time carries the time it was asked at
 * ({@code now}): the domain never reads a clock.
 */
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

    /** All of {@code seats}, or none: reserved without a hold. */
    record ReserveSeats(UUID showId, List<Integer> seats, Instant now) implements ShowCommand {
        public ReserveSeats {
            Objects.requireNonNull(showId, "showId");
            Objects.requireNonNull(now, "now");
            seats = ShowRules.requireSeatList(seats);
        }
    }

    /** All of {@code seats} held as {@code holdId} until {@code expiresAt}, or none. */
    record HoldSeats(UUID showId, UUID holdId, List<Integer> seats, Instant expiresAt, Instant now) implements ShowCommand {
        public HoldSeats {
            Objects.requireNonNull(showId, "showId");
            Objects.requireNonNull(holdId, "holdId");
            if (!expiresAt.isAfter(now)) {
                throw new IllegalArgumentException("a hold must expire after it is placed");
            }
            seats = ShowRules.requireSeatList(seats);
        }
    }

    record ConfirmHold(UUID showId, UUID holdId, Instant now) implements ShowCommand {
        public ConfirmHold {
            Objects.requireNonNull(showId, "showId");
            Objects.requireNonNull(holdId, "holdId");
            Objects.requireNonNull(now, "now");
        }
    }

    /** The buyer lets the hold's seats go. */
    record ReleaseHold(UUID showId, UUID holdId, Instant now) implements ShowCommand {
        public ReleaseHold {
            Objects.requireNonNull(showId, "showId");
            Objects.requireNonNull(holdId, "holdId");
            Objects.requireNonNull(now, "now");
        }
    }

    /** The hold's time is up: its seats go back on sale, unless it ended already. Sent by the expiry poller. */
    record ExpireHold(UUID showId, UUID holdId, Instant now) implements ShowCommand {
        public ExpireHold {
            Objects.requireNonNull(showId, "showId");
            Objects.requireNonNull(holdId, "holdId");
            Objects.requireNonNull(now, "now");
        }
    }
}
