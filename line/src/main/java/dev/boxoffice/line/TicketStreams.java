package dev.boxoffice.line;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.json.JsonObject;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Tickets' event streams: where a ticket stands now, then again after a quarter of the estimated wait (between 1 and
 * 10 s), ending with ADMITTED, EXPIRED or SOLD_OUT, as a node streams it; and at once, every stream of a room, when
 * its {@link LineOutlook} changes (its seats run out or come back, its line is paused, resumed or given a new rate:
 * looked at every {@link #OUTLOOK_CHECK_MILLIS} while it has streams).
 * At most {@code maxStreams} are open at once (each holds a connection and a timer): past it a stream is refused at
 * once (503, Retry-After), and the buyer polls instead.
 */
final class TicketStreams {

    static final long MIN_INTERVAL_MILLIS = 1_000;
    static final long MAX_INTERVAL_MILLIS = 10_000;
    /** How often the outlook of a room with streams is looked at: a sell-out or a pause reaches its streams within a second. */
    static final long OUTLOOK_CHECK_MILLIS = 250;

    private final Vertx vertx;
    private final int maxStreams;
    private final Function<UUID, Future<LineOutlook>> outlookOf;
    private final AtomicInteger open = new AtomicInteger();
    private final Map<UUID, Room> rooms = new ConcurrentHashMap<>();

    /** A room's open streams, and its outlook as last looked at (null: not yet). */
    private static final class Room {
        final Set<Watch> watches = ConcurrentHashMap.newKeySet();
        volatile LineOutlook outlook;
    }

    /** @param outlookOf a room's outlook, from a record of it no older than the check's period or so */
    TicketStreams(Vertx vertx, int maxStreams, Function<UUID, Future<LineOutlook>> outlookOf) {
        this.vertx = vertx;
        this.maxStreams = maxStreams;
        this.outlookOf = outlookOf;
        vertx.setPeriodic(OUTLOOK_CHECK_MILLIS, tick -> checkOutlooks());
    }

    int open() {
        return open.get();
    }

    /** Streams the answers of {@code standing}: the first as it is if it is not a 200 (a refusal), then each as an event. */
    void open(HttpServerRequest request, UUID show, Supplier<Future<NodeAnswer>> standing) {
        if (open.incrementAndGet() > maxStreams) {
            open.decrementAndGet();
            LineAnswers.problem(request.response(), 503, "Service overloaded", "OVERLOADED",
                    "This line service has " + maxStreams + " ticket streams open. Nothing was done; poll the ticket instead.");
            return;
        }
        Watch watch = new Watch(request.response(), show, standing);
        rooms.compute(show, (id, room) -> { // atomic with the removal of a room's last stream
            Room known = room == null ? new Room() : room;
            known.watches.add(watch);
            return known;
        });
        watch.next();
    }

    /** Wakes every stream of a room whose outlook changed since it was last looked at. */
    private void checkOutlooks() {
        rooms.forEach((show, room) -> outlookOf.apply(show).onSuccess(outlook -> {
            if (outlook == null) {
                return; // no record: the node refused (no such room); the streams learn it themselves
            }
            LineOutlook before = room.outlook;
            room.outlook = outlook;
            if (!outlook.equals(before)) { // first look too: a change since its streams' first answers is not missed
                room.watches.forEach(Watch::wake);
            }
        }));
    }

    private final class Watch {
        private final HttpServerResponse response;
        private final UUID show;
        private final Supplier<Future<NodeAnswer>> standing;
        private final Context context = Vertx.currentContext();
        private long timer = -1; // these on the context only
        private boolean started;
        private boolean finished;
        private boolean asking;
        private boolean askAgain;

        Watch(HttpServerResponse response, UUID show, Supplier<Future<NodeAnswer>> standing) {
            this.response = response;
            this.show = show;
            this.standing = standing;
            response.closeHandler(closed -> finish());
        }

        /** Asks now rather than at the timer (or once the answer under way is in), on the stream's own event loop. */
        void wake() {
            context.runOnContext(now -> {
                if (finished) {
                    return;
                }
                if (asking) {
                    askAgain = true;
                } else {
                    vertx.cancelTimer(timer);
                    next();
                }
            });
        }

        void next() {
            asking = true;
            // Answered on the node client's event loop, perhaps another: the watch's state is kept on its own.
            standing.get().onComplete(answered -> context.runOnContext(onItsOwn -> {
                asking = false;
                if (finished) {
                    return;
                }
                if (answered.failed() || answered.result().status() != 200) {
                    if (!started && answered.succeeded()) {
                        answered.result().send(response);
                    } else if (!started) {
                        LineAnswers.unavailable(response, answered.cause());
                    } else {
                        response.end();
                    }
                    finish();
                    return;
                }
                if (!started) {
                    started = true;
                    response.setChunked(true).putHeader("Content-Type", "text/event-stream").putHeader("Cache-Control", "no-store");
                }
                NodeAnswer answer = answered.result();
                response.write("data:" + answer.body() + "\n\n");
                JsonObject view = answer.body().toJsonObject();
                if (!"WAITING".equals(view.getString("status"))) {
                    response.end();
                    finish();
                    return;
                }
                long interval = askAgain ? 0 : interval(view.getLong("estimatedWaitSeconds"));
                askAgain = false;
                if (interval == 0) {
                    next();
                } else {
                    timer = vertx.setTimer(interval, fired -> next());
                }
            }));
        }

        private void finish() {
            if (!finished) {
                finished = true;
                vertx.cancelTimer(timer);
                open.decrementAndGet();
                rooms.computeIfPresent(show, (id, room) -> {
                    room.watches.remove(this);
                    return room.watches.isEmpty() ? null : room;
                });
            }
        }
    }

    private static long interval(Long estimatedWaitSeconds) {
        long waitMillis = estimatedWaitSeconds == null ? MAX_INTERVAL_MILLIS : estimatedWaitSeconds * 250;
        return Math.max(MIN_INTERVAL_MILLIS, Math.min(MAX_INTERVAL_MILLIS, waitMillis));
    }
}
