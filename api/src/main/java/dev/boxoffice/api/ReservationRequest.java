package dev.boxoffice.api;

import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import java.util.List;

/** Seats to reserve at once, all or none, without a hold. */
public record ReservationRequest(@NotEmpty List<@NotNull @Min(0) Integer> seats) {
}
