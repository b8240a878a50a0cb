package dev.boxoffice.bench.load;

import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * HTTP/1.1 keep-alive connections to one server, driven by a single Vert.x event loop. A request that finds every
 * connection busy waits in the pool's queue; that wait counts in its latency, because latency is measured from the
 * intended send time, not from when a connection became free.
 * <p>
 * All connections are opened before the load starts and stay open: a connection accepted by the server in the
 * middle of a measurement runs code the load never runs (the accept path, a new pipeline), and the server's JIT
 * then throws away hot compiled code and compiles it again on the core that serves the load (docs/benchmarks.md,
 * "Stalls at the start of a step"). Load balancers and HTTP clients in production keep their connections open the same way.
 */
public final class LoadClient implements AutoCloseable {

    private final Vertx vertx;
    private final HttpClient client;
    private final long timeoutMillis;

    public LoadClient(Vertx vertx, URI base, int connections, long timeoutMillis) {
        HttpClientOptions options = new HttpClientOptions()
                .setDefaultHost(base.getHost())
                .setDefaultPort(base.getPort() > 0 ? base.getPort() : 80)
                .setKeepAlive(true)
                .setPipelining(false)
                .setTcpNoDelay(true)
                .setKeepAliveTimeout(0); // never close an idle connection
        this.vertx = vertx;
        this.client = vertx.createHttpClient(options, new PoolOptions().setHttp1MaxSize(connections));
        this.timeoutMillis = timeoutMillis;
        openAll(connections);
    }

    /** Opens every connection of the pool: as many requests at once as connections (any answer will do). */
    private void openAll(int connections) {
        List<Future<Integer>> answers = new ArrayList<>();
        for (int i = 0; i < connections; i++) {
            answers.add(client.request(new RequestOptions().setMethod(HttpMethod.GET).setURI("/").setTimeout(timeoutMillis))
                    .compose(HttpClientRequest::send)
                    .compose(response -> response.body().map(ignored -> response.statusCode())));
        }
        try {
            Future.all(answers).toCompletionStage().toCompletableFuture()
                    .get(timeoutMillis + 5000, TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException | InterruptedException e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            client.close();
            throw new IllegalStateException("could not open " + connections + " connections to the server: " + e.getMessage(), e);
        }
    }

    /**
     * Sends one request and records it in {@code recorder} against {@code intendedNanos}, the moment the
     * schedule meant it to leave; then hands the reply to {@code then} (on the event loop).
     */
    public void send(HttpMethod method, String path, Buffer body, long intendedNanos, StepRecorder recorder,
            boolean conflictExpected, Handler<Reply> then) {
        recorder.sent();
        RequestOptions request = new RequestOptions().setMethod(method).setURI(path).setTimeout(timeoutMillis);
        if (body != null) {
            request.putHeader("Content-Type", "application/json");
        }
        client.request(request)
                .compose(req -> body == null ? req.send() : req.send(body))
                .compose(response -> response.body().map(ignored -> new Reply(response.statusCode(), response.getHeader("Location"))))
                .onComplete(result -> {
                    if (result.succeeded()) {
                        recorder.answered(intendedNanos, result.result().status(), conflictExpected);
                        then.handle(result.result());
                    } else {
                        recorder.failed(intendedNanos, isTimeout(result.cause()));
                        then.handle(Reply.FAILED);
                    }
                });
    }

    /** The event loop's Vert.x, for timers between a user's requests. */
    public Vertx vertx() {
        return vertx;
    }

    private static boolean isTimeout(Throwable failure) {
        return failure instanceof TimeoutException
                || (failure.getMessage() != null && failure.getMessage().contains("timeout period"));
    }

    @Override
    public void close() {
        client.close();
    }
}
