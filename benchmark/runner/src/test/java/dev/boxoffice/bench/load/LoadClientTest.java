package dev.boxoffice.bench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LoadClientTest {

    private final AtomicInteger accepted = new AtomicInteger();
    /** Requests each connection carried, by the connection's remote port (the client's end). */
    private final Map<Integer, AtomicInteger> requestsPerConnection = new ConcurrentHashMap<>();
    private final AtomicInteger hanging = new AtomicInteger();
    private Vertx vertx;
    private HttpServer server;

    @BeforeEach
    void startServer() throws Exception {
        vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(1)); // as the benchmark's
        server = vertx.createHttpServer()
                .connectionHandler(connection -> accepted.incrementAndGet())
                .requestHandler(request -> {
                    requestsPerConnection.computeIfAbsent(request.remoteAddress().port(), port -> new AtomicInteger())
                            .incrementAndGet();
                    if (request.path().equals("/hang")) {
                        hanging.incrementAndGet(); // never answered
                        return;
                    }
                    if (request.path().equals("/drop")) {
                        request.connection().close(); // no answer: the connection is lost
                        return;
                    }
                    if (request.path().equals("/busy")) {
                        request.response().setStatusCode(503).putHeader("Retry-After", "3").end("{\"code\":\"OVERLOADED\"}");
                        return;
                    }
                    request.response().setStatusCode(request.path().equals("/") ? 404 : 200).end();
                })
                .listen(0).toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @AfterEach
    void stop() throws Exception {
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @Test
    void opensEveryConnectionBeforeTheLoadAndNoneDuringIt(@TempDir Path runFolder) throws Exception {
        try (LoadClient client = new LoadClient(vertx, URI.create("http://localhost:" + server.actualPort()), 8, 5000)) {
            assertThat(accepted).hasValue(8);

            StepRecorder recorder = new StepRecorder(runFolder.resolve("step.hlog"), System.nanoTime());
            int requests = 200;
            CountDownLatch answered = new CountDownLatch(requests);
            vertx.runOnContext(start -> {
                for (int i = 0; i < requests; i++) {
                    client.send(HttpMethod.GET, "/load", null, System.nanoTime(), recorder, false, reply -> answered.countDown());
                }
            });

            assertThat(answered.await(10, TimeUnit.SECONDS)).isTrue();
            assertThat(recorder.counts().ok()).isEqualTo(requests);
            assertThat(accepted).hasValue(8);
        }
    }

    @Test
    void reusesTheConnectionReleasedLastButLetsNoneSitIdleForLong(@TempDir Path runFolder) throws Exception {
        URI base = URI.create("http://localhost:" + server.actualPort());
        try (LoadClient client = new LoadClient(vertx, base, 8, 5000)) {
            CountDownLatch answered = new CountDownLatch(40);
            StepRecorder recorder = new StepRecorder(runFolder.resolve("lifo.hlog"), System.nanoTime());
            vertx.runOnContext(start -> sendOneAfterAnother(client, recorder, 40, Duration.ZERO, answered));

            assertThat(answered.await(10, TimeUnit.SECONDS)).isTrue();
            // One request at a time: the one connection released last carries all 40 (the others only their opening).
            assertThat(requestsPerConnection.values()).extracting(AtomicInteger::get).containsOnly(1, 41);
        }
        requestsPerConnection.clear();
        try (LoadClient client = new LoadClient(vertx, base, 4, 5000, Duration.ofMillis(100))) {
            CountDownLatch answered = new CountDownLatch(30);
            StepRecorder recorder = new StepRecorder(runFolder.resolve("refresh.hlog"), System.nanoTime());
            vertx.runOnContext(start -> sendOneAfterAnother(client, recorder, 30, Duration.ofMillis(20), answered));

            assertThat(answered.await(10, TimeUnit.SECONDS)).isTrue();
            // Idle for 100 ms, a connection carries the next request: over 600 ms every one carried some.
            assertThat(requestsPerConnection).hasSize(4);
            assertThat(requestsPerConnection.values()).allSatisfy(count -> assertThat(count.get()).isGreaterThan(1));
        }
    }

    @Test
    void aRequestThatWaitsForAConnectionLongerThanTheTimeoutIsATimeout(@TempDir Path runFolder) throws Exception {
        try (LoadClient client = new LoadClient(vertx, URI.create("http://localhost:" + server.actualPort()), 1, 300)) {
            StepRecorder recorder = new StepRecorder(runFolder.resolve("step.hlog"), System.nanoTime());
            CountDownLatch ended = new CountDownLatch(3);
            vertx.runOnContext(start -> {
                for (int i = 0; i < 3; i++) { // the first holds the one connection, the others wait behind it
                    client.send(HttpMethod.GET, "/hang", null, System.nanoTime(), recorder, false, reply -> ended.countDown());
                }
            });

            assertThat(ended.await(5, TimeUnit.SECONDS)).isTrue();
            assertThat(recorder.counts().timeouts()).isEqualTo(3);
            assertThat(hanging.get()).as("the last expired while waiting, never sent").isLessThan(3);
        }
    }

    /** Each request {@code pause} after the previous answer, on the event loop. */
    private void sendOneAfterAnother(LoadClient client, StepRecorder recorder, int left, Duration pause,
            CountDownLatch answered) {
        if (left == 0) {
            return;
        }
        client.send(HttpMethod.GET, "/load", null, System.nanoTime(), recorder, false, reply -> {
            answered.countDown();
            Runnable next = () -> sendOneAfterAnother(client, recorder, left - 1, pause, answered);
            if (pause.isZero()) {
                next.run();
            } else {
                vertx.setTimer(pause.toMillis(), timer -> next.run());
            }
        });
    }

    @Test
    void saysSoWhenTheServerCannotBeReached() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }

        assertThatThrownBy(() -> new LoadClient(vertx, URI.create("http://localhost:" + closedPort), 4, 2000))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("could not open 4 connections");
    }

    @Test
    void aCrowdsClientClassifiesEveryEndingAndHandsOnTheAnswer(@TempDir Path runFolder) throws Exception {
        URI base = URI.create("http://localhost:" + server.actualPort());
        try (LoadClient client = LoadClient.pooled(vertx, base, 4, 300)) {
            assertThat(accepted).as("a crowd opens its connections as it comes").hasValue(0);
            StepRecorder recorder = new StepRecorder(runFolder.resolve("crowd.hlog"), System.nanoTime());
            Map<String, Reply> replies = new ConcurrentHashMap<>();
            CountDownLatch ended = new CountDownLatch(4);
            vertx.runOnContext(start -> {
                for (String path : new String[] {"/load", "/busy", "/hang", "/drop"}) {
                    client.send(Request.post(path, io.vertx.core.buffer.Buffer.buffer("{}")).with("X-Seen", "yes"),
                            System.nanoTime(), recorder, false).onSuccess(reply -> {
                                replies.put(path, reply);
                                ended.countDown();
                            });
                }
            });

            assertThat(ended.await(5, TimeUnit.SECONDS)).isTrue();
            assertThat(recorder.counts()).isEqualTo(new Counts(4, 1, 0, 1, 1, 1, Map.of(503, 1L)));
            assertThat(replies.get("/load").isSuccess()).isTrue();
            assertThat(replies.get("/busy").retryAfterSeconds()).isEqualTo(3);
            assertThat(replies.get("/busy").body().toString()).contains("OVERLOADED");
            assertThat(replies.get("/hang").failure()).isEqualTo(Failure.TIMED_OUT);
            assertThat(replies.get("/drop").failure()).isEqualTo(Failure.CONNECTION_FAILED);
            assertThat(replies.get("/drop").isFailure()).isTrue();
        }
    }

    @Test
    void aRetryLaterKeepsTheStepWaitingUntilItIsSent(@TempDir Path runFolder) throws Exception {
        try (LoadClient client = new LoadClient(vertx, URI.create("http://localhost:" + server.actualPort()), 2, 5000)) {
            StepRecorder recorder = new StepRecorder(runFolder.resolve("later.hlog"), System.nanoTime());
            CountDownLatch drained = new CountDownLatch(1);
            long[] drainedAt = {0};
            long start = System.nanoTime();
            vertx.runOnContext(begin -> client.send(Request.get("/busy"), System.nanoTime(), recorder, false)
                    .onSuccess(refused -> {
                        client.later(200, recorder, () -> client.send(Request.get("/load"), System.nanoTime(), recorder, false));
                        recorder.close();
                        recorder.whenDrained(() -> {
                            drainedAt[0] = System.nanoTime();
                            drained.countDown();
                        });
                    }));

            assertThat(drained.await(5, TimeUnit.SECONDS)).isTrue();
            assertThat(recorder.counts().ok()).as("the retry's answer came before the step was done").isEqualTo(1);
            assertThat(drainedAt[0] - start).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(200));
        }
    }

    @Test
    void aRequestAsideTheLoadIsRecordedNowhere(@TempDir Path runFolder) throws Exception {
        try (LoadClient client = new LoadClient(vertx, URI.create("http://localhost:" + server.actualPort()), 1, 5000)) {
            Reply reply = client.aside(Request.get("/load")).toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
            assertThat(reply.status()).isEqualTo(200);
            assertThatThrownBy(() -> client.stream("/events", 1000, System.nanoTime(),
                    new StepRecorder(runFolder.resolve("none.hlog"), System.nanoTime())))
                    .isInstanceOf(IllegalStateException.class);
        }
    }
}
