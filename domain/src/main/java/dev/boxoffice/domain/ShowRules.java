package dev.boxoffice.domain;

import java.math.BigDecimal;
import java.util.HashSet;
import java.util.List;

/** The invariants a show's input must meet, shared by the domain and the HTTP validation. */
public final class ShowRules {

    public static final int MIN_SEATS = 1;
    public static final int MAX_SEATS = HallPlan.MAX_SEATS;
    /** Seats one best-available hold asks for at most: a group that sits together. */
    public static final int MAX_SEATS_TOGETHER = 20;
    public static final int MAX_TITLE_LENGTH = 200;
    public static final BigDecimal INITIAL_SEAT_PRICE = BigDecimal.valueOf(100);

    private ShowRules() {
    }

    /** A list of seat numbers: not empty, none negative, none twice. */
    static List<Integer> requireSeatList(List<Integer> seats) {
        if (seats == null || seats.isEmpty() || seats.stream().anyMatch(s -> s == null || s < 0)
                || new HashSet<>(seats).size() != seats.size()) {
            throw new IllegalArgumentException("seats must be a non-empty list of distinct seat numbers >= 0: " + seats);
        }
        return List.copyOf(seats);
    }

    static void requireValidTitle(String title) {
        if (title == null || title.isBlank() || title.length() > MAX_TITLE_LENGTH) {
            throw new IllegalArgumentException(
                    "title must be non-blank and at most " + MAX_TITLE_LENGTH + " characters");
        }
    }

    /** The hall of a show created by its seat count: {@code maxSeats} seats at the initial price. */
    static HallPlan uniformHall(int maxSeats) {
        if (maxSeats < MIN_SEATS || maxSeats > MAX_SEATS) {
            throw new IllegalArgumentException("maxSeats must be between " + MIN_SEATS + " and " + MAX_SEATS);
        }
        return HallPlan.uniform(maxSeats, INITIAL_SEAT_PRICE);
    }
}
