package dev.boxoffice.api;

import dev.boxoffice.domain.Hold;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * A hold as the API shows it: its seats, when it expires, and its status at the time of the answer ({@code EXPIRED}
 * as soon as its time is up, even before the release is recorded).
 */
public record HoldView(String holdId, String showId, List<Integer> seats, String expiresAt, String status) {

    public static HoldView of(UUID showId, Hold hold, Instant now) {
        return new HoldView(hold.id().toString(), showId.toString(), hold.seatList(), hold.expiresAt().toString(),
                hold.statusAt(now).name());
    }
}
