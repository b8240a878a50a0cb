package dev.boxoffice.domain;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

/**
 * Seats held for a buyer until {@code expiresAtMillis}, and what became of them. {@code status} is as the events left
 * it: a hold past its expiry stays {@link HoldStatus#HELD} until its release is recorded, which {@link #statusAt}
 * tells apart. The seats are kept sorted, as an array: a hot show holds thousands of these.
 */
public record Hold(UUID id, int[] seats, long expiresAtMillis, HoldStatus status) {

    public Hold {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(status, "status");
        seats = seats.clone();
        Arrays.sort(seats);
    }

    public static Hold of(UUID id, List<Integer> seats, Instant expiresAt) {
        return new Hold(id, seats.stream().mapToInt(Integer::intValue).toArray(), expiresAt.toEpochMilli(), HoldStatus.HELD);
    }

    /** A copy: the hold is immutable. */
    @Override
    public int[] seats() {
        return seats.clone();
    }

    public Instant expiresAt() {
        return Instant.ofEpochMilli(expiresAtMillis);
    }

    public List<Integer> seatList() {
        return Arrays.stream(seats).boxed().toList();
    }

    public boolean isLive() {
        return status == HoldStatus.HELD;
    }

    /** Live, and its expiry has come. */
    public boolean expiredBy(Instant now) {
        return isLive() && now.toEpochMilli() >= expiresAtMillis;
    }

    /** Its status as a buyer sees it at {@code now}: a live hold past its expiry has expired. */
    public HoldStatus statusAt(Instant now) {
        return expiredBy(now) ? HoldStatus.EXPIRED : status;
    }

    Hold ended(HoldStatus outcome) {
        return new Hold(id, seats, expiresAtMillis, outcome);
    }

    /** Bytes it holds on a 64-bit JVM with compressed references: itself, its id and its seats. */
    long estimatedBytes() {
        return 32 + 32 + ((16 + 4L * seats.length + 7) & ~7L);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Hold that && id.equals(that.id) && Arrays.equals(seats, that.seats)
                && expiresAtMillis == that.expiresAtMillis && status == that.status;
    }

    @Override
    public int hashCode() {
        return id.hashCode();
    }

    @Override
    public String toString() {
        return "Hold[" + id + ", seats " + Arrays.toString(seats) + ", until " + expiresAt() + ", " + status + "]";
    }
}
