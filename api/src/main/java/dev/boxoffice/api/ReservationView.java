package dev.boxoffice.api;

import java.util.List;

/** Seats reserved together. */
public record ReservationView(String showId, List<Integer> seats, String status) {

    public static ReservationView reserved(String showId, List<Integer> seats) {
        return new ReservationView(showId, List.copyOf(seats), "RESERVED");
    }
}
