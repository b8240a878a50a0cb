package dev.boxoffice.bench.load;

import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClientResponse;
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
    /** A crowd's pool instead of connections opened up front (see {@link #pooled}); null otherwise. */
    private final HttpClient pool;

    private static final class Connection {
        final HttpClient client;
        long releasedNanos = System.nanoTime();

        Connection(HttpClient client) {
            this.client = client;
        }
    }

    private record Waiting(long queuedNanos, Promise<Connection> connection) {
    }

    public LoadClient(Vertx vertx, URI base, int connections, long timeoutMillis) {
        this(vertx, base, connections, timeoutMillis, REFRESH_AFTER);
    }

    LoadClient(Vertx vertx, URI base, int connections, long timeoutMillis, Duration refreshAfter) {
        HttpClientOptions options = options(base);
        this.pool = null;
        this.vertx = vertx;
        this.timeoutMillis = timeoutMillis;
        this.refreshAfterNanos = refreshAfter.toNanos();
        for (int i = 0; i < connections; i++) {
            this.connections.add(new Connection(vertx.createHttpClient(options, new PoolOptions().setHttp1MaxSize(1))));
        }
        openAll();
        idle.addAll(this.connections);
    }

    private static HttpClientOptions options(URI base) {
        return new HttpClientOptions()
                .setDefaultHost(base.getHost())
                .setDefaultPort(base.getPort() > 0 ? base.getPort() : 80)
                .setKeepAlive(true)
                .setPipelining(false)
                .setTcpNoDelay(true)
                .setKeepAliveTimeout(0); // never close an idle connection
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
     * A crowd's client: connections opened as its users need them, up to {@code maxConnections}, as a crowd's
     * browsers each open their own; a request finding all of them busy waits, and that wait counts in its latency.
     */
    public static LoadClient pooled(Vertx vertx, URI base, int maxConnections, long timeoutMillis) {
        return new LoadClient(vertx, vertx.createHttpClient(options(base).setConnectTimeout((int) Math.min(Integer.MAX_VALUE,
                timeoutMillis)), new PoolOptions().setHttp1MaxSize(maxConnections).setMaxWaitQueueSize(-1)), timeoutMillis);
    }

    private LoadClient(Vertx vertx, HttpClient pool, long timeoutMillis) {
        this.vertx = vertx;
        this.timeoutMillis = timeoutMillis;
        this.refreshAfterNanos = Long.MAX_VALUE;
        this.pool = pool;
    }

    /**
     * Sends one request and records it in {@code recorder} against {@code intendedNanos}, the moment the
     * schedule meant it to leave; then hands the reply to {@code then} (on the event loop).
     */
    public void send(HttpMethod method, String path, Buffer body, long intendedNanos, StepRecorder recorder,
            boolean conflictExpected, Handler<Reply> then) {
        send(Request.of(method, path, body), intendedNanos, recorder, conflictExpected).onSuccess(then);
    }

    /** The same, with an {@code Idempotency-Key} header unless {@code idempotencyKey} is null. */
    public void send(HttpMethod method, String path, Buffer body, String idempotencyKey, long intendedNanos,
            StepRecorder recorder, boolean conflictExpected, Handler<Reply> then) {
        send(Request.of(method, path, body).with("Idempotency-Key", idempotencyKey), intendedNanos, recorder,
                conflictExpected).onSuccess(then);
    }

    /**
     * Sends {@code request}, recorded in {@code recorder} against {@code intendedNanos}: its answer (a 409 counted as
     * a conflict if {@code conflictExpected}, else as a refusal), or how it failed. The future never fails: a request
     * without an answer completes with a {@link Reply#isFailure() failed} reply.
     */
    public Future<Reply> send(Request request, long intendedNanos, StepRecorder recorder, boolean conflictExpected) {
        recorder.sent();
        return exchange(request)
                .otherwise(cause -> Reply.failed(Failure.of(cause)))
                .onSuccess(reply -> {
                    if (reply.isFailure()) {
                        recorder.failed(intendedNanos, reply.failure());
                    } else {
                        recorder.answered(intendedNanos, reply.status(), conflictExpected);
                    }
                });
    }

    /**
     * A request beside the measured load (an operator's control, a look at a room's state), on the same connections but
     * recorded in no step; it fails if no answer came.
     */
    public Future<Reply> aside(Request request) {
        return exchange(request);
    }

    /**
     * Opens a stream ({@code text/event-stream}) on a crowd's client ({@link #pooled}), whose connection it keeps:
     * recorded as answered when its status arrives. Its response is then the caller's to read or reset; a stream
     * silent for {@code idleMillis} fails.
     */
    public Future<HttpClientResponse> stream(String path, long idleMillis, long intendedNanos, StepRecorder recorder) {
        if (pool == null) {
            throw new IllegalStateException("a stream keeps its connection: only a crowd's client opens streams");
        }
        recorder.sent();
        return pool.request(new RequestOptions().setMethod(HttpMethod.GET).setURI(path)
                        .putHeader("Accept", "text/event-stream").setIdleTimeout(idleMillis))
                .compose(HttpClientRequest::send)
                .onSuccess(response -> recorder.answered(intendedNanos, response.statusCode(), false))
                .onFailure(cause -> recorder.failed(intendedNanos, Failure.of(cause)));
    }

    /** The request sent on a connection of this client's, once one is free, and its answer. */
    private Future<Reply> exchange(Request request) {
        RequestOptions options = new RequestOptions().setMethod(request.method()).setURI(request.path())
                .setTimeout(timeoutMillis);
        request.headers().forEach(options::putHeader);
        if (request.body() != null) {
            options.putHeader("Content-Type", "application/json");
        }
        return connection().compose(connection -> connection.client.request(options)
                .compose(sent -> request.body() == null ? sent.send() : sent.send(request.body()))
                .compose(response -> response.body().map(body -> new Reply(response.statusCode(), response.headers(), body, null)))
                .onComplete(done -> release(connection)));
    }

    /**
     * A connection for one exchange: the pool's, or a free one of those opened (the idlest if it has idled too long,
     * else the most recently released), or the first to be released, waiting at most the timeout.
     */
    private Future<Connection> connection() {
        if (pool != null) {
            return Future.succeededFuture(new Connection(pool));
        }
        if (expiryTimer < 0) { // set from the event loop, so that it runs there too
            expiryTimer = vertx.setPeriodic(EXPIRY_CHECK_MILLIS, tick -> expireWaiting());
        }
        Connection idlest = idle.peekLast();
        Connection connection = idlest != null && System.nanoTime() - idlest.releasedNanos > refreshAfterNanos
                ? idle.pollLast()
                : idle.pollFirst();
        if (connection != null) {
            return Future.succeededFuture(connection);
        }
        Promise<Connection> free = Promise.promise();
        waiting.addLast(new Waiting(System.nanoTime(), free));
        return free.future();
    }

    /** A connection is free again: the oldest waiting request takes it, or it is the next one to be used. */
    private void release(Connection connection) {
        if (pool != null) {
            return;
        }
        Waiting next = waiting.pollFirst();
        if (next != null) {
            next.connection().complete(connection);
        } else {
            connection.releasedNanos = System.nanoTime();
            idle.addFirst(connection);
        }
    }


    /** Requests that waited for a connection longer than the timeout end as timeouts, as a pool's would. */
    private void expireWaiting() {
        long oldestAllowed = System.nanoTime() - TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        while (!waiting.isEmpty() && waiting.peekFirst().queuedNanos() < oldestAllowed) {
            waiting.pollFirst().connection().fail(new TimeoutException("no connection free within the timeout period"));
        }
    }

    /**
     * Runs {@code then} after {@code millis} (a retry after a refusal's Retry-After, say), the step waiting for it as
     * for a request in flight: {@code then} sends the retry, or sends nothing once the step is closing.
     */
    public void later(long millis, StepRecorder recorder, Runnable then) {
        recorder.retryScheduled();
        vertx.setTimer(Math.max(1, millis), timer -> {
            try {
                then.run();
            } finally {
                recorder.retryDue(); // after the retry is sent: never a moment with nothing in flight between
            }
        });
    }

    /** The event loop's Vert.x, for timers between a user's requests. */
    public Vertx vertx() {
        return vertx;
    }

    @Override
    public void close() {
        if (expiryTimer >= 0) {
            vertx.cancelTimer(expiryTimer);
        }
        connections.forEach(connection -> connection.client.close());
        if (pool != null) {
            pool.close();
        }
    }
}
