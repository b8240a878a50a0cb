package dev.boxoffice.line;

import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The polls of called tickets, gathered per show for up to {@code window} (or until {@code max} are) and sent to the
 * show's node in one request, which answers each as its own poll would (admitting it, while the room has room) and
 * adds the room's record, which the line service keeps instead of reading it. So a crowd's admissions cost its node
 * a request per few buyers, not one each. Should the node refuse the gathering (a ticket it does not take, say), each
 * poll is passed on alone, as it came; should it be out of reach or answer 5xx, every poll gets that answer.
 */
final class Admissions {

    /** Tickets in one request at most: what a node takes (LineAdmissionsRequest). */
    static final int MAX_TICKETS = 64;

    /** One gathering of a show's polls, under way until sent. */
    private record Gathering(List<String> tickets, List<Promise<NodeAnswer>> answers) {
    }

    private final Vertx vertx;
    private final NodeClient node;
    private final RoomRecords rooms;
    private final long windowMillis;
    private final int max;
    private final Map<UUID, Gathering> gathering = new ConcurrentHashMap<>();

    Admissions(Vertx vertx, NodeClient node, RoomRecords rooms, Duration window, int max) {
        this.vertx = vertx;
        this.node = node;
        this.rooms = rooms;
        this.windowMillis = Math.max(1, window.toMillis());
        this.max = max;
    }

    /** The answer to a called ticket's poll, from the node: sent with the show's other called tickets of the moment. */
    Future<NodeAnswer> admit(UUID show, String ticket) {
        Promise<NodeAnswer> answer = Promise.promise();
        Gathering full = null;
        synchronized (this) {
            Gathering open = gathering.get(show);
            if (open == null) {
                open = new Gathering(new ArrayList<>(), new ArrayList<>());
                gathering.put(show, open);
                Gathering started = open;
                vertx.setTimer(windowMillis, t -> send(show, started));
            }
            open.tickets().add(ticket);
            open.answers().add(answer);
            if (open.tickets().size() >= max) {
                full = open;
            }
        }
        if (full != null) {
            send(show, full);
        }
        return answer.future();
    }

    private void send(UUID show, Gathering polls) {
        synchronized (this) {
            if (!gathering.remove(show, polls)) {
                return; // sent already, when it filled up
            }
        }
        node.admissions(show, polls.tickets()).onComplete(answered -> {
            if (answered.failed() || answered.result().status() >= 500) {
                // The node is out of reach or overloaded: each buyer gets that, and asks again, rather than the node
                // getting each poll on top.
                polls.answers().forEach(answer -> answer.handle(answered));
                return;
            }
            JsonObject body = answered.result().status() == 200 ? answered.result().body().toJsonObject() : null;
            JsonArray standings = body == null ? null : body.getJsonArray("tickets");
            if (standings == null || standings.size() != polls.tickets().size()) {
                for (int i = 0; i < polls.tickets().size(); i++) {
                    alone(show, polls.tickets().get(i)).onComplete(polls.answers().get(i));
                }
                return;
            }
            rooms.offer(show, RoomRecord.parse(body.getJsonObject("room").toBuffer()));
            for (int i = 0; i < standings.size(); i++) {
                polls.answers().get(i).complete(asPoll(standings.getJsonObject(i)));
            }
        });
    }

    private Future<NodeAnswer> alone(UUID show, String ticket) {
        return node.send(HttpMethod.GET, "/shows/" + show + "/queue/" + ticket, LineAnswers.ASK_AS_A_POLL, Buffer.buffer());
    }

    /** A ticket's standing as its own poll gets it from the node: the same body and headers. */
    private static NodeAnswer asPoll(JsonObject answer) {
        MultiMap headers = MultiMap.caseInsensitiveMultiMap().add("Content-Type", "application/json")
                .add("Cache-Control", "no-store");
        long retryAfter = answer.getLong("retryAfterSeconds", 0L);
        if (retryAfter > 0) {
            headers.add("Retry-After", Long.toString(retryAfter));
        }
        return new NodeAnswer(200, headers, answer.getJsonObject("standing").toBuffer());
    }
}
