package dev.boxoffice.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.boxoffice.api.Problem;
import dev.boxoffice.api.RequestPipeline;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.net.impl.ConnectionBase;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A bound on open HTTP connections derived from memory. An idle keep-alive connection holds about 3.2 KB of heap
 * (measured with 9,650 idle connections: 31 MB), so each counts 4 KiB against a share of the heap. A request on a
 * connection past the bound is answered at once, 503 OVERLOADED with Retry-After and {@code Connection: close}, and
 * that connection closed: its client is told to come back, instead of a socket closed without a word, and the memory
 * is given back. Operations endpoints (/q) are answered whatever the count, so that probes see the service.
 *
 * <p>A connection is counted from its first request to its close, the close seen on the Netty channel's close
 * future, which also tells of a close that came first: a close handler set on a connection already closed is never
 * called, and a count that misses those closes only grows. Quarkus's own bound,
 * {@code quarkus.http.limits.max-connections}, counts that way (its close handler is set when its connection handler
 * runs, after the client may have gone): under a crowd of clients that gave up, its count reached its bound with no
 * connection open and the service then closed every new connection unanswered, for good. It is not used (see
 * ConnectionLimit).
 */
public final class ConnectionBound {

    /** What one open connection is charged: the 3.2 KB measured, rounded up. */
    public static final long BYTES_PER_CONNECTION = 4096;
    /** The share of the open-files bound that connections may take: the rest is left to connections yet to send a request. */
    private static final double SHARE_OF_FILE_BOUND = 0.9;

    private final int bound;
    private final Set<HttpConnection> counted = ConcurrentHashMap.newKeySet();
    private final AtomicInteger open = new AtomicInteger();
    private final AtomicLong refused = new AtomicLong();
    private final Buffer refusal;

    public ConnectionBound(int bound, ObjectMapper json) throws JsonProcessingException {
        this.bound = bound;
        this.refusal = Buffer.buffer(json.writeValueAsBytes(
                Problem.overloaded("The service has as many connections open as its memory allows; try again.")));
    }

    /** The bound for {@code budgetBytes} of heap, kept below the connections the open files allow, {@code fileBound}. */
    public static int fitting(long budgetBytes, int fileBound) {
        return (int) Math.max(1, Math.min(budgetBytes / BYTES_PER_CONNECTION, (long) (fileBound * SHARE_OF_FILE_BOUND)));
    }

    public int bound() {
        return bound;
    }

    public int open() {
        return open.get();
    }

    public long refused() {
        return refused.get();
    }

    public void register(Router router) {
        router.route().order(RequestPipeline.CONNECTION_BOUND.order()).handler(this::check);
    }

    private void check(RoutingContext ctx) {
        HttpConnection connection = ctx.request().connection();
        if (!counted.add(connection)) {
            ctx.next();
            return;
        }
        int openNow = open.incrementAndGet();
        ((ConnectionBase) connection).channel().closeFuture().addListener(closed -> {
            counted.remove(connection);
            open.decrementAndGet();
        });
        if (openNow <= bound || ctx.normalizedPath().startsWith("/q/")) {
            ctx.next();
            return;
        }
        refused.incrementAndGet();
        ctx.response().setStatusCode(503)
                .putHeader(HttpHeaders.CONTENT_TYPE, Problem.MEDIA_TYPE)
                .putHeader(HttpHeaders.RETRY_AFTER, Problem.RETRY_AFTER_SECONDS)
                .putHeader(HttpHeaders.CONNECTION, HttpHeaders.CLOSE)
                .end(refusal).onComplete(written -> connection.close());
    }
}
