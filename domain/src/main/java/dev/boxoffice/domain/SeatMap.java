package dev.boxoffice.domain;

import java.util.Arrays;

/**
 * The status of every seat of a hall: two immutable bit sets, reserved and held, one bit per seat each, in blocks of
 * {@value #SEATS_PER_BLOCK} seats. A change copies the blocks it touches and the short arrays of blocks (at most 5
 * entries for 10,000 seats), and shares every other block with the map it came from; so applying an event costs the
 * same in a hall of 50 seats as in one of 10,000. A block of the held set exists only once a seat of it was held.
 */
public final class SeatMap {

    static final int SEATS_PER_BLOCK = 2048;
    private static final int LONGS_PER_BLOCK = SEATS_PER_BLOCK / Long.SIZE;

    private final int size;
    private final int reserved;
    private final int held;
    private final long[][] reservedBlocks;
    private final long[][] heldBlocks; // null entries: no seat of that block held

    private SeatMap(int size, int reserved, int held, long[][] reservedBlocks, long[][] heldBlocks) {
        this.size = size;
        this.reserved = reserved;
        this.held = held;
        this.reservedBlocks = reservedBlocks;
        this.heldBlocks = heldBlocks;
    }

    /** A hall of {@code size} seats, all available. */
    public static SeatMap allAvailable(int size) {
        if (size < 0) {
            throw new IllegalArgumentException("a hall cannot have " + size + " seats");
        }
        int blockCount = (size + SEATS_PER_BLOCK - 1) / SEATS_PER_BLOCK;
        long[][] blocks = new long[blockCount][];
        for (int b = 0; b < blockCount; b++) {
            blocks[b] = new long[longsOfBlock(size, b)];
        }
        return new SeatMap(size, 0, 0, blocks, new long[blockCount][]);
    }

    /** A hall whose reserved seats are the set bits of {@code reserved} (little-endian words, as {@link #reservedWords}). */
    public static SeatMap of(int size, long[] reserved) {
        return of(size, reserved, new long[0]);
    }

    /** A hall whose reserved and held seats are the set bits of the words given; a seat cannot be both. */
    public static SeatMap of(int size, long[] reserved, long[] held) {
        SeatMap map = allAvailable(size);
        int reservedCount = fill(map.reservedBlocks, size, reserved);
        int heldCount = fill(map.heldBlocks, size, held);
        for (int word = 0; word < Math.min(reserved.length, held.length); word++) {
            if ((reserved[word] & held[word]) != 0) {
                throw new IllegalArgumentException("a seat cannot be both reserved and held");
            }
        }
        return new SeatMap(size, reservedCount, heldCount, map.reservedBlocks, map.heldBlocks);
    }

    public int size() {
        return size;
    }

    public int reservedCount() {
        return reserved;
    }

    public int heldCount() {
        return held;
    }

    public int availableCount() {
        return size - reserved - held;
    }

    /** Must be a seat of this hall: {@code 0 <= seat < size()}. */
    public SeatStatus status(int seat) {
        checkSeat(seat);
        return isSet(reservedBlocks, seat) ? SeatStatus.RESERVED : isSet(heldBlocks, seat) ? SeatStatus.HELD : SeatStatus.AVAILABLE;
    }

    public boolean isReserved(int seat) {
        return status(seat) == SeatStatus.RESERVED;
    }

    /** The first seat of [from, to) that is neither reserved nor held; {@code to} if none is. */
    public int nextAvailable(int from, int to) {
        return next(from, to, true);
    }

    /** The first seat of [from, to) that is reserved or held; {@code to} if none is. */
    public int nextTaken(int from, int to) {
        return next(from, to, false);
    }

    /**
     * The seats of [from, to) that are neither reserved nor held, as bits: bit i is seat {@code from + i}. At most 64
     * seats, {@code to - from <= 64}, all of this hall.
     */
    public long availableBits(int from, int to) {
        if (from < 0 || to > size || to < from || to - from > Long.SIZE) {
            throw new IndexOutOfBoundsException("seats [" + from + ", " + to + ") of a hall of " + size);
        }
        if (to == from) {
            return 0;
        }
        int word = from >>> 6;
        int shift = from & 63;
        long bits = ~takenWord(word) >>> shift;
        if (shift != 0 && (word + 1) << 6 < to) {
            bits |= ~takenWord(word + 1) << (Long.SIZE - shift);
        }
        return to - from == Long.SIZE ? bits : bits & ((1L << (to - from)) - 1);
    }

    private long takenWord(int word) {
        long[] heldBlock = heldBlocks[word / LONGS_PER_BLOCK];
        return reservedBlocks[word / LONGS_PER_BLOCK][word % LONGS_PER_BLOCK]
                | (heldBlock == null ? 0 : heldBlock[word % LONGS_PER_BLOCK]);
    }

    /** A word at a time: a hall of 100,000 seats is some 1,600 words. */
    private int next(int from, int to, boolean available) {
        int seat = from;
        while (seat < to) {
            int word = seat >>> 6;
            long taken = takenWord(word);
            long wanted = (available ? ~taken : taken) & (-1L << (seat & 63));
            if (wanted != 0) {
                return Math.min((word << 6) + Long.numberOfTrailingZeros(wanted), to);
            }
            seat = (word + 1) << 6;
        }
        return to;
    }

    /** Available seats become reserved, reserved ones stay so; held seats must not be among them. */
    public SeatMap reserve(int... seats) {
        return change(seats, SeatStatus.RESERVED);
    }

