package dev.boxoffice.api;

import dev.boxoffice.domain.Hall;
import dev.boxoffice.domain.Hold;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * A hold as the API shows it: its seats by number and as people name them ("Stalls, row C, seat 12"), when it
 * expires, and its status at the time of the answer ({@code EXPIRED} as soon as its time is up, even before the
 * release is recorded).
 */
public record HoldView(String holdId, String showId, List<Integer> seats, List<String> labels, String expiresAt,
        String status) {

    public static HoldView of(UUID showId, Hall hall, Hold hold, Instant now) {
        List<String> labels = hold.seatList().stream().map(seat -> hall.label(seat).toString()).toList();
        return new HoldView(hold.id().toString(), showId.toString(), hold.seatList(), labels, hold.expiresAt().toString(),
                hold.statusAt(now).name());
    }
}
