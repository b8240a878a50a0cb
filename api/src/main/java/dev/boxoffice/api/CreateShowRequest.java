package dev.boxoffice.api;

import dev.boxoffice.domain.ShowRules;
import dev.boxoffice.domain.WaitingRoomSettings;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * A show to create. With {@code waitingRoom} or {@code onSaleAt} (or both) it sells through a waiting room, opening
 * at {@code onSaleAt} (at once if left out).
 */
public record CreateShowRequest(
        @NotNull UUID showId,
        @NotBlank @Size(max = ShowRules.MAX_TITLE_LENGTH) String title,
        @NotNull @Min(ShowRules.MIN_SEATS) @Max(ShowRules.MAX_SEATS) Integer maxSeats,
        Instant onSaleAt,
        @Valid WaitingRoomRequest waitingRoom) {

    public CreateShowRequest(UUID showId, String title, Integer maxSeats) {
        this(showId, title, maxSeats, null, null);
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
