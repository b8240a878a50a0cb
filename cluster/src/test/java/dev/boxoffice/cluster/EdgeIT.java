package dev.boxoffice.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The edge as ./boxoffice run --nodes 1 starts it (deploy/haproxy/haproxy.cfg in front of one packaged node): a crowd
 * larger than what the node is given at once waits in the edge's queue, and what waited past the queue's timeout is
 * refused by the edge with the service's own problem body; a waiting room's joins have slots of their own and event
 * streams take none; a client that retries at once is slowed down by its cookie; a line service killed mid-sale loses
 * no ticket, the line is served by the node meanwhile, and the operators' pause and close made meanwhile hold.
 */
class EdgeIT {

    /** The edge's maxconn per node (haproxy.cfg): requests past it wait in the node's queue. */
    private static final int PER_NODE = 64;
    private static final int CROWD = PER_NODE + 16;

    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private static Cluster cluster;

    @BeforeAll
    static void startCluster() throws Exception {
        cluster = TestClusters.start("edge-it", 1);
    }

    @AfterAll
    static void stopCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void aCrowdPastWhatTheNodeIsGivenWaitsAtTheEdgeAndWhatWaitedTooLongIsRefusedThereWithAProblem() throws Exception {
        List<String> shows = new ArrayList<>();
        for (int i = 0; i < CROWD; i++) {
            shows.add(createShow());
        }
        HaProxyStats before = cluster.haProxy().stats();
        List<HttpResponse<String>> answers;
        try (Connection db = DriverManager.getConnection(cluster.database().jdbcUrl())) {
            db.setAutoCommit(false);
            try (var lock = db.prepareStatement("LOCK TABLE events IN SHARE MODE")) {
                lock.execute(); // every append waits for this transaction: the node's requests stay in flight
            }
            // One reservation per show, each on a connection of its own: the node takes 64, the rest wait at the edge.
            List<CompletableFuture<HttpResponse<String>>> crowd = shows.stream().map(show -> HTTP.sendAsync(
                    HttpRequest.newBuilder(URI.create(cluster.frontUrl() + "/shows/" + show + "/seats/0"))
                            .header("Content-Type", "application/json").timeout(Duration.ofSeconds(30))
                            .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"action\":\"RESERVE\"}")).build(),
                    HttpResponse.BodyHandlers.ofString())).toList();
            // Every request at the edge (on a busy host sending 80 takes a while), then past its queue timeout (100 ms);
            // the appends wait for the lock meanwhile (a database that answers its heartbeat keeps them up to 3.2 s).
            long deadline = System.nanoTime() + Duration.ofSeconds(2).toNanos();
            while (cluster.haProxy().stats().requests() - before.requests() < CROWD && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            Thread.sleep(250);
            db.commit();
            answers = crowd.stream().map(CompletableFuture::join).toList();
        }

