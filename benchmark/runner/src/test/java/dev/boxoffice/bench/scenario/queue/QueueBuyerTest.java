package dev.boxoffice.bench.scenario.queue;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxoffice.bench.load.Counts;
import dev.boxoffice.bench.load.LoadClient;
import dev.boxoffice.bench.load.StepRecorder;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerRequest;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A buyer's four steps against a server that answers as a waiting room would, scripted request by request. */
class QueueBuyerTest {

    private static final UUID SHOW = UUID.randomUUID();
    private static final String TICKET = ticket(42, 1_700_000_000_000L);

    private final List<String> seen = Collections.synchronizedList(new ArrayList<>());
    private final AtomicInteger holds = new AtomicInteger();
    private Vertx vertx;
    private HttpServer server;
    private Consumer<HttpServerRequest> script;
    @TempDir
    Path logs;

    @BeforeEach
    void start() throws Exception {
        vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(1));
        server = vertx.createHttpServer().requestHandler(request -> {
            seen.add(request.method() + " " + request.path() + (request.getHeader("Admission-Token") == null ? "" : " +token"));
            script.accept(request);
        }).listen(0).toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @AfterEach
    void stop() throws Exception {
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @Test
    void joinsWaitsHoldsOnceRefusedAgainAndConfirms() throws Exception {
        AtomicInteger polls = new AtomicInteger();
        script = request -> {
            String path = request.path();
            if (path.equals("/shows/" + SHOW + "/queue")) {
                answer(request, 201, null, "{\"ticket\":\"" + TICKET + "\",\"status\":\"WAITING\",\"estimatedWaitSeconds\":3}");
            } else if (path.endsWith("/queue/" + TICKET)) {
                answer(request, 200, "1", polls.incrementAndGet() < 2 ? "{\"status\":\"WAITING\"}"
                        : "{\"status\":\"ADMITTED\",\"admissionToken\":\"t\"}");
            } else if (path.endsWith("/holds") && holds.incrementAndGet() == 1) {
                answer(request, 503, "1", "{\"code\":\"OVERLOADED\"}");
            } else if (path.endsWith("/holds")) {
                request.response().setStatusCode(201).putHeader("Location", "http://edge/shows/" + SHOW + "/holds/h1").end("{}");
            } else {
                answer(request, 200, null, "{}");
            }
        };

        Run run = buy(null);

        QueueBuyer.Outcome outcome = run.outcome();
        assertThat(outcome.ending()).isEqualTo(QueueBuyer.Ending.PURCHASED);
        assertThat(outcome.number()).isEqualTo(42);
        assertThat(outcome.ticketMillis()).isEqualTo(1_700_000_000_000L);
        assertThat(outcome.estimatedWait()).isEqualTo(3);
        assertThat(outcome.requests()).isEqualTo(6);
        assertThat(outcome.refusals()).isEqualTo(1);
        assertThat(outcome.admittedNanos()).isPositive().isLessThan(outcome.purchasedNanos());
        assertThat(seen).containsExactly("POST /shows/" + SHOW + "/queue", "GET /shows/" + SHOW + "/queue/" + TICKET,
                "GET /shows/" + SHOW + "/queue/" + TICKET, "POST /shows/" + SHOW + "/holds +token",
                "POST /shows/" + SHOW + "/holds +token", "POST /shows/" + SHOW + "/holds/h1/confirm +token");
        assertThat(run.counts()).isEqualTo(new Counts(6, 5, 0, 1, 0, 0, Map.of(503, 1L)));
    }

    @Test
    void aSoldOutLineRefusesTheJoinAndANoSeatLeftEndsTheBuyer() throws Exception {
        script = request -> answer(request, 409, null, "{\"code\":\"SOLD_OUT\"}");
        assertThat(buy(null).outcome().ending()).isEqualTo(QueueBuyer.Ending.REFUSED_SOLD_OUT);

        script = request -> {
            if (request.path().endsWith("/holds")) {
                answer(request, 409, null, "{\"code\":\"NO_SEATS_TOGETHER\"}");
            } else {
                answer(request, 201, null, "{\"ticket\":\"" + TICKET + "\",\"status\":\"ADMITTED\",\"admissionToken\":\"t\"}");
            }
        };
        Run noSeat = buy(null);
        assertThat(noSeat.outcome().ending()).isEqualTo(QueueBuyer.Ending.NO_SEAT_LEFT);
        assertThat(noSeat.counts().conflicts()).as("the sale's answer, no error").isEqualTo(1);
    }

    @Test
    void anAnswerThatRefusesOtherwiseEndsTheTryAsRefused() throws Exception {
        script = request -> answer(request, 400, null, "{\"code\":\"BAD_REQUEST\"}");
        Run run = buy(null);
        assertThat(run.outcome().ending()).isEqualTo(QueueBuyer.Ending.REFUSED);
        assertThat(run.counts().refusedByStatus()).containsEntry(400, 1L);
    }

    @Test
    void aBuyerHandsOnItsAdmissionInsteadOfHolding() throws Exception {
        script = request -> answer(request, 201, null, "{\"ticket\":\"" + TICKET + "\",\"status\":\"ADMITTED\",\"admissionToken\":\"tok\"}");
        CompletableFuture<String> token = new CompletableFuture<>();
        Run run = buy(token::complete);
        assertThat(run.outcome().ending()).isEqualTo(QueueBuyer.Ending.ADMITTED);
        assertThat(token.get(1, TimeUnit.SECONDS)).isEqualTo("tok");
    }

    @Test
    void aBuyerFollowingItsStreamIsToldWhereItStandsUntilSoldOut() throws Exception {
        script = request -> {
            if (request.path().endsWith("/stream")) {
                request.response().setChunked(true).putHeader("Content-Type", "text/event-stream");
                request.response().write("event: standing\ndata: {\"status\":\"WAITING\",\"position\":3}\n\n");
                vertx.setTimer(50, t -> request.response().write("event: standing\ndata: {\"status\":\"SOLD_OUT\"}\n\n"));
            } else {
                answer(request, 201, "1", "{\"ticket\":\"" + TICKET + "\",\"status\":\"WAITING\",\"position\":4}");
            }
        };
        List<String> standings = Collections.synchronizedList(new ArrayList<>());
        StepRecorder recorder = new StepRecorder(logs.resolve("stream.hlog"), System.nanoTime());
        CompletableFuture<QueueBuyer.Outcome> done = new CompletableFuture<>();
        LoadClient client = LoadClient.pooled(vertx, URI.create("http://localhost:" + server.actualPort()), 4, 2000);
        vertx.runOnContext(go -> new QueueBuyer(client, recorder, SHOW, System.nanoTime(), done::complete)
                .following((at, standing) -> standings.add(standing.path("status").asText() + standing.path("position").asText()))
                .start());

        assertThat(done.get(5, TimeUnit.SECONDS).ending()).isEqualTo(QueueBuyer.Ending.SOLD_OUT);
        assertThat(standings).containsExactly("WAITING4", "WAITING3", "SOLD_OUT");
        assertThat(recorder.counts().ok()).as("the join, and the stream at its status").isEqualTo(2);
        client.close();
    }

    private record Run(QueueBuyer.Outcome outcome, Counts counts) {
    }

    private Run buy(Consumer<String> admitted) throws Exception {
        seen.clear();
        StepRecorder recorder = new StepRecorder(logs.resolve(UUID.randomUUID() + ".hlog"), System.nanoTime());
        CompletableFuture<QueueBuyer.Outcome> done = new CompletableFuture<>();
        try (LoadClient client = LoadClient.pooled(vertx, URI.create("http://localhost:" + server.actualPort()), 4, 2000)) {
            vertx.runOnContext(go -> new QueueBuyer(client, recorder, SHOW, System.nanoTime(), admitted, done::complete).start());
            QueueBuyer.Outcome outcome = done.get(10, TimeUnit.SECONDS);
            return new Run(outcome, recorder.counts());
        }
    }

    private static void answer(HttpServerRequest request, int status, String retryAfter, String body) {
        var response = request.response().setStatusCode(status).putHeader("Content-Type", "application/json");
        if (retryAfter != null) {
            response.putHeader("Retry-After", retryAfter);
        }
        response.end(body);
    }

    /** A ticket as the line signs one: kind, show, arrival number at byte 17, time at byte 25, then a MAC. */
    private static String ticket(long number, long millis) {
        ByteBuffer bytes = ByteBuffer.allocate(49);
        bytes.putLong(17, number).putLong(25, millis);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes.array());
    }
}
