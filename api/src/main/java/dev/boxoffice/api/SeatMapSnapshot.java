package dev.boxoffice.api;

import java.math.BigDecimal;

/**
 * A show's whole seat map at one version, as its stream begins (event {@code snapshot}): its hall as runs of rows
 * ({@link HallLayout}), then one letter per seat in number order, {@code A} available, {@code H} held, {@code R}
 * reserved. Ten thousand seats are 10 KB, not the 480 KB of the show's JSON. {@code price} is the first category's.
 */
public record SeatMapSnapshot(String showId, String title, BigDecimal price, HallLayout hall, long version, String seats) {

    public static final char AVAILABLE = 'A';
    public static final char HELD = 'H';
    public static final char RESERVED = 'R';
}
