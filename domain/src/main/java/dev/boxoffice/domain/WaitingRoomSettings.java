package dev.boxoffice.domain;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * How a show's waiting room lets buyers in: nobody before {@code onSaleAt}; then in the line's order, at most
 * {@code admitPerSecond} a second, never more than {@code maxActive} admitted buyers at once, each for
 * {@code admissionTtl} at most (they leave sooner by confirming or releasing).
 */
public record WaitingRoomSettings(Instant onSaleAt, int admitPerSecond, int maxActive, Duration admissionTtl) {

    public static final int MAX_ADMIT_PER_SECOND = 100_000;
    public static final int MAX_ACTIVE = 100_000;
    public static final Duration DEFAULT_ADMISSION_TTL = Duration.ofMinutes(10);
    public static final Duration MIN_ADMISSION_TTL = Duration.ofMinutes(1);
    public static final Duration MAX_ADMISSION_TTL = Duration.ofHours(1);

    public WaitingRoomSettings {
        Objects.requireNonNull(onSaleAt, "onSaleAt");
        Objects.requireNonNull(admissionTtl, "admissionTtl");
        if (admitPerSecond < 1 || admitPerSecond > MAX_ADMIT_PER_SECOND) {
            throw new IllegalArgumentException("admitPerSecond must be between 1 and " + MAX_ADMIT_PER_SECOND);
        }
        if (maxActive < 1 || maxActive > MAX_ACTIVE) {
            throw new IllegalArgumentException("maxActive must be between 1 and " + MAX_ACTIVE);
        }
        if (admissionTtl.compareTo(MIN_ADMISSION_TTL) < 0 || admissionTtl.compareTo(MAX_ADMISSION_TTL) > 0) {
            throw new IllegalArgumentException("admissionTtl must be between " + MIN_ADMISSION_TTL + " and " + MAX_ADMISSION_TTL);
        }
        onSaleAt = Instant.ofEpochMilli(onSaleAt.toEpochMilli()); // events keep milliseconds
    }

    WaitingRoomSettings withAdmitPerSecond(int rate) {
        return new WaitingRoomSettings(onSaleAt, rate, maxActive, admissionTtl);
    }

    WaitingRoomSettings withMaxActive(int max) {
        return new WaitingRoomSettings(onSaleAt, admitPerSecond, max, admissionTtl);
    }

    public WaitingRoomSettings(Instant onSaleAt, int admitPerSecond, int maxActive) {
        this(onSaleAt, admitPerSecond, maxActive, DEFAULT_ADMISSION_TTL);
    }
}
