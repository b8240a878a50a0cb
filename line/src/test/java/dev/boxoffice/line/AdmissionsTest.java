package dev.boxoffice.line;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Called tickets' polls gathered and sent to a node together, against a node that answers as told: one request for
 * those polled within the window, each answered as its poll; a node that refuses the gathering gets each poll alone;
 * one out of reach or overloaded is not asked again per poll.
 */
class AdmissionsTest {

    private static final UUID SHOW = UUID.randomUUID();
    private static final List<String> TICKETS = List.of("t1", "t2", "t3");

    private Vertx vertx;
    private HttpServer node;
    private final AtomicReference<Integer> gatheringStatus = new AtomicReference<>(200);
    private final AtomicInteger gatherings = new AtomicInteger();
    private final AtomicInteger polls = new AtomicInteger();
    private Admissions admissions;
    private RoomRecords rooms;
    private final AtomicInteger recordReads = new AtomicInteger();

    @BeforeEach
    void startNode() throws Exception {
        vertx = Vertx.vertx();
        node = vertx.createHttpServer().requestHandler(request -> {
            if (request.method() == HttpMethod.POST && request.path().endsWith("/queue/admissions")) {
                gatherings.incrementAndGet();
                request.body().onSuccess(body -> answerGathering(request.response(), body.toJsonObject()));
            } else {
                polls.incrementAndGet();
                request.response().putHeader("Content-Type", "application/json")
                        .end(new JsonObject().put("ticket", "alone").put("status", "ADMITTED").encode());
            }
        }).listen(0).toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
        NodeClient client = new NodeClient(vertx, URI.create("http://127.0.0.1:" + node.actualPort()), 8,
                Duration.ofSeconds(2), new LineTokens("a key of 32 bytes or more, for tests".getBytes()), Clock.systemUTC());
        rooms = new RoomRecords(show -> {
            recordReads.incrementAndGet();
            return Future.failedFuture("no record read in these tests");
        }, Duration.ofSeconds(1), Duration.ofSeconds(2), 10);
        admissions = new Admissions(vertx, client, rooms, Duration.ofMillis(100), Admissions.MAX_TICKETS);
    }

    @AfterEach
    void stop() throws Exception {
        vertx.close().toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
    }

    private void answerGathering(io.vertx.core.http.HttpServerResponse response, JsonObject gathering) {
        int status = gatheringStatus.get();
        if (status != 200) {
            response.setStatusCode(status).putHeader("Retry-After", "1").end();
            return;
        }
        JsonArray standings = new JsonArray();
        gathering.getJsonArray("tickets").forEach(ticket -> standings.add(new JsonObject().put("retryAfterSeconds", 2)
                .put("standing", new JsonObject().put("ticket", ticket).put("status", "WAITING"))));
        JsonObject room = new JsonObject().put("onSaleAt", "2026-11-29T12:00:00Z").put("admitPerSecond", 10)
                .put("numbered", 3).put("called", 3);
        response.putHeader("Content-Type", "application/json")
                .end(new JsonObject().put("tickets", standings).put("room", room).encode());
    }

    private List<NodeAnswer> admitAll() throws Exception {
        List<Future<NodeAnswer>> answers = TICKETS.stream().map(ticket -> admissions.admit(SHOW, ticket)).toList();
        Future.join(answers).toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
        return answers.stream().map(Future::result).toList();
    }

    @Test
    void pollsWithinTheWindowGoToTheNodeTogetherAndEachGetsItsOwnAnswerAndTheRoomIsKept() throws Exception {
        List<NodeAnswer> answers = admitAll();

        assertThat(gatherings).hasValue(1);
        assertThat(polls).hasValue(0);
        for (int i = 0; i < TICKETS.size(); i++) {
            assertThat(answers.get(i).status()).isEqualTo(200);
            assertThat(answers.get(i).headers().get("Retry-After")).isEqualTo("2");
            assertThat(answers.get(i).body().toJsonObject().getString("ticket")).isEqualTo(TICKETS.get(i));
        }
        RoomRecords.Read kept = rooms.get(SHOW, false).toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
        assertThat(kept.record().called()).isEqualTo(3);
        assertThat(recordReads).as("the room came with the answers").hasValue(0);
    }

    @Test
    void aGatheringTheNodeRefusesIsSentPollByPoll() throws Exception {
        gatheringStatus.set(400);

        List<NodeAnswer> answers = admitAll();

        assertThat(polls).hasValue(TICKETS.size());
        assertThat(answers).allMatch(answer -> answer.body().toJsonObject().getString("ticket").equals("alone"));
    }

    @Test
    void anOverloadedNodeIsNotAskedAgainPollByPoll() throws Exception {
        gatheringStatus.set(503);

        List<NodeAnswer> answers = admitAll();

        assertThat(polls).as("no poll sent on top of the refused gathering").hasValue(0);
        assertThat(answers).allMatch(answer -> answer.status() == 503 && "1".equals(answer.headers().get("Retry-After")));
    }
}
