package dev.boxoffice.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.boxoffice.api.ErrorCode;
import dev.boxoffice.api.Problem;
import dev.boxoffice.api.ProblemException;
import dev.boxoffice.api.RequestParameters;
import dev.boxoffice.api.RequestPipeline;
import dev.boxoffice.domain.ShowState;
import dev.boxoffice.entity.Versioned;
import dev.boxoffice.eventstore.EventLog;
import dev.boxoffice.eventstore.StreamName;
import dev.boxoffice.projection.StreamFeed;
import dev.boxoffice.shows.ShowService;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import java.util.List;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.jboss.logging.Logger;

/**
 * {@code GET /shows/{showId}/stream}: a show's seat map as server-sent events, live. A new stream begins with a
 * snapshot of every seat; a client that reconnects with {@code Last-Event-ID} gets the changes it missed instead
 * (or a fresh snapshot if it missed more than {@value #MAX_CATCH_UP_EVENTS}, or names an event not of this show).
 * The changes come from the log as they commit, on whichever instance ({@link StreamFeed}). A stream is charged to
 * a memory budget while open, and dropped if its client falls behind ({@link SseConnection}); it is not counted as a
 * request in flight (it is open for as long as its client wants), but it is an open connection. The operators' feeds
 * ({@code /shows/{showId}/queue/operator/stream}, {@link OperatorFeeds}) are reached through this route too.
 */
public final class SeatStreams {

    /*
     * Every request under /shows passes this route, so it matches by prefix and the handler picks out the streams by
     * their path's ends: a path with a parameter would be a regular expression run on every sale (1.8 % of a
     * reservation's CPU, measured).
     */
    private static final String PREFIX = "/shows/";
    private static final String SUFFIX = "/stream";
    static final String ALLOW = "GET, OPTIONS";

    /**
     * What one open stream costs beyond its unsent frames: the connection's and the stream's objects on the heap,
     * about 6.2 KB measured with 4,000 streams open (heap after a full GC), rounded up.
     */
    static final long FIXED_BYTES_PER_STREAM = 8192;
    /** Changes a reconnecting client is sent to catch up at most; past that a snapshot is cheaper for both. */
    static final int MAX_CATCH_UP_EVENTS = 1000;
    /** A snapshot's bytes beyond one per seat: its id, title and framing. */
    private static final int SNAPSHOT_OVERHEAD_BYTES = 2048;
    /** A snapshot is a letter per seat: charged first as one of a 10,000-seat hall (most are smaller). */
    private static final int ESTIMATED_SEATS = 10_000;

    private static final Logger LOG = Logger.getLogger(SeatStreams.class);

    private final Vertx vertx;
    private final ShowService shows;
    private final EventLog log;
    private final StreamSettings settings;
    private final ObjectMapper json;
    private final SeatFrames frames;
    private final StreamBudget budget;
    private final StreamFeed<Buffer> feed;
    private final OperatorFeeds operatorFeeds;
    private final LoopHandoff handoff = new LoopHandoff();
    private final AtomicInteger open = new AtomicInteger();
    private final LongAdder dropped = new LongAdder();
    private final LongAdder refused = new LongAdder();

    public SeatStreams(Vertx vertx, ShowService shows, EventLog log, StreamSettings settings,
            ObjectMapper json, OperatorFeeds operatorFeeds) {
        this.operatorFeeds = operatorFeeds;
        this.vertx = vertx;
        this.shows = shows;
        this.log = log;
        this.settings = settings;
        this.json = json;
        this.frames = new SeatFrames(json);
        this.budget = new StreamBudget(settings.memoryBudget());
        this.feed = new StreamFeed<>(vertx, log, frames::changes, settings.eventsPerRead(), settings.minReadInterval());
    }

    public void register(Router router) {
        router.route(PREFIX + "*").order(RequestPipeline.SEAT_STREAMS.order()).handler(this::handle);
    }

    /** Events may have been committed: the followed shows are read again. */
    public void wake() {
        feed.wake();
    }

    public int openStreams() {
        return open.get();
    }

    /** Bytes charged to the streams' memory budget now. */
    public long chargedBytes() {
        return budget.usedBytes();
    }

    public long memoryBudget() {
        return budget.maxBytes();
    }

    /** Streams ended because their client fell behind, or the streams' memory was full. */
    public long droppedStreams() {
        return dropped.sum();
    }

    /** Streams refused at open because the streams' memory was full. */
    public long refusedStreams() {
        return refused.sum();
    }

    public void close() {
        feed.close();
    }

    /** The show named by a path {@code /shows/{showId}/queue/operator/stream}, or null for any other path. */
    static String operatorFeedOf(String path) {
        if (!path.startsWith(PREFIX) || !path.endsWith(SUFFIX) || path.length() <= PREFIX.length() + SUFFIX.length()) {
            return null;
        }
        return OperatorFeeds.fedShow(path.substring(PREFIX.length(), path.length() - SUFFIX.length()));
    }

    /** The show named by a path {@code /shows/{showId}/stream}, or null for any other path. */
    static String streamedShow(String path) {
        if (!path.startsWith(PREFIX) || !path.endsWith(SUFFIX) || path.length() <= PREFIX.length() + SUFFIX.length()) {
            return null;
        }
        String show = path.substring(PREFIX.length(), path.length() - SUFFIX.length());
        return show.indexOf('/') < 0 ? show : null;
    }

