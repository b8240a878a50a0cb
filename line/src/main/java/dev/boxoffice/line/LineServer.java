package dev.boxoffice.line;

import dev.boxoffice.domain.LineSteering;
import dev.boxoffice.domain.SeatSupply;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import java.time.Clock;
import java.util.UUID;

/**
 * The waiting rooms' lines, served apart from the nodes that sell: a join signs a ticket with a number from a block
 * the show recorded (one request to the node per block), and a waiting ticket's poll or stream is answered from the
 * room's record in memory (read from the node at most once a second, whatever the crowd, and not at all while
 * admissions bring it). Only a ticket whose place is called goes to the node, once, to be admitted, with the others
 * called at the moment ({@link Admissions}); the API, the tickets and the answers are the nodes' own.
 * Anything else under these paths (another method, a ticket that does not verify, a show without a room) is passed
 * on to the node as it came, so that its answer is exactly the node's.
 */
final class LineServer implements Handler<HttpServerRequest> {

    /** Bodies passed on to a node: the nodes refuse larger ones (413) anyway. */
    static final int MAX_BODY_BYTES = 16 * 1024;

    private final NodeClient node;
    private final Admissions admissions;
    private final RoomRecords rooms;
    private final LineNumbers numbers;
    private final LineTokens tokens;
    private final TicketStreams streams;
    private final Clock clock;

    LineServer(NodeClient node, Admissions admissions, RoomRecords rooms, LineNumbers numbers, LineTokens tokens,
            TicketStreams streams, Clock clock) {
        this.node = node;
        this.admissions = admissions;
        this.rooms = rooms;
        this.numbers = numbers;
        this.tokens = tokens;
        this.streams = streams;
        this.clock = clock;
    }

    @Override
    public void handle(HttpServerRequest request) {
        String path = request.path();
        if (path.startsWith("/q/health")) {
            LineAnswers.health(request.response());
            return;
        }
        String[] parts = path.split("/", -1); // "", "shows", id, "queue", ticket, "stream"
        UUID show = parts.length >= 4 && parts.length <= 6 && parts[1].equals("shows") && parts[3].equals("queue")
                ? LineAnswers.showId(parts[2]) : null;
        HttpMethod method = request.method();
        if (show == null) {
            forward(request);
        } else if (parts.length == 4 && method == HttpMethod.GET) {
            room(request, show);
        } else if (parts.length == 4 && method == HttpMethod.POST) {
            join(request, show);
        } else if (parts.length == 5 && method == HttpMethod.GET) {
            ticket(request, show, parts[4], false);
        } else if (parts.length == 6 && method == HttpMethod.GET && parts[5].equals("stream")) {
            ticket(request, show, parts[4], true);
        } else {
            forward(request);
        }
    }

    /** The room's public record, as lately read. */
    private void room(HttpServerRequest request, UUID show) {
        rooms.get(show, false).onComplete(read -> {
            if (read.failed()) {
                LineAnswers.unavailable(request.response(), read.cause());
            } else if (read.result().refusal() != null) {
                read.result().refusal().send(request.response());
            } else {
                LineAnswers.record(request.response(), read.result().record());
            }
        });
    }

    private void join(HttpServerRequest request, UUID show) {
        String held = request.getHeader(LineHeaders.TICKET);
        if (held != null) {
            ticket(request, show, held, false);
            return;
        }
        long now = clock.millis();
        rooms.get(show, false).compose(read -> {
            if (read.refusal() != null) {
                return Future.succeededFuture(read.refusal());
            }
            if (read.record().seats() == SeatSupply.SOLD_OUT) {
                return Future.succeededFuture(LineAnswers.refusedJoin(SeatSupply.soldOut(show)));
            }
            if (read.record().closed()) {
                return Future.succeededFuture(LineAnswers.refusedJoin(LineSteering.closed(show)));
            }
            boolean afterDraw = now >= read.record().onSaleAtMillis();
            return numbers.take(show, read.record().progress(), afterDraw).compose(number -> {
                String ticket = tokens.ticket(show, number, now);
                // A number taken after the draw is answered from a record with the draw in it.
                Future<RoomRecords.Read> latest = afterDraw && read.record().draw() == null ? rooms.get(show, true)
                        : Future.succeededFuture(read);
                return latest.compose(room -> standing(show, ticket, number, room))
                        .map(answer -> answer.status() == 200 ? answer.joined("/shows/" + show + "/queue/" + ticket) : answer);
            });
        }).onComplete(answered -> send(request, answered));
    }

