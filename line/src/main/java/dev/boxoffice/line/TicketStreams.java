package dev.boxoffice.line;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.json.JsonObject;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * Tickets' event streams: where a ticket stands now, then again after a quarter of the estimated wait (between 1 and
 * 10 s), ending with ADMITTED or EXPIRED, as a node streams it. At most {@code maxStreams} are open at once (each holds
 * a connection and a timer): past it a stream is refused at once (503, Retry-After), and the buyer polls instead.
 */
final class TicketStreams {

    static final long MIN_INTERVAL_MILLIS = 1_000;
    static final long MAX_INTERVAL_MILLIS = 10_000;

    private final Vertx vertx;
    private final int maxStreams;
    private final AtomicInteger open = new AtomicInteger();

    TicketStreams(Vertx vertx, int maxStreams) {
        this.vertx = vertx;
        this.maxStreams = maxStreams;
    }

    int open() {
        return open.get();
    }

    /** Streams the answers of {@code standing}: the first as it is if it is not a 200 (a refusal), then each as an event. */
    void open(HttpServerRequest request, Supplier<Future<NodeAnswer>> standing) {
        if (open.incrementAndGet() > maxStreams) {
            open.decrementAndGet();
            LineAnswers.problem(request.response(), 503, "Service overloaded", "OVERLOADED",
                    "This line service has " + maxStreams + " ticket streams open. Nothing was done; poll the ticket instead.");
            return;
        }
        new Watch(request.response(), standing).next();
    }

    private final class Watch {
        private final HttpServerResponse response;
        private final Supplier<Future<NodeAnswer>> standing;
        private long timer = -1;
        private boolean started;
        private boolean finished;

        Watch(HttpServerResponse response, Supplier<Future<NodeAnswer>> standing) {
            this.response = response;
            this.standing = standing;
            response.closeHandler(closed -> finish());
        }

        void next() {
            standing.get().onComplete(answered -> {
                if (finished) {
                    return;
                }
                if (answered.failed() || answered.result().status() != 200) {
                    if (!started && answered.succeeded()) {
                        answered.result().send(response);
                    } else if (!started) {
                        LineAnswers.unavailable(response, answered.cause());
                    } else {
                        response.end();
                    }
                    finish();
                    return;
                }
                if (!started) {
                    started = true;
                    response.setChunked(true).putHeader("Content-Type", "text/event-stream").putHeader("Cache-Control", "no-store");
                }
                NodeAnswer answer = answered.result();
                response.write("data:" + answer.body() + "\n\n");
                JsonObject view = answer.body().toJsonObject();
                if (!"WAITING".equals(view.getString("status"))) {
                    response.end();
                    finish();
                    return;
                }
                timer = vertx.setTimer(interval(view.getLong("estimatedWaitSeconds")), fired -> next());
            });
        }

        private void finish() {
            if (!finished) {
                finished = true;
                vertx.cancelTimer(timer);
                open.decrementAndGet();
            }
        }
    }

    private static long interval(Long estimatedWaitSeconds) {
        long waitMillis = estimatedWaitSeconds == null ? MAX_INTERVAL_MILLIS : estimatedWaitSeconds * 250;
        return Math.max(MIN_INTERVAL_MILLIS, Math.min(MAX_INTERVAL_MILLIS, waitMillis));
    }
}
