package dev.boxoffice.api;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import java.util.List;

/** Seats to hold, all or none, for {@code ttlSeconds} (default {@value #DEFAULT_TTL_SECONDS}). */
public record HoldRequest(
        @NotEmpty List<@NotNull @Min(0) Integer> seats,
        @Min(1) @Max(MAX_TTL_SECONDS) Integer ttlSeconds) {

    public static final int DEFAULT_TTL_SECONDS = 600;
    public static final int MAX_TTL_SECONDS = 3600;

    public int ttlOrDefault() {
        return ttlSeconds == null ? DEFAULT_TTL_SECONDS : ttlSeconds;
    }
}
