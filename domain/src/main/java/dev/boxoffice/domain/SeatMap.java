package dev.boxoffice.domain;

import java.util.Arrays;

/**
 * Which seats of a hall are reserved: an immutable bit set, one bit per seat, in blocks of {@value #SEATS_PER_BLOCK}
 * seats. A change copies the one block it touches and the short array of blocks (at most 5 entries for 10,000 seats),
 * and shares every other block with the map it came from; so applying an event costs the same in a hall of 50 seats
 * as in one of 10,000, and a 10,000-seat hall takes about 1.4 KB.
 */
public final class SeatMap {

    static final int SEATS_PER_BLOCK = 2048;
    private static final int LONGS_PER_BLOCK = SEATS_PER_BLOCK / Long.SIZE;

    private final int size;
    private final int reserved;
    private final long[][] blocks;

    private SeatMap(int size, int reserved, long[][] blocks) {
        this.size = size;
        this.reserved = reserved;
        this.blocks = blocks;
    }

    /** A hall of {@code size} seats, all available. */
    public static SeatMap allAvailable(int size) {
        if (size < 0) {
            throw new IllegalArgumentException("a hall cannot have " + size + " seats");
        }
        int blockCount = (size + SEATS_PER_BLOCK - 1) / SEATS_PER_BLOCK;
        long[][] blocks = new long[blockCount][];
        for (int b = 0; b < blockCount; b++) {
            int seatsInBlock = Math.min(SEATS_PER_BLOCK, size - b * SEATS_PER_BLOCK);
            blocks[b] = new long[(seatsInBlock + Long.SIZE - 1) / Long.SIZE];
        }
        return new SeatMap(size, 0, blocks);
    }

    /** A hall whose reserved seats are the set bits of {@code bits} (little-endian words, as {@link #toLongArray}). */
    public static SeatMap of(int size, long[] bits) {
        SeatMap map = allAvailable(size);
        int count = 0;
        for (int word = 0; word < bits.length; word++) {
            long value = bits[word];
            if (value == 0) {
                continue;
            }
            if (word * Long.SIZE + (Long.SIZE - Long.numberOfLeadingZeros(value)) > size) {
                throw new IllegalArgumentException("reserved seat beyond the hall's " + size + " seats");
            }
            map.blocks[word / LONGS_PER_BLOCK][word % LONGS_PER_BLOCK] = value;
            count += Long.bitCount(value);
        }
        return new SeatMap(size, count, map.blocks);
    }

    public int size() {
        return size;
    }

    public int reservedCount() {
        return reserved;
    }

    public int availableCount() {
        return size - reserved;
    }

    /** Must be a seat of this hall: {@code 0 <= seat < size()}. */
    public boolean isReserved(int seat) {
        checkSeat(seat);
        return (blocks[seat / SEATS_PER_BLOCK][(seat % SEATS_PER_BLOCK) / Long.SIZE] & (1L << seat)) != 0;
    }

    public SeatMap reserve(int seat) {
        return isReserved(seat) ? this : flip(seat, reserved + 1);
    }

    public SeatMap release(int seat) {
        return isReserved(seat) ? flip(seat, reserved - 1) : this;
    }

    /** The reserved seats as little-endian 64-bit words (seat n is bit n % 64 of word n / 64). */
    public long[] toLongArray() {
        long[] words = new long[(size + Long.SIZE - 1) / Long.SIZE];
        for (int b = 0; b < blocks.length; b++) {
            System.arraycopy(blocks[b], 0, words, b * LONGS_PER_BLOCK, blocks[b].length);
        }
        return words;
    }

    /** Bytes this map holds on a 64-bit JVM with compressed references (object headers, array lengths, padding). */
    public long estimatedBytes() {
        long bytes = 24 + align(16 + 4L * blocks.length);
        for (long[] block : blocks) {
            bytes += align(16 + 8L * block.length);
        }
        return bytes;
    }

    private SeatMap flip(int seat, int newReserved) {
        int b = seat / SEATS_PER_BLOCK;
        long[][] copy = blocks.clone();
        copy[b] = blocks[b].clone();
        copy[b][(seat % SEATS_PER_BLOCK) / Long.SIZE] ^= 1L << seat;
        return new SeatMap(size, newReserved, copy);
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
        return other instanceof SeatMap that && size == that.size && reserved == that.reserved
                && Arrays.deepEquals(blocks, that.blocks);
    }

    @Override
    public int hashCode() {
        return 31 * size + Arrays.deepHashCode(blocks);
    }

    @Override
    public String toString() {
        return "SeatMap[" + reserved + " of " + size + " reserved]";
    }
}
