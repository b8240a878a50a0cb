package dev.boxoffice.api;

import dev.boxoffice.domain.HallPlan;
import dev.boxoffice.domain.ShowRules;
import dev.boxoffice.domain.WaitingRoomSettings;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * A show to create, in a {@code hall} of sections, rows and price categories, or of {@code maxSeats} seats at price
 * 100 (one section, rows of up to 40 lettered A, B, ...): one or the other. With {@code waitingRoom} or
 * {@code onSaleAt} (or both) it sells through a waiting room, opening at {@code onSaleAt} (at once if left out).
 */
public record CreateShowRequest(
        @NotNull UUID showId,
        @NotBlank @Size(max = ShowRules.MAX_TITLE_LENGTH) String title,
        @Min(ShowRules.MIN_SEATS) @Max(ShowRules.MAX_SEATS) Integer maxSeats,
        @Valid HallLayout hall,
        Instant onSaleAt,
        @Valid WaitingRoomRequest waitingRoom) {

    public CreateShowRequest(UUID showId, String title, Integer maxSeats) {
        this(showId, title, maxSeats, null, null, null);
    }

    /** The hall asked for; 400 VALIDATION_FAILED without one, or with both forms. */
    public HallPlan hallPlan() {
        if ((hall == null) == (maxSeats == null)) {
            throw new ProblemException(Problem.invalid("Give the hall, or maxSeats for a plain one; one of them.",
                    List.of(new Problem.Violation(hall == null ? "maxSeats" : "hall", "give hall or maxSeats, not both"))));
        }
        return hall == null ? HallPlan.uniform(maxSeats, ShowRules.INITIAL_SEAT_PRICE) : hall.plan();
    }

    /** The waiting room asked for, if any, as of {@code now}. */
    public Optional<WaitingRoomSettings> waitingRoom(Instant now) {
        if (onSaleAt == null && waitingRoom == null) {
            return Optional.empty();
        }
        return Optional.of((waitingRoom == null ? WaitingRoomRequest.DEFAULTS : waitingRoom)
                .settings(onSaleAt == null ? now : onSaleAt));
    }
}
