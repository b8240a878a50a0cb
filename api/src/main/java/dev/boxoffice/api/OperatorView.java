package dev.boxoffice.api;

import dev.boxoffice.domain.ShowState;
import dev.boxoffice.domain.WaitingRoom;
import java.time.Instant;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * A waiting room on sale as its operators watch it: the room's record (settings, called, admitted, rate, seats on
 * sale and held, pause and close, the audit trail), and what they steer by: the places still waiting, the seats sold,
 * and how long the last place in line waits: until the on-sale, then at the room's rate (null while the line is
 * paused: nobody is called).
 */
public record OperatorView(Instant at, long waiting, int seatsSold, Long lastWaitSeconds, WaitingRoomView room) {

    public static OperatorView of(ShowState.Show show, Instant now) {
        WaitingRoom room = show.waitingRoom().orElseThrow();
        OptionalDouble lastWait = room.lastWaitSeconds(now.toEpochMilli());
        return new OperatorView(now, room.placesWaiting(), show.seatMap().reservedCount(),
                lastWait.isPresent() ? (long) Math.ceil(lastWait.getAsDouble()) : null, WaitingRoomView.of(show, now));
    }

    /** The same figures, whenever read: a feed sends a view only when they changed. */
    public boolean sameFiguresAs(OperatorView other) {
        return other != null && waiting == other.waiting && seatsSold == other.seatsSold
                && Objects.equals(lastWaitSeconds, other.lastWaitSeconds) && room.equals(other.room);
    }
}