    private void handle(RoutingContext http) {
        String path = http.normalizedPath();
        if (!path.startsWith(PREFIX) || !path.endsWith(SUFFIX)) {
            http.next(); // every request but a stream's: the two checks it always passed, and nothing more
            return;
        }
        String show = streamedShow(path);
        String fed = show == null ? operatorFeedOf(path) : null;
        if (show == null && fed == null) {
            http.next();
            return;
        }
        HttpMethod method = http.request().method();
        if (method == HttpMethod.OPTIONS) {
            http.response().setStatusCode(204).putHeader(HttpHeaders.ALLOW, ALLOW).end();
            return;
        }
        if (method != HttpMethod.GET) {
            http.response().putHeader(HttpHeaders.ALLOW, ALLOW);
            send(http, Problem.of(405, "Method not allowed", ErrorCode.METHOD_NOT_ALLOWED,
                    "This path accepts " + ALLOW + "."));
            return;
        }
        if (fed != null) {
            operatorFeeds.handle(http, fed);
            return;
        }
        try {
            UUID showId = RequestParameters.showId(show);
            OptionalLong lastEventId = lastEventId(http.request().getHeader("Last-Event-ID"));
            open(http, showId, lastEventId);
        } catch (ProblemException e) {
            send(http, e.problem());
        }
    }

    private void open(RoutingContext http, UUID showId, OptionalLong lastEventId) {
        // The show's size is not known yet: charged as a hall of 10,000 seats, then as what its snapshot really is.
        long firstEstimate = SNAPSHOT_OVERHEAD_BYTES + ESTIMATED_SEATS;
        if (!budget.tryCharge(FIXED_BYTES_PER_STREAM + firstEstimate)) {
            refuse(http);
            return;
        }
        Context context = Vertx.currentContext();
        StreamName stream = StreamName.of(ShowService.STREAM_CATEGORY, showId);
        shows.versionedState(showId)
                .compose(show -> show.state() instanceof ShowState.Show
                        ? start(stream, show, lastEventId)
                        : Future.failedFuture(new ProblemException(Problem.showNotFound(showId.toString()))))
                .onComplete(result -> context.runOnContext(v -> {
                    if (result.failed() || http.response().closed()) {
                        budget.release(FIXED_BYTES_PER_STREAM + firstEstimate);
                        if (result.failed()) {
                            fail(http, result.cause());
                        }
                        return;
                    }
                    Start start = result.result();
                    long firstCharge = start.first().length();
                    if (firstCharge > firstEstimate && !budget.tryCharge(firstCharge - firstEstimate)) {
                        budget.release(FIXED_BYTES_PER_STREAM + firstEstimate);
                        refuse(http);
                        return;
                    }
                    budget.release(Math.max(0, firstEstimate - firstCharge));
                    var connection = new SseConnection(vertx, http, context, budget, settings.maxPendingBytes(), frames,
                            dropped::increment, handoff);
                    StreamFeed.Following following = feed.follow(stream, start.afterVersion(), connection::send);
                    open.incrementAndGet();
                    connection.open(start.first(), firstCharge, settings.heartbeat().toMillis(), () -> {
                        following.close();
                        budget.release(FIXED_BYTES_PER_STREAM);
                        open.decrementAndGet();
                    });
                }));
    }

    private void refuse(RoutingContext http) {
        refused.increment();
        http.response().putHeader(HttpHeaders.RETRY_AFTER, Problem.RETRY_AFTER_SECONDS);
        send(http, Problem.overloaded("The service has as many seat-map streams open as its memory bound allows."));
    }

    /** What a stream begins with, and the version after which the log takes over. */
    private record Start(Buffer first, long afterVersion) {
    }

    private Future<Start> start(StreamName stream, Versioned<ShowState> show, OptionalLong lastEventId) {
        if (lastEventId.isEmpty()) {
            return snapshot(stream, show);
        }
        return log.versionAt(stream, lastEventId.getAsLong()).compose(seen ->
                seen.isPresent() && show.version() - seen.getAsLong() <= MAX_CATCH_UP_EVENTS
                        ? Future.succeededFuture(new Start(SeatFrames.RETRY.copy(), seen.getAsLong()))
                        : snapshot(stream, show));
    }

    private Future<Start> snapshot(StreamName stream, Versioned<ShowState> show) {
        return log.positionOf(stream, show.version()).map(position -> new Start(
                SeatFrames.RETRY.copy().appendBuffer(frames.snapshot((ShowState.Show) show.state(), show.version(),
                        position.orElseThrow())),
                show.version()));
    }

    private static OptionalLong lastEventId(String header) {
        if (header == null) { // an EventSource sends none before it has an id; never an empty one
            return OptionalLong.empty();
        }
        try {
            long id = Long.parseLong(header.trim());
            if (id >= 0) {
                return OptionalLong.of(id);
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        String message = "must be a non-negative integer, the id of an event this stream sent";
        throw new ProblemException(Problem.invalid("Last-Event-ID " + message + ".",
                List.of(new Problem.Violation("Last-Event-ID", message))));
    }

    private void fail(RoutingContext http, Throwable failure) {
        if (failure instanceof ProblemException problem) {
            send(http, problem.problem());
            return;
        }
        LOG.warnf("Opening a seat-map stream failed: %s", failure.toString());
        http.response().putHeader(HttpHeaders.RETRY_AFTER, Problem.RETRY_AFTER_SECONDS);
        send(http, Problem.of(503, "Service unavailable", ErrorCode.SERVICE_UNAVAILABLE,
                "The show could not be read now. Nothing was done; retry later."));
    }

    private void send(RoutingContext http, Problem problem) {
        send(http, problem, json);
    }

    /** Answers with {@code problem}, as the REST layer's problems are answered. */
    static void send(RoutingContext http, Problem problem, ObjectMapper json) {
        try {
            http.response().setStatusCode(problem.status()).putHeader(HttpHeaders.CONTENT_TYPE, Problem.MEDIA_TYPE)
                    .end(Buffer.buffer(json.writeValueAsBytes(problem)));
        } catch (JsonProcessingException e) {
            http.response().setStatusCode(problem.status()).end();
        }
    }
}
