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
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * HTTP/1.1 keep-alive connections to one server, driven by a single Vert.x event loop. A request that finds every
 * connection busy waits in a queue; that wait counts in its latency, because latency is measured from the intended
 * send time, not from when a connection became free, and past the timeout it is a timeout.
 * <p>
 * All connections are opened before the load starts and stay open: a connection accepted by the server in the
 * middle of a measurement runs code the load never runs (the accept path, a new pipeline), and the server's JIT
 * then throws away hot compiled code and compiles it again on the core that serves the load (docs/performance.md,
 * "Stalls at the start of a step"). A free connection is reused most recently released first, as connection pools
 * do, so a low rate keeps a few connections busy rather than spreading over all of them; but a connection idle for
 * {@link #REFRESH_AFTER} carries the next request, so that none sits idle until the server closes it (the
 * service closes a connection idle for two minutes) and a later, faster step finds it gone.
 * <p>
 * Not thread-safe: {@link #send} is called on one event loop, and every reply comes back on it.
 */
public final class LoadClient implements AutoCloseable {

    /** How often requests waiting for a connection are checked against the timeout. */
    private static final long EXPIRY_CHECK_MILLIS = 100;
    /** A connection idle this long carries the next request; well under any server's idle timeout worth having. */
    private static final Duration REFRESH_AFTER = Duration.ofSeconds(30);

    private final Vertx vertx;
    private final long timeoutMillis;
    private final long refreshAfterNanos;
    /** One HTTP client per connection, so that this class, not a pool, decides which connection carries a request. */
    private final List<Connection> connections = new ArrayList<>();
    /** Free connections, the most recently released first. */
    private final ArrayDeque<Connection> idle = new ArrayDeque<>();
    /** Requests that found every connection busy, oldest first. */
    private final ArrayDeque<Waiting> waiting = new ArrayDeque<>();
    private volatile long expiryTimer = -1;

    private static final class Connection {
        final HttpClient client;
        long releasedNanos = System.nanoTime();

        Connection(HttpClient client) {
            this.client = client;
        }
    }

    private record Waiting(long queuedNanos, Handler<Connection> dispatch, Runnable expire) {
    }

    public LoadClient(Vertx vertx, URI base, int connections, long timeoutMillis) {
        this(vertx, base, connections, timeoutMillis, REFRESH_AFTER);
    }

    LoadClient(Vertx vertx, URI base, int connections, long timeoutMillis, Duration refreshAfter) {
        HttpClientOptions options = new HttpClientOptions()
                .setDefaultHost(base.getHost())
                .setDefaultPort(base.getPort() > 0 ? base.getPort() : 80)
                .setKeepAlive(true)
                .setPipelining(false)
                .setTcpNoDelay(true)
                .setKeepAliveTimeout(0); // never close an idle connection
        this.vertx = vertx;
        this.timeoutMillis = timeoutMillis;
        this.refreshAfterNanos = refreshAfter.toNanos();
        for (int i = 0; i < connections; i++) {
            this.connections.add(new Connection(vertx.createHttpClient(options, new PoolOptions().setHttp1MaxSize(1))));
        }
        openAll();
        idle.addAll(this.connections);
    }

    /** Opens every connection: one request on each, all at once (any answer will do). */
    private void openAll() {
        List<Future<Integer>> answers = new ArrayList<>();
        for (Connection connection : connections) {
            answers.add(connection.client.request(new RequestOptions().setMethod(HttpMethod.GET).setURI("/").setTimeout(timeoutMillis))
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
            connections.forEach(connection -> connection.client.close());
            throw new IllegalStateException("could not open " + connections.size() + " connections to the server: "
                    + e.getMessage(), e);
        }
    }

    /**
     * Sends one request and records it in {@code recorder} against {@code intendedNanos}, the moment the
     * schedule meant it to leave; then hands the reply to {@code then} (on the event loop).
     */
    public void send(HttpMethod method, String path, Buffer body, long intendedNanos, StepRecorder recorder,
            boolean conflictExpected, Handler<Reply> then) {
        send(method, path, body, null, intendedNanos, recorder, conflictExpected, then);
    }

    /** The same, with an {@code Idempotency-Key} header unless {@code idempotencyKey} is null. */
    public void send(HttpMethod method, String path, Buffer body, String idempotencyKey, long intendedNanos,
            StepRecorder recorder, boolean conflictExpected, Handler<Reply> then) {
        recorder.sent();
        if (expiryTimer < 0) { // set from the event loop, so that it runs there too
            expiryTimer = vertx.setPeriodic(EXPIRY_CHECK_MILLIS, tick -> expireWaiting());
        }
        Handler<Connection> dispatch = connection -> {
            RequestOptions request = new RequestOptions().setMethod(method).setURI(path).setTimeout(timeoutMillis);
            if (body != null) {
                request.putHeader("Content-Type", "application/json");
            }
            if (idempotencyKey != null) {
                request.putHeader("Idempotency-Key", idempotencyKey);
            }
            connection.client.request(request)
                    .compose(req -> body == null ? req.send() : req.send(body))
                    .compose(response -> response.body().map(answer -> new Reply(response.statusCode(),
                            response.getHeader("Location"), answer)))
                    .onComplete(result -> {
                        release(connection);
                        if (result.succeeded()) {
                            recorder.answered(intendedNanos, result.result().status(), conflictExpected);
                            then.handle(result.result());
                        } else {
                            recorder.failed(intendedNanos, isTimeout(result.cause()));
                            then.handle(Reply.FAILED);
                        }
                    });
        };
        Connection idlest = idle.peekLast();
        Connection connection = idlest != null && System.nanoTime() - idlest.releasedNanos > refreshAfterNanos
                ? idle.pollLast()
                : idle.pollFirst();
        if (connection != null) {
            dispatch.handle(connection);
        } else {
            waiting.addLast(new Waiting(System.nanoTime(), dispatch, () -> {
                recorder.failed(intendedNanos, true);
                then.handle(Reply.FAILED);
            }));
        }
    }

    /** A connection is free again: the oldest waiting request takes it, or it is the next one to be used. */
    private void release(Connection connection) {
        Waiting next = waiting.pollFirst();
        if (next != null) {
            next.dispatch().handle(connection);
        } else {
            connection.releasedNanos = System.nanoTime();
            idle.addFirst(connection);
        }
    }


    /** Requests that waited for a connection longer than the timeout end as timeouts, as a pool's would. */
    private void expireWaiting() {
        long oldestAllowed = System.nanoTime() - TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        while (!waiting.isEmpty() && waiting.peekFirst().queuedNanos() < oldestAllowed) {
            waiting.pollFirst().expire().run();
        }
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
        if (expiryTimer >= 0) {
            vertx.cancelTimer(expiryTimer);
        }
        connections.forEach(connection -> connection.client.close());
    }
}
