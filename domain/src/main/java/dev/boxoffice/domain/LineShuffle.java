package dev.boxoffice.domain;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The places of those who joined a line before its on-sale: a permutation of their arrival numbers
 * {@code 0 .. count - 1}, drawn in one decision from a seed the show records ({@link ShowEvent.LineDrawn}), so that
 * anyone holding that event can recompute every place. The permutation is a four-round Feistel network on the
 * smallest domain of 2^(2k) numbers holding {@code count}, the round function the first 8 bytes of
 * SHA-256(seed, round, half) (big-endian), walked along its cycle until the result falls below {@code count}: a
 * bijection on the larger domain restricted that way is one on {@code 0 .. count - 1}. No number is given two
 * places, nor two numbers one place, and nothing is stored per arrival.
 */
public final class LineShuffle {

    private static final int ROUNDS = 4;

    private LineShuffle() {
    }

    /** The place, from 0, of arrival {@code number} among the {@code count} drawn with {@code seed}. */
    public static long place(byte[] seed, long count, long number) {
        if (number < 0 || number >= count) {
            throw new IllegalArgumentException("number " + number + " is not among the " + count + " drawn");
        }
        int halfBits = halfBits(count);
        long place = number;
        do {
            place = permute(seed, halfBits, place);
        } while (place >= count);
        return place;
    }

    /** Half the bits of the smallest domain 2^(2k) >= count, at least 1. */
    private static int halfBits(long count) {
        int bits = Math.max(2, 64 - Long.numberOfLeadingZeros(count - 1));
        return (bits + 1) / 2;
    }

    private static long permute(byte[] seed, int halfBits, long value) {
        long mask = (1L << halfBits) - 1;
        long left = value >>> halfBits;
        long right = value & mask;
        MessageDigest sha256 = sha256();
        for (int round = 0; round < ROUNDS; round++) {
            long mixed = left ^ (roundValue(sha256, seed, round, right) & mask);
            left = right;
            right = mixed;
        }
        return (left << halfBits) | right;
    }

    private static long roundValue(MessageDigest sha256, byte[] seed, int round, long half) {
        sha256.reset();
        sha256.update(seed);
        sha256.update((byte) round);
        sha256.update(ByteBuffer.allocate(Long.BYTES).putLong(half).array());
        return ByteBuffer.wrap(sha256.digest()).getLong();
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
