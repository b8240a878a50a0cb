package dev.boxoffice.api;

import dev.boxoffice.domain.ShowRules;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.util.UUID;

public record CreateShowRequest(
        @NotNull UUID showId,
        @NotBlank @Size(max = ShowRules.MAX_TITLE_LENGTH) String title,
        @NotNull @Min(ShowRules.MIN_SEATS) @Max(ShowRules.MAX_SEATS) Integer maxSeats) {
}
