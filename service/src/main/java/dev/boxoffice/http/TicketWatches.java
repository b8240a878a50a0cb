package dev.boxoffice.http;

import dev.boxoffice.api.QueueTicketView;
import dev.boxoffice.domain.WaitingRoom;
import dev.boxoffice.domain.ShowState;
import dev.boxoffice.line.LineOutlook;
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
 * The ticket streams open on this node, by room: every stream of a room is asked again at once when its
 * {@link LineOutlook} changes (its seats run out or come back, its line is paused, resumed or given a new rate: read
 * every {@link #OUTLOOK_CHECK_MILLIS} while the room has streams), so that these reach them within a second rather
 * than at their next look (up to 10 s). Bounded by the streams: a room is kept while one of its streams is open.
 */
@Singleton
public class TicketWatches {

    static final long OUTLOOK_CHECK_MILLIS = 250;

    private final ShowService shows;
    private final Vertx vertx;
    private final Map<UUID, Room> rooms = new ConcurrentHashMap<>();

    /** A room's open streams, and its outlook as last read (null: not yet). */
    private static final class Room {
        final Set<TicketWatch> watches = ConcurrentHashMap.newKeySet();
        volatile LineOutlook outlook;
    }

    public TicketWatches(ShowService shows, Vertx vertx) {
        this.shows = shows;
        this.vertx = vertx;
        vertx.setPeriodic(OUTLOOK_CHECK_MILLIS, tick -> checkOutlooks());
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

    private void checkOutlooks() {
        rooms.forEach((show, room) -> shows.show(show).onSuccess(state -> {
            if (!(state instanceof ShowState.Show known) || known.waitingRoom().isEmpty()) {
                return;
            }
            WaitingRoom waitingRoom = known.waitingRoom().get();
            LineOutlook before = room.outlook;
            room.outlook = new LineOutlook(known.seatSupply(), waitingRoom.settings().admitPerSecond(), waitingRoom.steering().paused());
            if (!room.outlook.equals(before)) { // first read too: a change since its streams' first answers is not missed
                room.watches.forEach(TicketWatch::wake);
            }
        }));
    }
}
