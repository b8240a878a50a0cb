package dev.boxoffice.bench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LoadClientTest {

    private final AtomicInteger accepted = new AtomicInteger();
    private Vertx vertx;
    private HttpServer server;

    @BeforeEach
    void startServer() throws Exception {
        vertx = Vertx.vertx();
        server = vertx.createHttpServer()
                .connectionHandler(connection -> accepted.incrementAndGet())
                .requestHandler(request -> request.response().setStatusCode(request.path().equals("/") ? 404 : 200).end())
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
    void saysSoWhenTheServerCannotBeReached() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }

        assertThatThrownBy(() -> new LoadClient(vertx, URI.create("http://localhost:" + closedPort), 4, 2000))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("could not open 4 connections");
    }
}
