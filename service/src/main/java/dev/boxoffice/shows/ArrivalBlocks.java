package dev.boxoffice.shows;

import dev.boxoffice.domain.CommandOutcome;
import dev.boxoffice.domain.ShowCommand.NumberArrivals;
import dev.boxoffice.domain.ShowState;
import dev.boxoffice.domain.WaitingRoom;
import dev.boxoffice.line.LineNumbers;
import io.vertx.core.Future;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Blocks of arrival numbers as the show records them ({@link NumberArrivals}): one command per block, for this node's
 * own tickets or a line service's. The shows that recorded blocks here lately are the lines this node moves at once
 * ({@link LineKeeper}): the node that hands out a line's numbers is the one its buyers are sent to, by the edge's hash.
 */
public final class ArrivalBlocks implements LineNumbers.Blocks {

    /** A show that recorded no block here for this long is no longer moved here at once. */
    static final Duration ACTIVE_FOR = Duration.ofMinutes(10);

    private final ShowService shows;
    private final Map<UUID, Long> reservedAtNanos = new ConcurrentHashMap<>();

    public ArrivalBlocks(ShowService shows) {
        this.shows = shows;
    }

    @Override
    public Future<LineNumbers.Progress> reserve(UUID showId, int size) {
        reservedAtNanos.put(showId, System.nanoTime());
        return shows.handle(new NumberArrivals(showId, size), null).map(outcome -> {
            if (outcome instanceof CommandOutcome.Rejected<ShowState> rejected) {
                throw new ArrivalsRefusedException(rejected.rejection()); // the line closed meanwhile, say: answered as such
            }
            if (!(outcome instanceof CommandOutcome.Accepted<ShowState> accepted
                    && accepted.state() instanceof ShowState.Show show && show.waitingRoom().isPresent())) {
                throw new IllegalStateException("show " + showId + " numbered no arrivals: " + outcome);
            }
            return progressOf(show.waitingRoom().get());
        });
    }

    /** The shows that recorded a block here in the last {@link #ACTIVE_FOR}. */
    public List<UUID> active() {
        long now = System.nanoTime();
        reservedAtNanos.values().removeIf(at -> now - at > ACTIVE_FOR.toNanos());
        return new ArrayList<>(reservedAtNanos.keySet());
    }

    /** How far {@code room}'s line got, as far as numbers go. */
    public static LineNumbers.Progress progressOf(WaitingRoom room) {
        return new LineNumbers.Progress(room.numbered(), room.firstUncalledNumber(), room.lineDraw().isPresent());
    }
}
