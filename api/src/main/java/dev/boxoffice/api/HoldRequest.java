package dev.boxoffice.api;

import dev.boxoffice.domain.HallPlan;
import dev.boxoffice.domain.ShowRules;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.util.List;
import java.util.Optional;

/**
 * Seats to hold, all or none, for {@code ttlSeconds} (default {@value #DEFAULT_TTL_SECONDS}): the {@code seats} named,
 * or the best {@code count} seats together, of {@code category} if given (best available). One or the other.
 */
public record HoldRequest(
        List<@NotNull @Min(0) Integer> seats,
        @Min(1) @Max(ShowRules.MAX_SEATS_TOGETHER) Integer count,
        @Size(min = 1, max = HallPlan.MAX_NAME_LENGTH) String category,
        @Min(1) @Max(MAX_TTL_SECONDS) Integer ttlSeconds) {

    public static final int DEFAULT_TTL_SECONDS = 600;
    public static final int MAX_TTL_SECONDS = 3600;

    public HoldRequest(List<Integer> seats, Integer ttlSeconds) {
        this(seats, null, null, ttlSeconds);
    }

    public int ttlOrDefault() {
        return ttlSeconds == null ? DEFAULT_TTL_SECONDS : ttlSeconds;
    }

    /** Best available: a count, no seats. */
    public boolean bestAvailable() {
        return count != null;
    }

    public Optional<String> categoryAsked() {
        return Optional.ofNullable(category);
    }
}
