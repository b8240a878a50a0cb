package dev.boxoffice.line;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;

/** A line service: its HTTP server, its way to the nodes, the rooms' records, and the numbers it hands out. */
public final class LineService {

    /**
     * @param port            where it listens (0: any free port)
     * @param nodes           where the nodes are reached: the edge, which sends each show to its node, or one node
     * @param refresh         how often a room's record is read again while it is asked about
     * @param maxAge          the oldest record a poll is answered from; older, the answer waits for a new one
     * @param maxRooms        rooms kept in memory at once
     * @param nodeConnections connections to the nodes at once, and requests that may wait for one
     * @param nodeTimeout     the longest a node's answer is waited for
     * @param maxStreams      ticket streams open at once
     * @param admissionWindow how long a called ticket's poll waits for others of its show, to be sent to the node with them
     */
    public record Settings(int port, URI nodes, Duration refresh, Duration maxAge, int maxRooms, int nodeConnections,
            Duration nodeTimeout, int maxStreams, Duration admissionWindow) {

        public static Settings of(int port, URI nodes) {
            // A record read once a second per room whatever the crowd: the keeper calls places every 250 ms, so a called
            // ticket learns it up to a second late, and the node reads a room's record at most once a second per line
            // service. 256 requests to the nodes at once: the edge queues them for the nodes' slots, bounded in time (2 s), so a
            // node slow to answer delays called buyers rather than having them refused here at once. A called ticket's
            // poll waits up to 200 ms for others: less than a tick of the keeper, unseen by a buyer who waited seconds.
            return new Settings(port, nodes, Duration.ofSeconds(1), Duration.ofSeconds(2), 10_000, 256,
                    Duration.ofSeconds(5), 20_000, Duration.ofMillis(200));
        }
    }

    private final HttpServer server;
    private final NodeClient node;

    private LineService(HttpServer server, NodeClient node) {
        this.server = server;
        this.node = node;
    }

    public static Future<LineService> start(Vertx vertx, Settings settings, LineTokens tokens, Clock clock) {
        NodeClient node = new NodeClient(vertx, settings.nodes(), settings.nodeConnections(), settings.nodeTimeout(), tokens, clock);
        RoomRecords rooms = new RoomRecords(node::room, settings.refresh(), settings.maxAge(), settings.maxRooms());
        LineNumbers numbers = new LineNumbers(node::block, (millis, action) -> vertx.setTimer(Math.max(1, millis), t -> action.run()));
        vertx.setPeriodic(60_000, tick -> numbers.forgetIdle());
        Admissions admissions = new Admissions(vertx, node, rooms, settings.admissionWindow(), Admissions.MAX_TICKETS);
        // A room with streams is read twice a second, so that a sell-out or a pause reaches them within a second.
        TicketStreams streams = new TicketStreams(vertx, settings.maxStreams(), show -> rooms.recent(show, Duration.ofMillis(500))
                .map(read -> read.record() == null ? null : read.record().outlook()));
        LineServer handler = new LineServer(node, admissions, rooms, numbers, tokens, streams, clock);
        return vertx.createHttpServer(new HttpServerOptions().setPort(settings.port()).setTcpNoDelay(true)
                        .setMaxInitialLineLength(4096).setMaxHeaderSize(8192))
                .requestHandler(handler).listen().map(server -> new LineService(server, node));
    }

    public int port() {
        return server.actualPort();
    }

    public Future<Void> close() {
        return server.close().eventually(() -> node.close());
    }
}
