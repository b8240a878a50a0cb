package dev.boxoffice.domain;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The places a line opened within its claim window, batch by batch, and which of them were claimed. Places opened
 * earlier are no longer claimable, so only these are kept: a line opens a batch a few times a second, and each batch
 * keeps a bit per place. Immutable: a claim copies one batch's bits.
 */
public final class Openings {

    public static final Openings NONE = new Openings(new Opening[0]);

    /** Places {@code first .. first + count - 1}, opened at {@code atMillis}; bit i of {@code claimed} is place first + i. */
    public record Opening(long first, int count, long atMillis, long[] claimed) {

        public Opening {
            claimed = claimed.clone();
        }

        public static Opening of(long first, int count, long atMillis) {
            return new Opening(first, count, atMillis, new long[(count + 63) / 64]);
        }

        public boolean isClaimed(long place) {
            int bit = (int) (place - first);
            return (claimed[bit >>> 6] & (1L << bit)) != 0;
        }

        public int claimedCount() {
            int claimedCount = 0;
            for (long word : claimed) {
                claimedCount += Long.bitCount(word);
            }
            return claimedCount;
        }

        /** A copy: the opening is immutable. */
        @Override
        public long[] claimed() {
            return claimed.clone();
        }

        Opening claim(long place) {
            long[] bits = claimed.clone();
            int bit = (int) (place - first);
            bits[bit >>> 6] |= 1L << bit;
            return new Opening(first, count, atMillis, bits);
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Opening that && first == that.first && count == that.count && atMillis == that.atMillis
                    && Arrays.equals(claimed, that.claimed);
        }

        @Override
        public int hashCode() {
            return Long.hashCode(first);
        }
    }

    private final Opening[] openings; // oldest first, places ascending

    private Openings(Opening[] openings) {
        this.openings = openings;
    }

    public static Openings of(List<Opening> openings) {
        return new Openings(openings.toArray(Opening[]::new));
    }

    public List<Opening> list() {
        return List.of(openings);
    }

    public Optional<Opening> containing(long place) {
        int index = indexOf(place);
        return index < 0 ? Optional.empty() : Optional.of(openings[index]);
    }

    /** Places opened at or after {@code sinceMillis} and not claimed. */
    public long unclaimedSince(long sinceMillis) {
        long unclaimed = 0;
        for (int i = openings.length - 1; i >= 0 && openings[i].atMillis() >= sinceMillis; i--) {
            unclaimed += openings[i].count() - openings[i].claimedCount();
        }
        return unclaimed;
    }

    /** Places opened at or after {@code sinceMillis}. */
    long openedSince(long sinceMillis) {
        long opened = 0;
        for (int i = openings.length - 1; i >= 0 && openings[i].atMillis() >= sinceMillis; i--) {
            opened += openings[i].count();
        }
        return opened;
    }

    /** When the earliest batch opened at or after {@code sinceMillis} was opened; -1 if none was. */
    long earliestSince(long sinceMillis) {
        long earliest = -1;
        for (int i = openings.length - 1; i >= 0 && openings[i].atMillis() >= sinceMillis; i--) {
            earliest = openings[i].atMillis();
        }
        return earliest;
    }

    /** With a new batch, without the batches opened before {@code keepSinceMillis}. */
    Openings open(Opening opening, long keepSinceMillis) {
        List<Opening> kept = new ArrayList<>(openings.length + 1);
        for (Opening earlier : openings) {
            if (earlier.atMillis() >= keepSinceMillis) {
                kept.add(earlier);
            }
        }
        kept.add(opening);
        return of(kept);
    }

    Openings claim(long place) {
        int index = indexOf(place);
        if (index < 0) {
            return this;
        }
        Opening[] changed = openings.clone();
        changed[index] = openings[index].claim(place);
        return new Openings(changed);
    }

    /** Itself, its array, and each batch with its bits. */
    long estimatedBytes() {
        long bytes = 16 + ((16 + 4L * openings.length + 7) & ~7L);
        for (Opening opening : openings) {
            bytes += 40 + 16 + 8L * opening.claimed.length;
        }
        return bytes;
    }

    private int indexOf(long place) {
        int low = 0;
        int high = openings.length - 1;
        while (low <= high) {
            int middle = (low + high) >>> 1;
            Opening opening = openings[middle];
            if (place < opening.first()) {
                high = middle - 1;
            } else if (place >= opening.first() + opening.count()) {
                low = middle + 1;
            } else {
                return middle;
            }
        }
        return -1;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Openings that && Arrays.equals(openings, that.openings);
    }

    @Override
    public int hashCode() {
        return openings.length;
    }

    @Override
    public String toString() {
        return "Openings" + Arrays.toString(openings);
    }
}
