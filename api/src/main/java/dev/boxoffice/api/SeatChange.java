package dev.boxoffice.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * One committed change of a show's seats, as its stream sends it (event {@code seats}): the seats, their new status
 * ({@code AVAILABLE}, {@code HELD}, {@code RESERVED}), the hold it came from if any ({@code holdId}, and
 * {@code expiresAt} for a new hold, {@code reason} {@code CANCELLED} or {@code EXPIRED} for a release), the show's
 * version after it, and when it was recorded.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SeatChange(List<Integer> seats, String status, String holdId, String expiresAt, String reason,
        long version, String recordedAt) {
}
