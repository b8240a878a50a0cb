package dev.boxoffice.line;

import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.UUID;

/**
 * The line service's way to the nodes (through the edge, which sends each show to its node): a room's record, a block
 * of arrival numbers, called tickets' admissions gathered, and requests passed on as they came. Bounded: at most {@code connections} at once, and as many
 * waiting for one; each answer within {@code timeout}, else the request fails (the client gets a 503).
 */
final class NodeClient {

    private final HttpClient client;
    private final LineTokens tokens;
    private final Clock clock;
    private final long timeoutMillis;

    NodeClient(Vertx vertx, URI nodes, int connections, Duration timeout, LineTokens tokens, Clock clock) {
        this.client = vertx.createHttpClient(new HttpClientOptions().setDefaultHost(nodes.getHost())
                        .setDefaultPort(nodes.getPort() > 0 ? nodes.getPort() : 80).setKeepAlive(true).setTcpNoDelay(true)
                        .setConnectTimeout((int) Math.min(timeout.toMillis(), 1_000)),
                new PoolOptions().setHttp1MaxSize(connections).setMaxWaitQueueSize(connections));
        this.tokens = tokens;
        this.clock = clock;
        this.timeoutMillis = timeout.toMillis();
    }

    /** The room's record; a node's answer other than 200 (no such show, no room) as the refusal. */
    Future<RoomRecords.Read> room(UUID show) {
        return send(HttpMethod.GET, "/shows/" + show + "/queue", MultiMap.caseInsensitiveMultiMap(), Buffer.buffer())
                .map(answer -> answer.status() == 200
                        ? new RoomRecords.Read(RoomRecord.parse(answer.body()), null)
                        : new RoomRecords.Read(null, answer));
    }

    /** A block of {@code size} numbers recorded by the show (its draw made first, if due). */
    Future<LineNumbers.Progress> block(UUID show, int size) {
        MultiMap headers = MultiMap.caseInsensitiveMultiMap()
                .add(LineHeaders.BLOCK_REQUEST, tokens.blockRequest(show, size, clock.millis()));
        return send(HttpMethod.POST, "/shows/" + show + "/queue/blocks", headers, Buffer.buffer()).map(answer -> {
            if (answer.status() != 200) {
                throw new NodeRefusal(answer);
            }
            var block = answer.body().toJsonObject();
            return new LineNumbers.Progress(block.getLong("numbered"), block.getLong("firstUncalled"), block.getBoolean("drawn"));
        });
    }

    /** Several tickets' polls in one request: the node's answer as it came (200: each ticket's standing, and the room). */
    Future<NodeAnswer> admissions(UUID show, List<String> tickets) {
        MultiMap headers = MultiMap.caseInsensitiveMultiMap().add("Content-Type", "application/json")
                .add("Accept", "application/json");
        Buffer body = new JsonObject().put("tickets", new JsonArray(tickets)).toBuffer();
        return send(HttpMethod.POST, "/shows/" + show + "/queue/admissions", headers, body);
    }

    /** A request passed on as it came: method, path and query, headers, body. */
    Future<NodeAnswer> send(HttpMethod method, String uri, MultiMap headers, Buffer body) {
        RequestOptions options = new RequestOptions().setMethod(method).setURI(uri).setHeaders(headers)
                .setTimeout(timeoutMillis);
        return client.request(options)
                .compose(request -> request.send(body))
                .compose(response -> response.body().map(bytes -> new NodeAnswer(response.statusCode(), response.headers(), bytes)));
    }

    Future<Void> close() {
        return client.close();
    }

    /** A node's answer other than the one asked for, to pass on to the client. */
    static final class NodeRefusal extends RuntimeException {
        final NodeAnswer answer;

        NodeRefusal(NodeAnswer answer) {
            super("the node answered " + answer.status(), null, false, false);
            this.answer = answer;
        }
    }
}
