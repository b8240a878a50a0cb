package dev.boxoffice.line;

import dev.boxoffice.domain.Rejection;
import dev.boxoffice.domain.SeatSupply;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import java.util.Locale;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;

/** The line service's own answers, in the nodes' words: a waiting ticket, a room's record, health, refusals. */
final class LineAnswers {

    private static final Pattern CANONICAL_UUID = Pattern.compile("[0-9a-fA-F]{8}(-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}");
    private static final Set<String> HOP_BY_HOP = Set.of("connection", "keep-alive", "transfer-encoding",
            "content-length", "te", "trailer", "upgrade", "proxy-authenticate", "proxy-authorization");
    /** The headers of a poll the line service sends a node for a called ticket. */
    static final MultiMap ASK_AS_A_POLL = MultiMap.caseInsensitiveMultiMap().add("Accept", "application/json");
    private static final Buffer UP = Buffer.buffer("{\"status\":\"UP\",\"checks\":[]}");

    private LineAnswers() {
    }

    /** A show id in the canonical form the nodes take; null for anything else (the node refuses it in its words). */
    static UUID showId(String text) {
        return text.length() == 36 && CANONICAL_UUID.matcher(text).matches() ? UUID.fromString(text) : null;
    }

    /**
     * Where a waiting ticket stands, as a node answers it (QueueTicketView: WAITING, position, estimated wait, seats;
     * paused and no wait while the line is paused).
     */
    static NodeAnswer waiting(String ticket, LineEstimates.Estimate estimate, SeatSupply seats) {
        StringBuilder json = new StringBuilder(ticket.length() + 112).append("{\"ticket\":\"").append(ticket)
                .append("\",\"status\":\"WAITING\"");
        if (estimate.position() != null) {
            json.append(",\"position\":").append(estimate.position());
        }
        if (!estimate.paused()) {
            json.append(",\"estimatedWaitSeconds\":").append(estimate.waitSeconds());
        }
        json.append(",\"seats\":\"").append(seats.name()).append('"');
        if (estimate.paused()) {
            json.append(",\"paused\":true");
        }
        return standing(json.append('}'), estimate.retryAfterSeconds());
    }

    /** A ticket of a show sold out, as a node answers it (QueueTicketView: SOLD_OUT). */
    static NodeAnswer soldOut(String ticket) {
        StringBuilder json = new StringBuilder(ticket.length() + 40).append("{\"ticket\":\"").append(ticket)
                .append("\",\"status\":\"SOLD_OUT\"}");
        return standing(json, LineEstimates.SOLD_OUT_RETRY_SECONDS);
    }

    /** A join refused by the room's state (sold out, the line closed: a 409), as a node refuses it. */
    static NodeAnswer refusedJoin(Rejection refusal) {
        MultiMap headers = MultiMap.caseInsensitiveMultiMap().add("Content-Type", "application/problem+json");
        return new NodeAnswer(409, headers, problemBody(409, "Conflict with the current state", refusal.code().name(),
                refusal.message()));
    }

    private static NodeAnswer standing(StringBuilder json, long retryAfterSeconds) {
        MultiMap headers = MultiMap.caseInsensitiveMultiMap().add("Content-Type", "application/json")
                .add("Cache-Control", "no-store").add("Retry-After", Long.toString(retryAfterSeconds));
        return new NodeAnswer(200, headers, Buffer.buffer(json.toString()));
    }

    static void record(HttpServerResponse response, RoomRecord room) {
        response.putHeader("Content-Type", "application/json").end(room.body());
    }

    static void health(HttpServerResponse response) {
        response.putHeader("Content-Type", "application/json").end(UP);
    }

    /** The client's headers, to pass on to a node: all but the hop-by-hop ones. */
    static MultiMap forwarded(HttpServerRequest request) {
        MultiMap headers = MultiMap.caseInsensitiveMultiMap();
        request.headers().forEach(header -> {
            if (passedOn(header.getKey())) {
                headers.add(header.getKey(), header.getValue());
            }
        });
        return headers;
    }

    /** Whether a header is passed on between a client and a node: hop-by-hop ones are not. */
    static boolean passedOn(String header) {
        return !HOP_BY_HOP.contains(header.toLowerCase(Locale.ROOT));
    }

    /** No node answered in time, or too many requests wait for one: nothing was done, retry later. */
    static void unavailable(HttpServerResponse response, Throwable cause) {
        problem(response, 503, "Service unavailable", "SERVICE_UNAVAILABLE",
                "The line service could not reach the show's node (" + cause.getClass().getSimpleName()
                        + "). Nothing was done; retry later.");
    }

    static NodeAnswer tooLarge() {
        MultiMap headers = MultiMap.caseInsensitiveMultiMap().add("Content-Type", "application/problem+json");
        return new NodeAnswer(413, headers, problemBody(413, "Payload too large", "PAYLOAD_TOO_LARGE",
                "A request body is at most " + LineServer.MAX_BODY_BYTES + " bytes."));
    }

    static NodeAnswer lengthRequired() {
        MultiMap headers = MultiMap.caseInsensitiveMultiMap().add("Content-Type", "application/problem+json");
        return new NodeAnswer(411, headers, problemBody(411, "Length required", "LENGTH_REQUIRED",
                "Send a request body with its Content-Length, not chunked."));
    }

    static void problem(HttpServerResponse response, int status, String title, String code, String detail) {
        if (response.ended() || response.headWritten()) {
            return;
        }
        response.setStatusCode(status).putHeader("Content-Type", "application/problem+json").putHeader("Retry-After", "1")
                .end(problemBody(status, title, code, detail));
    }

    private static Buffer problemBody(int status, String title, String code, String detail) {
        String type = "urn:boxoffice:problem:" + code.toLowerCase(Locale.ROOT).replace('_', '-');
        return Buffer.buffer(new io.vertx.core.json.JsonObject().put("type", type).put("title", title).put("status", status)
                .put("code", code).put("detail", detail).encode());
    }
}
