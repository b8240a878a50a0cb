package dev.boxoffice.domain;

import java.util.Arrays;
import java.util.Objects;

/**
 * The draw at a line's on-sale: the {@code count} arrival numbers handed out before it get their places from
 * {@code seed} ({@link LineShuffle}); later arrivals queue behind them in the order they came, each at the place of
 * its number.
 */
public record LineDraw(byte[] seed, long count, long atMillis) {

    public static final int SEED_BYTES = 16;

    public LineDraw {
        Objects.requireNonNull(seed, "seed");
        if (seed.length != SEED_BYTES) {
            throw new IllegalArgumentException("a seed has " + SEED_BYTES + " bytes");
        }
        if (count < 0) {
            throw new IllegalArgumentException("count must not be negative");
        }
        seed = seed.clone();
    }

    /** A copy: the draw is immutable. */
    @Override
    public byte[] seed() {
        return seed.clone();
    }

    /** The place of arrival {@code number}: drawn for those before the on-sale, else its number. */
    public long placeOf(long number) {
        return number < count ? LineShuffle.place(seed, count, number) : number;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof LineDraw that && Arrays.equals(seed, that.seed) && count == that.count && atMillis == that.atMillis;
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(seed);
    }

    @Override
    public String toString() {
        return "LineDraw[" + count + " at " + atMillis + "]";
    }
}