    /** Reserved seats become available. */
    public SeatMap release(int... seats) {
        return change(seats, SeatStatus.AVAILABLE);
    }

    /** Available seats become held. */
    public SeatMap hold(int... seats) {
        return change(seats, SeatStatus.HELD);
    }

    /**
     * Each of {@code seats} gets {@code status}: bits move between the two sets, each touched block copied once, and
     * a seat already in that status is left alone.
     */
    private SeatMap change(int[] seats, SeatStatus status) {
        long[][] reservedCopy = null;
        long[][] heldCopy = null;
        boolean[] copiedReserved = new boolean[reservedBlocks.length];
        boolean[] copiedHeld = new boolean[heldBlocks.length];
        int reservedCount = reserved;
        int heldCount = held;
        for (int seat : seats) {
            SeatStatus now = status(seat);
            if (now == status) {
                continue;
            }
            int b = seat / SEATS_PER_BLOCK;
            if (now == SeatStatus.RESERVED || status == SeatStatus.RESERVED) {
                reservedCopy = reservedCopy == null ? reservedBlocks.clone() : reservedCopy;
                if (!copiedReserved[b]) {
                    reservedCopy[b] = reservedBlocks[b].clone();
                    copiedReserved[b] = true;
                }
                flip(reservedCopy[b], seat);
                reservedCount += status == SeatStatus.RESERVED ? 1 : -1;
            }
            if (now == SeatStatus.HELD || status == SeatStatus.HELD) {
                heldCopy = heldCopy == null ? heldBlocks.clone() : heldCopy;
                if (!copiedHeld[b]) {
                    heldCopy[b] = heldBlocks[b] == null ? new long[longsOfBlock(size, b)] : heldBlocks[b].clone();
                    copiedHeld[b] = true;
                }
                flip(heldCopy[b], seat);
                heldCount += status == SeatStatus.HELD ? 1 : -1;
            }
        }
        if (reservedCopy == null && heldCopy == null) {
            return this;
        }
        return new SeatMap(size, reservedCount, heldCount, reservedCopy == null ? reservedBlocks : reservedCopy,
                heldCopy == null ? heldBlocks : heldCopy);
    }

    /** The reserved seats as little-endian 64-bit words (seat n is bit n % 64 of word n / 64). */
    public long[] reservedWords() {
        return words(reservedBlocks);
    }

    /** The held seats, as {@link #reservedWords}. */
    public long[] heldWords() {
        return words(heldBlocks);
    }

    /** Bytes this map holds on a 64-bit JVM with compressed references (object headers, array lengths, padding). */
    public long estimatedBytes() {
        long bytes = 32 + 2 * align(16 + 4L * reservedBlocks.length);
        for (int b = 0; b < reservedBlocks.length; b++) {
            bytes += align(16 + 8L * reservedBlocks[b].length);
            bytes += heldBlocks[b] == null ? 0 : align(16 + 8L * heldBlocks[b].length);
        }
        return bytes;
    }

    private long[] words(long[][] blocks) {
        long[] words = new long[(size + Long.SIZE - 1) / Long.SIZE];
        for (int b = 0; b < blocks.length; b++) {
            if (blocks[b] != null) {
                System.arraycopy(blocks[b], 0, words, b * LONGS_PER_BLOCK, blocks[b].length);
            }
        }
        return words;
    }

    private static int fill(long[][] blocks, int size, long[] bits) {
        int count = 0;
        for (int word = 0; word < bits.length; word++) {
            long value = bits[word];
            if (value == 0) {
                continue;
            }
            if (word * Long.SIZE + (Long.SIZE - Long.numberOfLeadingZeros(value)) > size) {
                throw new IllegalArgumentException("seat beyond the hall's " + size + " seats");
            }
            int b = word / LONGS_PER_BLOCK;
            if (blocks[b] == null) {
                blocks[b] = new long[longsOfBlock(size, b)];
            }
            blocks[b][word % LONGS_PER_BLOCK] = value;
            count += Long.bitCount(value);
        }
        return count;
    }

    private static boolean isSet(long[][] blocks, int seat) {
        long[] block = blocks[seat / SEATS_PER_BLOCK];
        return block != null && (block[(seat % SEATS_PER_BLOCK) / Long.SIZE] & (1L << seat)) != 0;
    }

    private static void flip(long[] block, int seat) {
        block[(seat % SEATS_PER_BLOCK) / Long.SIZE] ^= 1L << seat;
    }

    private static int longsOfBlock(int size, int block) {
        int seatsInBlock = Math.min(SEATS_PER_BLOCK, size - block * SEATS_PER_BLOCK);
        return (seatsInBlock + Long.SIZE - 1) / Long.SIZE;
    }

    private void checkSeat(int seat) {
        if (seat < 0 || seat >= size) {
            throw new IndexOutOfBoundsException("seat " + seat + " of a hall of " + size);
        }
    }

    private static long align(long bytes) {
        return (bytes + 7) & ~7L;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof SeatMap that && size == that.size && reserved == that.reserved && held == that.held
                && Arrays.equals(reservedWords(), that.reservedWords()) && Arrays.equals(heldWords(), that.heldWords());
    }

    @Override
    public int hashCode() {
        return 31 * (31 * size + Arrays.hashCode(reservedWords())) + Arrays.hashCode(heldWords());
    }

    @Override
    public String toString() {
        return "SeatMap[" + reserved + " reserved, " + held + " held of " + size + "]";
    }
}