    private void ticket(HttpServerRequest request, UUID show, String ticket, boolean stream) {
        var read = tokens.readTicket(show, ticket);
        if (read.isEmpty()) {
            forward(request); // the node refuses it (INVALID_TICKET), in its words
            return;
        }
        long number = read.get().number();
        if (stream) {
            streams.open(request, show, () -> rooms.get(show, false)
                    .compose(room -> room.refusal() != null ? Future.succeededFuture(room.refusal())
                            : standing(show, ticket, number, room)));
            return;
        }
        rooms.get(show, false).compose(room -> room.refusal() != null ? Future.succeededFuture(room.refusal())
                : standing(show, ticket, number, room)).onComplete(answered -> send(request, answered));
    }

    /**
     * A waiting ticket's answer from the record (SOLD_OUT while the record says so); a called one's from the node,
     * which admits it, or not (it may be admitted, gone or sold out).
     */
    private Future<NodeAnswer> standing(UUID show, String ticket, long number, RoomRecords.Read read) {
        RoomRecord room = read.record();
        long place = room.draw() == null ? -1 : room.draw().placeOf(number); // -1: not placed before the draw
        if (place >= 0 && place < room.called()) {
            // Asked as a poll, whether the buyer polls or streams, with the show's other called tickets of the moment.
            return admissions.admit(show, ticket);
        }
        if (room.seats() == SeatSupply.SOLD_OUT) {
            return Future.succeededFuture(LineAnswers.soldOut(ticket));
        }
        Long position = room.draw() == null ? null : place - room.called() + 1;
        LineEstimates.Estimate estimate = room.paused() ? LineEstimates.paused(position) : position == null
                ? LineEstimates.beforeDraw(room.onSaleAtMillis(), room.numbered(), room.admitPerSecond(), clock.millis())
                : LineEstimates.waiting(position, room.admitPerSecond());
        return Future.succeededFuture(LineAnswers.waiting(ticket, estimate, room.seats()));
    }

    /** Passed on as it came; a body only with its length, and of at most {@link #MAX_BODY_BYTES}, refused unread. */
    private void forward(HttpServerRequest request) {
        String length = request.getHeader("Content-Length");
        if (request.getHeader("Transfer-Encoding") != null) {
            LineAnswers.lengthRequired().send(request.response());
            return;
        }
        if (length != null && declaredBytes(length) > MAX_BODY_BYTES) {
            LineAnswers.tooLarge().send(request.response());
            return;
        }
        request.body().compose(body -> node.send(request.method(), request.uri(), LineAnswers.forwarded(request), body))
                .onComplete(answered -> send(request, answered));
    }

    private static long declaredBytes(String contentLength) {
        try {
            return Long.parseLong(contentLength.strip());
        } catch (NumberFormatException notANumber) {
            return Long.MAX_VALUE;
        }
    }

    private static void send(HttpServerRequest request, io.vertx.core.AsyncResult<NodeAnswer> answered) {
        HttpServerResponse response = request.response();
        if (answered.failed()) {
            if (answered.cause() instanceof NodeClient.NodeRefusal refusal) {
                refusal.answer.send(response);
            } else {
                LineAnswers.unavailable(response, answered.cause());
            }
        } else {
            answered.result().send(response);
        }
    }
}
