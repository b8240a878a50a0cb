package dev.boxoffice.domain;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * What can be asked of a show. A command whose answer depends on the time carries the time it was asked at
 * ({@code now}): the domain never reads a clock.
 */
public sealed interface ShowCommand {

    UUID showId();

    /** A show in {@code hall}, selling through a waiting room if {@code waitingRoom} is given. */
    record CreateShow(UUID showId, String title, HallPlan hall, Optional<WaitingRoomSettings> waitingRoom) implements ShowCommand {
        public CreateShow {
            Objects.requireNonNull(showId, "showId");
            Objects.requireNonNull(hall, "hall");
            Objects.requireNonNull(waitingRoom, "waitingRoom");
            ShowRules.requireValidTitle(title);
        }

        /** A show of {@code maxSeats} seats at the initial price ({@link HallPlan#uniform}). */
        public CreateShow(UUID showId, String title, int maxSeats, Optional<WaitingRoomSettings> waitingRoom) {
            this(showId, title, ShowRules.uniformHall(maxSeats), waitingRoom);
        }

        public CreateShow(UUID showId, String title, int maxSeats) {
            this(showId, title, maxSeats, Optional.empty());
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

    /**
     * {@code count} seats together, the best available of {@code category} (any if empty), held as {@code holdId}
     * until {@code expiresAt}: picked and held in one decision ({@link BestAvailable}).
     */
    record HoldBestAvailable(UUID showId, UUID holdId, int count, Optional<String> category, Instant expiresAt, Instant now)
            implements ShowCommand {
        public HoldBestAvailable {
            Objects.requireNonNull(showId, "showId");
            Objects.requireNonNull(holdId, "holdId");
            Objects.requireNonNull(category, "category");
            if (count < 1 || count > ShowRules.MAX_SEATS_TOGETHER) {
                throw new IllegalArgumentException("count must be between 1 and " + ShowRules.MAX_SEATS_TOGETHER);
            }
            if (!expiresAt.isAfter(now)) {
                throw new IllegalArgumentException("a hold must expire after it is placed");
            }
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

    /** From now on the show sells through a waiting room. */
    record SetWaitingRoom(UUID showId, WaitingRoomSettings settings) implements ShowCommand {
        public SetWaitingRoom {
            Objects.requireNonNull(showId, "showId");
            Objects.requireNonNull(settings, "settings");
        }
    }

    /** Records a block of {@code count} more arrival numbers, for the node that asks to hand them out. */
    record NumberArrivals(UUID showId, int count) implements ShowCommand {
        public NumberArrivals {
            Objects.requireNonNull(showId, "showId");
            if (count < 1) {
                throw new IllegalArgumentException("count must be positive");
            }
        }
    }

    /**
     * Draws the places of those who joined before the on-sale, from {@code seed} (random, chosen by the caller);
     * {@code issued} is how many arrival numbers the asking node knows to be handed out (those beyond would be drawn
     * places that nobody holds), {@code Long.MAX_VALUE} if it does not know.
     */
    record DrawLine(UUID showId, byte[] seed, long issued, Instant now) implements ShowCommand {
        public DrawLine {
            Objects.requireNonNull(showId, "showId");
            Objects.requireNonNull(now, "now");
            seed = seed.clone();
        }

        @Override
        public byte[] seed() {
            return seed.clone();
        }
    }

    /**
     * Calls the next places, as many as the rate and {@code maxActive} allow at {@code now}; {@code issued} is how
     * many arrival numbers the asking node knows to be handed out (places beyond them would call nobody).
     */
    record OpenPlaces(UUID showId, long issued, Instant now) implements ShowCommand {
        public OpenPlaces {
            Objects.requireNonNull(showId, "showId");
            Objects.requireNonNull(now, "now");
        }
    }

    /** The buyer at a called {@code place} claims their admission. */
    record ClaimAdmission(UUID showId, long place, Instant now) implements ShowCommand {
        public ClaimAdmission {
            Objects.requireNonNull(showId, "showId");
            Objects.requireNonNull(now, "now");
        }
    }

    /**
     * An operator's change to the waiting room ({@link LineControl}); {@code operator} names them in the room's audit
     * trail (1 to {@link #MAX_OPERATOR_NAME} characters).
     */
    record ControlLine(UUID showId, LineControl control, String operator, Instant now) implements ShowCommand {
        public static final int MAX_OPERATOR_NAME = 64;

        public ControlLine {
            Objects.requireNonNull(showId, "showId");
            Objects.requireNonNull(control, "control");
            Objects.requireNonNull(now, "now");
            if (operator == null || operator.isBlank() || operator.length() > MAX_OPERATOR_NAME) {
                throw new IllegalArgumentException("operator must be 1 to " + MAX_OPERATOR_NAME + " characters");
            }
        }
    }

    /**
     * {@code command}, sent by the buyer admitted at {@code place} (their admission token says so). While a waiting
     * room is on, a hold, a reservation or a confirmation changes the show only when sent so.
     */
    record AsAdmittedBuyer(UUID showId, long place, Instant now, ShowCommand command) implements ShowCommand {
        public AsAdmittedBuyer {
            Objects.requireNonNull(showId, "showId");
            Objects.requireNonNull(now, "now");
            Objects.requireNonNull(command, "command");
            if (!showId.equals(command.showId()) || command instanceof AsAdmittedBuyer) {
                throw new IllegalArgumentException("an admitted buyer's command is one plain command to the same show");
            }
        }
    }
}
