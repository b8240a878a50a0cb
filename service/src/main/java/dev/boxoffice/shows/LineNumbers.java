package dev.boxoffice.shows;

import dev.boxoffice.domain.CommandOutcome;
import dev.boxoffice.domain.ShowCommand.NumberArrivals;
import dev.boxoffice.domain.ShowState;
import dev.boxoffice.domain.WaitingRoom;
import io.vertx.core.Future;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Hands out the arrival numbers of this node's tickets, with no write per arrival: numbers come from blocks the
 * show records ({@link NumberArrivals}), so no number is given twice, by this node or any other, before a crash or
 * after it. A block lasts about {@link #BLOCK_TARGET} of arrivals (its size follows the arrival rate), so that a
 * crash leaves few numbers that nobody holds. A number already called is never handed out (the line has moved past
 * it), nor, after the on-sale's draw, one of the drawn numbers; the rest of a block recorded before the draw is handed
 * out after it, behind those drawn.
 */
public final class LineNumbers {

    static final Duration BLOCK_TARGET = Duration.ofMillis(250);
    static final int MIN_BLOCK = 4;
    static final int MAX_BLOCK = 1024;
    /** A line this node handed out no number for this long is forgotten (its block's rest is never handed out). */
    static final Duration FORGET_AFTER = Duration.ofMinutes(10);

    private final ShowService shows;
    private final Map<UUID, Line> lines = new ConcurrentHashMap<>();

    /** One show's numbers on this node: the current block, and the reservation of the next if one is under way. */
    private static final class Line {
        long start;
        long next;
        long end;
        long startedAtNanos;
        int size = MIN_BLOCK;
        long usedAtNanos;
        Future<WaitingRoom> reserving;
    }

    public LineNumbers(ShowService shows) {
        this.shows = shows;
    }

    /** A new arrival number for a ticket of {@code showId}, whose waiting room is {@code room} as lately read. */
    public Future<Long> take(UUID showId, WaitingRoom room) {
        Line line = lines.computeIfAbsent(showId, id -> new Line());
        Future<WaitingRoom> reserved;
        synchronized (line) {
            line.usedAtNanos = System.nanoTime();
            long number = Math.max(line.next, room.firstUncalledNumber());
            if (line.end > 0 && number < line.end) {
                line.next = number + 1;
                return Future.succeededFuture(number);
            }
            if (line.reserving == null) {
                line.reserving = reserve(showId, line);
            }
            reserved = line.reserving;
        }
        return reserved.compose(updated -> take(showId, updated));
    }

    /**
     * How many arrival numbers of {@code showId} are handed out, as this node knows it: every number below the next of
     * its block, if its block is the newest the show recorded ({@code numbered}, or later: the caller's may be
     * stale), since any other node's blocks lie below it. Empty when this node does not know.
     */
    public OptionalLong issued(UUID showId, long numbered) {
        Line line = lines.get(showId);
        if (line == null) {
            return OptionalLong.empty();
        }
        synchronized (line) {
            return line.end > 0 && line.end >= numbered ? OptionalLong.of(line.next) : OptionalLong.empty();
        }
    }

    /** The shows this node handed out numbers for lately. */
    public List<UUID> active() {
        return new ArrayList<>(lines.keySet());
    }

    /** Forgets the lines this node handed out no number for in {@link #FORGET_AFTER}. */
    public void forgetIdle() {
        long now = System.nanoTime();
        lines.entrySet().removeIf(entry -> {
            synchronized (entry.getValue()) {
                return entry.getValue().reserving == null && now - entry.getValue().usedAtNanos > FORGET_AFTER.toNanos();
            }
        });
    }

    private Future<WaitingRoom> reserve(UUID showId, Line line) {
        int size = nextSize(line);
        return shows.handle(new NumberArrivals(showId, size), null).map(outcome -> {
            if (!(outcome instanceof CommandOutcome.Accepted<ShowState> accepted
                    && accepted.state() instanceof ShowState.Show show && show.waitingRoom().isPresent())) {
                throw new IllegalStateException("show " + showId + " numbered no arrivals: " + outcome);
            }
            WaitingRoom room = show.waitingRoom().get();
            synchronized (line) {
                line.start = room.numbered() - size;
                line.next = line.start;
                line.end = room.numbered();
                line.size = size;
                line.startedAtNanos = System.nanoTime();
                line.reserving = null;
            }
            return room;
        }).onFailure(failure -> {
            synchronized (line) {
                line.reserving = null;
            }
        });
    }

    /** The next block's size: the last one's, scaled so that a block lasts about {@link #BLOCK_TARGET}. */
    private static int nextSize(Line line) {
        synchronized (line) {
            if (line.end == 0) {
                return line.size;
            }
            long lasted = Math.max(1, System.nanoTime() - line.startedAtNanos);
            long scaled = line.size * BLOCK_TARGET.toNanos() / lasted;
            return (int) Math.max(MIN_BLOCK, Math.min(MAX_BLOCK, scaled));
        }
    }
}
