package dev.boxoffice.http;

import dev.boxoffice.api.QueueTicketView;
import dev.boxoffice.domain.SeatSupply;
import dev.boxoffice.domain.ShowState;
import dev.boxoffice.shows.ShowService;
import io.smallrye.mutiny.subscription.MultiEmitter;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import jakarta.inject.Singleton;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The ticket streams open on this node, by room: every stream of a room is asked again at once when its seats run
 * out or come back (its seat supply, read every {@link #SUPPLY_CHECK_MILLIS} while the room has streams), so that a
 * sell-out reaches them within a second rather than at their next look (up to 10 s). Bounded by the streams: a room
 * is kept while one of its streams is open.
 */
@Singleton
public class TicketWatches {

    static final long SUPPLY_CHECK_MILLIS = 250;

    private final ShowService shows;
    private final Vertx vertx;
    private final Map<UUID, Room> rooms = new ConcurrentHashMap<>();

    /** A room's open streams, and its seat supply as last read (null: not yet). */
    private static final class Room {
        final Set<TicketWatch> watches = ConcurrentHashMap.newKeySet();
        volatile SeatSupply supply;
    }

    public TicketWatches(ShowService shows, Vertx vertx) {
        this.shows = shows;
        this.vertx = vertx;
        vertx.setPeriodic(SUPPLY_CHECK_MILLIS, tick -> checkSupplies());
    }

    /** Streams {@code standing} on {@code emitter}: now, then as {@link TicketWatch} says, until the stream ends. */
    void watch(UUID show, MultiEmitter<? super QueueTicketView> emitter, Supplier<Future<QueueAnswers.Answer>> standing) {
        TicketWatch watch = new TicketWatch(vertx, emitter, standing, ended -> remove(show, ended));
        rooms.compute(show, (id, room) -> { // atomic with the removal of a room's last stream
            Room known = room == null ? new Room() : room;
            known.watches.add(watch);
            return known;
        });
        watch.next();
    }

    private void remove(UUID show, TicketWatch watch) {
        rooms.computeIfPresent(show, (id, room) -> {
            room.watches.remove(watch);
            return room.watches.isEmpty() ? null : room;
        });
    }

    private void checkSupplies() {
        rooms.forEach((show, room) -> shows.show(show).onSuccess(state -> {
            if (!(state instanceof ShowState.Show known)) {
                return;
            }
            SeatSupply before = room.supply;
            room.supply = known.seatSupply();
            if (before != room.supply) { // first read too: a change since its streams' first answers is not missed
                room.watches.forEach(TicketWatch::wake);
            }
        }));
    }
}
