package dev.boxoffice.domain;

/**
 * A row's seats that best available may pick, as bits (available, not a wheelchair space or companion seat), and
 * which of them sit together (no aisle between): enough to tell, a few word operations per row, whether the row has
 * a run of N seats together and how long its longest is. So a search on a hall with few groups left passes over the
 * rows that have none without walking their runs. Rows are loaded in increasing order.
 */
final class RowRuns {

    private final Hall hall;
    private final SeatMap seats;
    private final int[] aisles;
    private final int[] wheelchair;
    private final int[] companion;
    private int aisleAt;    // cursors into the hall's sorted seats: rows come in order, so each is walked once
    private int wheelchairAt;
    private int companionAt;
    private final long[] free;     // bit i: seat i of the row may be picked
    private final long[] together; // bit i: seats i and i + 1 may both be picked and no aisle runs between them
    private final long[] starts;
    private final long[] startsOfCount;     // scratch for hasGroupStrandingNone
    private final long[] startsOfOneMore;
    private int words;
    private int available;

    RowRuns(Hall hall, SeatMap seats) {
        this.hall = hall;
        this.seats = seats;
        this.aisles = hall.aislesAfterSeats();
        this.wheelchair = hall.wheelchairSeats();
        this.companion = hall.companionSeats();
        int longest = (HallPlan.MAX_SEATS_PER_ROW + Long.SIZE - 1) / Long.SIZE;
        this.free = new long[longest];
        this.together = new long[longest];
        this.starts = new long[longest];
        this.startsOfCount = new long[longest];
        this.startsOfOneMore = new long[longest];
    }

    /** Loads {@code row}: rows must come in increasing order. */
    void load(int row) {
        int first = hall.firstSeatOf(row);
        int size = hall.seatsIn(row);
        int end = first + size;
        words = (size + Long.SIZE - 1) / Long.SIZE;
        available = 0;
        for (int w = 0; w < words; w++) {
            int from = first + w * Long.SIZE;
            free[w] = seats.availableBits(from, Math.min(end, from + Long.SIZE));
        }
        wheelchairAt = clearUpTo(free, wheelchair, wheelchairAt, first, end);
        companionAt = clearUpTo(free, companion, companionAt, first, end);
        for (int w = 0; w < words; w++) {
            together[w] = free[w] & shiftedRight(free, w, 1);
            available += Long.bitCount(free[w]);
        }
        aisleAt = clearUpTo(together, aisles, aisleAt, first, end);
    }

    /**
     * Clears the bits of the row's seats among the sorted {@code seats} from index {@code at} on (those of rows passed
     * over are skipped); returns the index of the first seat after the row.
     */
    private static int clearUpTo(long[] bits, int[] seats, int at, int first, int end) {
        while (at < seats.length && seats[at] < end) {
            int seat = seats[at++];
            if (seat >= first) {
                clear(bits, seat - first);
            }
        }
        return at;
    }

    /** The row's seats that best available may pick. */
    int available() {
        return available;
    }

    /** The longest run of seats together in the row loaded, or {@code cap} if it has a run of {@code cap} or more. */
    int longestRun(int cap) {
        // starts holds the seats where a run of `length` seats together begins; each round keeps those that go on.
        System.arraycopy(free, 0, starts, 0, words);
        int length = 0;
        while (any(starts)) {
            if (++length == cap) {
                break;
            }
            keepStartsOfLonger(length);
        }
        return length;
    }

    /**
     * Whether the row loaded has a run of exactly {@code count} seats together, or of {@code count + 2} or more: a
     * place for {@code count} seats that leaves no seat alone at either end of its run. A run of {@code count + 1}
     * has none.
     */
    boolean hasGroupStrandingNone(int count) {
        System.arraycopy(free, 0, starts, 0, words);
        for (int length = 1; length < count + 2; length++) { // starts: where a run of at least `length + 1` begins
            if (length == count) {
                System.arraycopy(starts, 0, startsOfCount, 0, words);
            } else if (length == count + 1) {
                System.arraycopy(starts, 0, startsOfOneMore, 0, words);
            }
            keepStartsOfLonger(length);
        }
        for (int w = 0; w < words; w++) {
            long runStarts = free[w] & ~shiftedLeftByOne(together, w); // the seat before is not together with it
            if ((runStarts & startsOfCount[w] & (~startsOfOneMore[w] | starts[w])) != 0) {
                return true;
            }
        }
        return false;
    }

    /** From the starts of runs of {@code length} seats together, keeps those of runs of {@code length + 1}. */
    private void keepStartsOfLonger(int length) {
        for (int w = 0; w < words; w++) {
            starts[w] &= shiftedRight(together, w, length - 1);
        }
    }

    private boolean any(long[] bits) {
        for (int w = 0; w < words; w++) {
            if (bits[w] != 0) {
                return true;
            }
        }
        return false;
    }

    /** Word {@code w} of the row's {@code bits} shifted right by {@code shift} across words (seat i + shift comes to i). */
    private long shiftedRight(long[] bits, int w, int shift) {
        int word = w + shift / Long.SIZE;
        int bit = shift % Long.SIZE;
        if (word >= words) {
            return 0;
        }
        long low = bits[word] >>> bit;
        return bit == 0 || word + 1 >= words ? low : low | bits[word + 1] << (Long.SIZE - bit);
    }

    /** Word {@code w} of the row's {@code bits} shifted left by one across words (seat i comes to i + 1). */
    private static long shiftedLeftByOne(long[] bits, int w) {
        return bits[w] << 1 | (w > 0 ? bits[w - 1] >>> (Long.SIZE - 1) : 0);
    }

    private static void clear(long[] bits, int index) {
        bits[index / Long.SIZE] &= ~(1L << index);
    }
}
