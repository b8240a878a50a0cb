package dev.boxoffice.api;

import dev.boxoffice.domain.WaitingRoomSettings;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import java.time.Duration;
import java.time.Instant;

/**
 * A show's waiting room as its creation asks for it; what is left out takes the default: a tenth of what one node of
 * half a core completed through the edge in the on-sale benchmark (about 1,000 buyers a second, docs/benchmarks.md
 * "onsale"), and ten seconds of those admissions at once.
 */
public record WaitingRoomRequest(
        @Min(1) @Max(WaitingRoomSettings.MAX_ADMIT_PER_SECOND) Integer admitPerSecond,
        @Min(1) @Max(WaitingRoomSettings.MAX_ACTIVE) Integer maxActive,
        @Min(60) @Max(3600) Integer admissionTtlSeconds) {

    public static final int DEFAULT_ADMIT_PER_SECOND = 100;
    public static final int DEFAULT_MAX_ACTIVE = 1000;

    public static final WaitingRoomRequest DEFAULTS = new WaitingRoomRequest(null, null, null);

    public WaitingRoomSettings settings(Instant onSaleAt) {
        return new WaitingRoomSettings(onSaleAt, admitPerSecond == null ? DEFAULT_ADMIT_PER_SECOND : admitPerSecond,
                maxActive == null ? DEFAULT_MAX_ACTIVE : maxActive, admissionTtlSeconds == null
                        ? WaitingRoomSettings.DEFAULT_ADMISSION_TTL : Duration.ofSeconds(admissionTtlSeconds));
    }
}
