package dev.boxoffice.api;

import java.math.BigDecimal;

/**
 * A show's whole seat map at one version, as its stream begins (event {@code snapshot}): its hall as runs of rows
 * ({@link HallLayout}), then its seats as {@link ShowView} gives them, one letter each ({@link SeatLetters}).
 * {@code price} is the first category's.
 */
public record SeatMapSnapshot(String showId, String title, BigDecimal price, HallLayout hall, long version, String seats) {
}
