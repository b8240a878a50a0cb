package dev.boxoffice.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.boxoffice.api.ErrorCode;
import dev.boxoffice.api.OperatorView;
import dev.boxoffice.api.Problem;
import dev.boxoffice.api.ProblemException;
import dev.boxoffice.api.RequestParameters;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code GET /shows/{showId}/queue/operator/stream}: a waiting room as its operators watch it, as server-sent events
 * (with the admin token). Each feed reads its room at the line's tick and sends the view when a figure changed (at
 * most 4 a second), and at least every {@value #SEND_AT_LEAST_EVERY_MILLIS} ms so that a quiet room is seen to be
 * live. A view is not written while the connection's write queue is full: a client that falls behind is sent the
 * latest once it reads again, never a backlog, so a feed holds a timer, one view and at most the write queue's bytes.
 * At most {@value #MAX_FEEDS} at once on a node (each costs a read of its show 4 times a second). A Vert.x route, so
 * that a missing show or room is refused with its status before the stream begins; reached through the seat-map
 * streams' route, the one that sees paths ending in {@code /stream}.
 */
@Singleton
public class OperatorFeeds {

    static final String SUFFIX = "/queue/operator";
    static final long READ_EVERY_MILLIS = 250;
    static final long SEND_AT_LEAST_EVERY_MILLIS = 5_000;
    static final int MAX_FEEDS = 32;
    /** Bytes a feed's connection may hold unsent: a few views. */
    private static final int WRITE_QUEUE_BYTES = 16 * 1024;

    private final Vertx vertx;
    private final QueueAnswers answers;
    private final AdminToken token;
    private final Clock clock;
    private final ObjectMapper json;
    private final AtomicInteger open = new AtomicInteger();

    public OperatorFeeds(Vertx vertx, QueueAnswers answers, AdminToken token, Clock clock, ObjectMapper json) {
        this.vertx = vertx;
        this.answers = answers;
        this.token = token;
        this.clock = clock;
        this.json = json;
    }

    /** The show of a stream path's middle ({@code {showId}/queue/operator}), or null for another stream's. */
    static String fedShow(String streamed) {
        if (!streamed.endsWith(SUFFIX)) {
            return null;
        }
        String show = streamed.substring(0, streamed.length() - SUFFIX.length());
        return show.indexOf('/') < 0 ? show : null;
    }

    /** A feed's request, after the route's own checks of the method. */
    void handle(RoutingContext http, String show) {
        try {
            token.authorize(http.request().getHeader(HttpHeaders.AUTHORIZATION));
            open(http, RequestParameters.showId(show));
        } catch (ProblemException e) {
            SeatStreams.send(http, e.problem(), json);
        }
    }

    private void open(RoutingContext http, UUID show) {
        if (open.incrementAndGet() > MAX_FEEDS) {
            open.decrementAndGet();
            http.response().putHeader(HttpHeaders.RETRY_AFTER, Problem.RETRY_AFTER_SECONDS);
            SeatStreams.send(http, Problem.overloaded(MAX_FEEDS + " operator feeds are open on this node."), json);
            return;
        }
        Context context = Vertx.currentContext();
        read(show).onComplete(first -> context.runOnContext(v -> {
            if (first.failed() || http.response().closed()) {
                open.decrementAndGet();
                if (first.failed()) {
                    SeatStreams.send(http, problemOf(first.cause()), json);
                }
                return;
            }
            new Feed(http.response(), show, context).start(first.result());
        }));
    }

    private Future<OperatorView> read(UUID show) {
        return answers.room(show).map(known -> OperatorView.of(known, clock.instant()));
    }

    private static Problem problemOf(Throwable failure) {
        return failure instanceof ProblemException problem ? problem.problem()
                : Problem.of(503, "Service unavailable", ErrorCode.SERVICE_UNAVAILABLE,
                        "The show could not be read now. Nothing was done; retry later.");
    }

    /** One open feed, confined to its connection's context. */
    private final class Feed {

        private final HttpServerResponse response;
        private final UUID show;
        private final Context context;
        private long timer = -1;
        private boolean reading;
        private boolean closed;
        private OperatorView sent;
        private long sentAtNanos;

        Feed(HttpServerResponse response, UUID show, Context context) {
            this.response = response;
            this.show = show;
            this.context = context;
        }

        void start(OperatorView first) {
            response.closeHandler(v -> close());
            response.setChunked(true).setStatusCode(200).setWriteQueueMaxSize(WRITE_QUEUE_BYTES)
                    .putHeader(HttpHeaders.CONTENT_TYPE, "text/event-stream; charset=utf-8")
                    .putHeader(HttpHeaders.CACHE_CONTROL, "no-store")
                    .putHeader("X-Accel-Buffering", "no"); // proxies that buffer answers must not buffer this one
            send(first);
            timer = vertx.setPeriodic(READ_EVERY_MILLIS, tick -> next());
        }

        private void next() {
            if (reading || closed) {
                return; // a read under way (a slow load of the show) is not doubled
            }
            reading = true;
            read(show).onComplete(done -> context.runOnContext(onItsOwn -> {
                reading = false;
                if (closed) {
                    return;
                }
                if (done.failed()) { // the show cannot be read now: the client opens the feed again
                    close();
                    response.end();
                    return;
                }
                OperatorView view = done.result();
                boolean due = !view.sameFiguresAs(sent) || System.nanoTime() - sentAtNanos >= SEND_AT_LEAST_EVERY_MILLIS * 1_000_000;
                if (due && !response.writeQueueFull()) {
                    send(view);
                }
            }));
        }

        private void send(OperatorView view) {
            try {
                response.write(Buffer.buffer("data: ").appendBytes(json.writeValueAsBytes(view)).appendString("\n\n"));
                sent = view;
                sentAtNanos = System.nanoTime();
            } catch (JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
        }

        private void close() {
            if (!closed) {
                closed = true;
                vertx.cancelTimer(timer);
                open.decrementAndGet();
            }
        }
    }
}