        List<HttpResponse<String>> refused = answers.stream().filter(answer -> answer.statusCode() == 503).toList();
        assertThat(answers.stream().filter(answer -> answer.statusCode() == 200)).hasSize(PER_NODE);
        assertThat(refused).hasSize(CROWD - PER_NODE).allSatisfy(answer -> {
            assertThat(answer.headers().firstValue("Content-Type")).hasValue("application/problem+json");
            assertThat(answer.headers().firstValue("Retry-After")).hasValueSatisfying(
                    seconds -> assertThat(Integer.parseInt(seconds)).isBetween(1, 4));
            assertThat(answer.body()).contains("\"code\":\"OVERLOADED\"", "\"status\":503", "waited its turn at the edge");
        });
        // Spread, so that the refused crowd does not come back all in the same second.
        assertThat(refused.stream().map(answer -> answer.headers().firstValue("Retry-After").orElseThrow()).distinct())
                .hasSizeGreaterThan(1);
        HaProxyStats during = cluster.haProxy().stats().minus(before);
        assertThat(during.refusedByEdge()).isEqualTo(CROWD - PER_NODE);
        assertThat(during.nodes503()).isZero();
        assertThat(during.maxQueued()).isEqualTo(CROWD - PER_NODE);
    }

    @Test
    void aWaitingRoomsJoinsHaveSlotsOfTheirOwnAtTheEdge() throws Exception {
        List<String> shows = new ArrayList<>();
        for (int i = 0; i < PER_NODE; i++) {
            shows.add(createShow());
        }
        // On sale now, and drawn at the first join: the line service then holds a block of numbers and a fresh record
        // of the room, so the join below writes nothing and reads nothing from the node. (Before a draw it holds no
        // spare number: each block there is exactly the joins that waited for it.)
        String room = createRoom(Instant.now());
        assertThat(join(room).statusCode()).isEqualTo(201);
        HttpResponse<String> joined;
        List<CompletableFuture<HttpResponse<String>>> held;
        try (Connection db = DriverManager.getConnection(cluster.database().jdbcUrl())) {
            db.setAutoCommit(false);
            try (var lock = db.prepareStatement("LOCK TABLE events IN SHARE MODE")) {
                lock.execute(); // the node's 64 slots for requests stay taken by reservations waiting to append
            }
            held = shows.stream().map(show -> HTTP.sendAsync(HttpRequest.newBuilder(URI.create(cluster.frontUrl() + "/shows/" + show + "/seats/0"))
                            .header("Content-Type", "application/json").timeout(Duration.ofSeconds(30))
                            .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"action\":\"RESERVE\"}")).build(),
                    HttpResponse.BodyHandlers.ofString())).toList();
            Thread.sleep(300);
            joined = join(room);
            db.commit();
        }
        assertThat(joined.statusCode()).as(joined.body()).isEqualTo(201);
        assertThat(held.stream().map(CompletableFuture::join).map(HttpResponse::statusCode)).containsOnly(200);
    }

    @Test
    void aLineServiceKilledMidSaleLosesNoTicketAndTheNodeAnswersItsPollsMeanwhile() throws Exception {
        String room = createRoomOnSaleInAnHour();
        List<String> tickets = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            tickets.add(ticketOf(join(room)));
        }
        ServiceNode line = cluster.lines().get(0);
        line.kill();
        try {
            for (String ticket : tickets) {
                long start = System.nanoTime();
                HttpResponse<String> polled = send(HttpRequest.newBuilder(URI.create(cluster.frontUrl() + "/shows/" + room + "/queue/" + ticket)));
                assertThat(Duration.ofNanos(System.nanoTime() - start)).as("a poll's answer while the line service is down")
                        .isLessThan(Duration.ofSeconds(2));
                assertThat(polled.statusCode()).as(polled.body()).isEqualTo(200);
                assertThat(polled.body()).contains("\"ticket\":\"" + ticket + "\"", "\"status\":\"WAITING\"");
            }
            for (int i = 0; i < 10; i++) {
                tickets.add(ticketOf(join(room))); // numbered by the node meanwhile
            }
            control(room, "PAUSE"); // made while the line service is down: the restarted one learns it from the node
        } finally {
            line.restart().awaitReady(Duration.ofSeconds(60));
        }
        tickets.add(ticketOf(join(room)));
        assertThat(tickets.stream().map(EdgeIT::numberOf).distinct()).as("no number given twice").hasSize(tickets.size());
        for (String ticket : tickets) {
            HttpResponse<String> polled = send(HttpRequest.newBuilder(URI.create(cluster.frontUrl() + "/shows/" + room + "/queue/" + ticket)));
            assertThat(polled.statusCode()).isEqualTo(200);
            assertThat(polled.body()).as("the pause, after the line service's kill -9").contains("\"paused\":true");
        }
        control(room, "CLOSE");
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos(); // the line service's record of the room: up to 2 s old
        HttpResponse<String> refused;
        do {
            refused = join(room);
        } while (refused.statusCode() == 201 && System.nanoTime() < deadline);
        assertThat(refused.statusCode()).as(refused.body()).isEqualTo(409);
        assertThat(refused.body()).contains("\"code\":\"LINE_CLOSED\"");
    }

    private static void control(String room, String action) throws Exception {
        HttpResponse<String> made = send(HttpRequest.newBuilder(URI.create(cluster.frontUrl() + "/shows/" + room + "/queue/controls"))
                .header("Authorization", "Bearer " + TestClusters.ADMIN_TOKEN).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"action\":\"" + action + "\",\"operator\":\"Ada\"}")));
        assertThat(made.statusCode()).as(made.body()).isEqualTo(200);
    }

    @Test
    void eventStreamsTakeNoneOfANodesSlotsAtTheEdge() throws Exception {
        String show = createShow();
        HaProxyStats before = cluster.haProxy().stats();
        List<InputStream> streams = new ArrayList<>();
        try {
            for (int i = 0; i < PER_NODE + 4; i++) {
                HttpResponse<InputStream> stream = HTTP.send(HttpRequest.newBuilder(URI.create(cluster.frontUrl() + "/shows/" + show + "/stream"))
                        .header("Accept", "text/event-stream").timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofInputStream());
                assertThat(stream.statusCode()).isEqualTo(200);
                streams.add(stream.body());
            }
            HttpResponse<String> read = send(HttpRequest.newBuilder(URI.create(cluster.frontUrl() + "/shows/" + show)));
            assertThat(read.statusCode()).as(read.body()).isEqualTo(200);
            assertThat(cluster.haProxy().stats().minus(before).refusedByEdge()).isZero();
        } finally {
            for (InputStream stream : streams) {
                stream.close();
            }
        }
    }

    @Test
    void aClientKnownByTheEdgesCookieThatSendsMoreThanABuyerDoesIsAnswered429() throws Exception {
        HttpResponse<String> first = send(HttpRequest.newBuilder(URI.create(cluster.frontUrl() + "/shows?limit=1")));
        String cookie = first.headers().firstValue("Set-Cookie").orElseThrow().split(";")[0];
        assertThat(cookie).startsWith("boxoffice_client=");

        List<Integer> statuses = new ArrayList<>();
        HttpResponse<String> limited = null;
        for (int i = 0; i < 30; i++) {
            HttpResponse<String> answer = send(HttpRequest.newBuilder(URI.create(cluster.frontUrl() + "/shows?limit=1"))
                    .header("Cookie", cookie));
            statuses.add(answer.statusCode());
            if (answer.statusCode() == 429) {
                limited = answer;
            }
        }
        assertThat(statuses.subList(0, 19)).containsOnly(200); // 20 a second, the first answer included
        assertThat(statuses).contains(429);
        assertThat(limited.headers().firstValue("Retry-After")).hasValue("1");
        assertThat(limited.headers().firstValue("Content-Type")).hasValue("application/problem+json");
        assertThat(limited.body()).contains("\"code\":\"TOO_MANY_REQUESTS\"", "\"status\":429");
        // Another client, or one without the cookie, is not slowed down by this one.
        assertThat(IntStream.range(0, 5).map(i -> sendQuietly(cluster.frontUrl() + "/shows?limit=1"))).containsOnly(200);
    }

    private static String createShow() throws Exception {
        String id = UUID.randomUUID().toString();
        HttpResponse<String> created = send(HttpRequest.newBuilder(URI.create(cluster.frontUrl() + "/shows"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"showId\":\"" + id + "\",\"title\":\"Edge\",\"maxSeats\":1}")));
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        return id;
    }

    private static String createRoomOnSaleInAnHour() throws Exception {
        return createRoom(Instant.now().plusSeconds(3_600));
    }

    private static String createRoom(Instant onSaleAt) throws Exception {
        String room = UUID.randomUUID().toString();
        HttpResponse<String> created = send(HttpRequest.newBuilder(URI.create(cluster.frontUrl() + "/shows"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{\"showId\":\"" + room
                        + "\",\"title\":\"Room\",\"maxSeats\":10,\"onSaleAt\":\"" + onSaleAt
                        + "\",\"waitingRoom\":{\"admitPerSecond\":1,\"maxActive\":1}}")));
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        return room;
    }

    private static HttpResponse<String> join(String show) throws Exception {
        return send(HttpRequest.newBuilder(URI.create(cluster.frontUrl() + "/shows/" + show + "/queue"))
                .POST(HttpRequest.BodyPublishers.noBody()));
    }

    private static String ticketOf(HttpResponse<String> joined) {
        assertThat(joined.statusCode()).as(joined.body()).isEqualTo(201);
        return joined.body().replaceAll(".*\"ticket\":\"([^\"]+)\".*", "$1");
    }

    /** The arrival number a ticket carries (signed, not secret). */
    private static long numberOf(String ticket) {
        return java.nio.ByteBuffer.wrap(java.util.Base64.getUrlDecoder().decode(ticket)).getLong(17);
    }

    private static int sendQuietly(String url) {
        try {
            return send(HttpRequest.newBuilder(URI.create(url))).statusCode();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return HTTP.send(request.timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
