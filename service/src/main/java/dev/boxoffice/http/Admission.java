package dev.boxoffice.http;

import dev.boxoffice.line.LineTokens;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.boxoffice.api.Problem;
import dev.boxoffice.api.RequestPipeline;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Admission control for the API, in time and in bytes: a request is refused at once, before its body is read or
 * parsed, with 503 OVERLOADED and Retry-After, when the oldest API request in flight has already waited longer than
 * {@code boxoffice.admission.max-wait} (the service is behind by more than its latency bound, so a new request could
 * not be answered within it; {@code max-wait-warming-up} during the first {@code warm-up} after start, while the
 * JIT compiles; the shorter {@code max-wait-throttled} while a CPU quota throttles the service once warm, see
 * {@link CpuThrottling}), or when the requests in flight would hold more than their memory budget. A burst that
 * the service serves within the bound is served whole, at a cold start too; a standing queue is refused, whatever
 * the service's speed that day. The refusal's bytes are made once, so a refusal costs little more than reading the
 * request. Operations endpoints (/q) are never limited, and a waiting room's own traffic is not held to the time
 * bound ({@link #admittedByAWaitingRoom}). In front of the service, the edge (deploy/haproxy) keeps
 * the crowd in its queue so that these bounds are rarely reached: a refusal here costs a third of a sale's CPU.
 *
 * <p>Two exceptions keep the bound from turning work into waste. Seat changes are let in for a while longer
 * ({@code cancellation-headroom}), and the resource refuses those that are not cancellations once their body says
 * so: a refused cancellation leaves its seat taken until the client retries. Not while the CPU quota throttles the
 * service: every request let in late then delays all those behind it, and those let in only to be refused after
 * their body was parsed cost the most. And answers that list a whole hall are also bounded in bytes, since they
 * are large.
 *
 * <p>Why time rather than a count, and why not an adaptive limit, measured: docs/decisions/0001-admission-control.md.
 */
@Singleton
public class Admission {

    /** The metrics' URI tag, which a resource sets: a request answered before one (refused here) names its route itself. */
    static final String URL_PATH_TEMPLATE = "UrlPathTemplate";

    /** Set on a request's routing context when it was admitted past the bound, as a seat change that must be a cancellation. */
    private static final String CANCELLATIONS_ONLY = "boxoffice.admission.cancellationsOnly";
    /** About 48 bytes of JSON per seat, plus the seat's view object and the serializer's growing buffer. */
    private static final int HALL_BYTES_PER_SEAT = 4; // its letter, as bytes, as text and as JSON, and slack
    /**
     * What a request in flight holds besides its body, estimated: its routing context, headers, the command and its
     * answer (an idle keep-alive connection alone holds about 3.2 KB, measured; see ConnectionBound).
     */
    static final int BYTES_PER_REQUEST = 4096;
    /** A request in flight this many times the wait bound is taken for stuck, not queued (see RequestsInFlight). */
    private static final int STUCK_AFTER_WAITS = 20;

    private final WaitBound waitBound;
    private final CpuThrottling throttling;
    private final LineTokens lineTokens;
    private final long headroomNanos;
    private final long memoryBudget;
    private final long maxHallBytes;
    private final RequestsInFlight inFlight;
    private final AtomicLong bytesInFlight = new AtomicLong();
    private final AtomicLong hallBytes = new AtomicLong();
    private final Buffer lateRefusal;
    private final Buffer memoryRefusal;
    private final Counter refused;

    public Admission(HttpSettings settings, CpuThrottling throttling, LineTokens lineTokens, ObjectMapper json,
            MeterRegistry registry) throws JsonProcessingException {
        this.lineTokens = lineTokens;
        this.waitBound = new WaitBound(settings.maxWait().toNanos(), settings.maxWaitWarmingUp().toNanos(),
                settings.maxWaitThrottled().toNanos(), System.nanoTime() + settings.warmUp().toNanos());
        this.throttling = throttling;
        this.headroomNanos = settings.cancellationHeadroom().toNanos();
        this.memoryBudget = settings.memoryBudget();
        this.maxHallBytes = settings.maxHallBytes();
        this.inFlight = new RequestsInFlight(STUCK_AFTER_WAITS * Math.max(waitBound.warmingUpNanos() + headroomNanos, 1_000_000L));
        this.lateRefusal = Buffer.buffer(json.writeValueAsBytes(
                Problem.overloaded("The service is behind by more than it may keep a request waiting.")));
        this.memoryRefusal = Buffer.buffer(json.writeValueAsBytes(
                Problem.overloaded("The requests in flight fill the memory set aside for them.")));
        this.refused = Counter.builder("boxoffice.admission.refused")
                .description("Requests refused at once by a bound of the admission control")
                .register(registry);
        Gauge.builder("boxoffice.admission.in.flight", inFlight, RequestsInFlight::count)
                .description("API requests in flight").register(registry);
        Gauge.builder("boxoffice.admission.oldest", inFlight, requests -> requests.oldestAgeNanos(System.nanoTime()) / 1e9)
                .baseUnit("seconds").description("How long the oldest API request in flight has waited").register(registry);
        Gauge.builder("boxoffice.admission.throttled", throttling, t -> t.throttled() ? 1 : 0)
                .description("1 while the CPU quota throttles the service in most periods (admission's tighter bound), else 0")
                .register(registry);
        Gauge.builder("boxoffice.admission.bytes", bytesInFlight, AtomicLong::get).baseUnit("bytes")
                .description("Estimated bytes held by the API requests in flight").register(registry);
        Gauge.builder("boxoffice.admission.hall.bytes", hallBytes, AtomicLong::get).baseUnit("bytes")
                .description("Estimated bytes of whole-hall answers being built and sent").register(registry);
    }

    /** Whether the current request was let in past the bound only in case it is a cancellation. */
    boolean cancellationsOnly(RoutingContext ctx) {
        return ctx.get(CANCELLATIONS_ONLY) != null;
    }

    /**
     * Charges an answer listing a hall of {@code seats} seats to the bound on such answers' bytes until the response
     * ends; false, charging nothing, when the bound has no room for it.
     */
    boolean admitHall(RoutingContext ctx, int seats) {
        long bytes = (long) seats * HALL_BYTES_PER_SEAT;
        if (hallBytes.addAndGet(bytes) > maxHallBytes) {
            hallBytes.addAndGet(-bytes);
            refused.increment();
            return false;
        }
        ctx.addEndHandler(ended -> hallBytes.addAndGet(-bytes));
        return true;
    }

    void register(@Observes Router router) {
        router.route("/shows*").order(RequestPipeline.ADMISSION.order()).handler(this::admit);
    }

    private void admit(RoutingContext ctx) {
        if (isStream(ctx)) {
            ctx.next(); // open for as long as its client wants: bounded by the streams' memory or connections' budget
            return;
        }
        long now = System.nanoTime();
        long waited = inFlight.oldestAgeNanos(now);
        boolean atCapacity = throttling.throttled() && !waitBound.warmingUp(now);
        long bound = waitBound.at(now, atCapacity);
        boolean late = waited > bound && !admittedByAWaitingRoom(ctx);
        // At capacity, a cancellation let in late delays every sale behind it: it is refused too (Retry-After).
        long headroom = atCapacity ? 0 : headroomNanos;
        if (late && (waited > bound + headroom || !isSeatChange(ctx))) {
            refuse(ctx, lateRefusal);
            return;
        }
        long bytes = BYTES_PER_REQUEST + Math.max(0, contentLength(ctx));
        if (bytesInFlight.addAndGet(bytes) > memoryBudget) {
            bytesInFlight.addAndGet(-bytes);
            refuse(ctx, memoryRefusal);
            return;
        }
        if (late) {
            ctx.put(CANCELLATIONS_ONLY, Boolean.TRUE);
        }
        RequestsInFlight.Entry entry = inFlight.enter(now);
        ctx.addEndHandler(ended -> {
            inFlight.leave(entry);
            bytesInFlight.addAndGet(-bytes);
        });
        ctx.next();
    }

    /**
     * A waiting room is its show's own admission control, so the time bound leaves its traffic alone. Its joins and
     * polls are answered in less CPU than a refusal costs (about 40 µs against 48-62 µs on a whole core, measured),
     * and a crowd's are bounded by the edge's queue for them (deploy/haproxy) and by the memory bound here. So are a
     * line service's reads of the room's record, its blocks of numbers and its gathered admissions: one serves
     * hundreds of buyers, and refusing it would refuse them all. A buyer it admitted (a valid, unlapsed Admission-Token
     * for the show in the path, checked by its signature alone) is one of at most its maxActive, and refusing the
     * buyer's hold or confirmation would waste the place the line gave it.
     */
    private boolean admittedByAWaitingRoom(RoutingContext ctx) {
        String path = ctx.normalizedPath();
        int segments = segments(path);
        HttpMethod method = ctx.request().method();
        if ((method == HttpMethod.POST || method == HttpMethod.GET) && segments == 3 && path.endsWith("/queue")
                || method == HttpMethod.GET && segments == 4 && path.contains("/queue/")
                || method == HttpMethod.POST && segments == 4
                        && (path.endsWith("/queue/blocks") || path.endsWith("/queue/admissions"))) {
            return true;
        }
        String token = ctx.request().getHeader(BuyerAdmission.HEADER);
        if (token == null || segments < 3) {
            return false;
        }
        try {
            UUID show = UUID.fromString(path.substring("/shows/".length(), path.indexOf('/', "/shows/".length())));
            long now = System.currentTimeMillis();
            return lineTokens.readAdmission(show, token).filter(admitted -> admitted.lapsesAtMillis() > now).isPresent();
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** The request's declared body length; -1 without one (a body without a length is refused later: 411). */
    private static long contentLength(RoutingContext ctx) {
        String length = ctx.request().getHeader(HttpHeaders.CONTENT_LENGTH);
        if (length == null) {
            return -1;
        }
        try {
            return Long.parseLong(length.strip());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** A show's seat-map stream, or a waiting room's ticket's stream. */
    private static boolean isStream(RoutingContext ctx) {
        String path = ctx.normalizedPath();
        return ctx.request().method() == HttpMethod.GET && path.endsWith("/stream")
                && (segments(path) == 3 || segments(path) == 5 && path.contains("/queue/"));
    }

    private static boolean isSeatChange(RoutingContext ctx) {
        return ctx.request().method() == HttpMethod.PATCH && segments(ctx.normalizedPath()) == 4;
    }

    private void refuse(RoutingContext ctx, Buffer refusal) {
        refused.increment();
        Vertx.currentContext().putLocal(URL_PATH_TEMPLATE, template(ctx.normalizedPath()));
        ctx.response().setStatusCode(503)
                .putHeader(HttpHeaders.CONTENT_TYPE, Problem.MEDIA_TYPE)
                .putHeader(HttpHeaders.RETRY_AFTER, Problem.RETRY_AFTER_SECONDS)
                .end(refusal);
    }

    /** The route of a path under /shows, by its number of segments and its last word (no pattern matching on the refusal path). */
    private static String template(String path) {
        return switch (segments(path)) {
            case 1 -> "/shows";
            case 2 -> "/shows/{showId}";
            case 3 -> path.endsWith("/holds") ? "/shows/{showId}/holds"
                    : path.endsWith("/queue") ? "/shows/{showId}/queue" : "/shows/{showId}/reservations";
            case 4 -> path.contains("/holds/") ? "/shows/{showId}/holds/{holdId}"
                    : path.contains("/queue/") ? "/shows/{showId}/queue/{ticket}" : "/shows/{showId}/seats/{seatNum}";
            case 5 -> path.contains("/queue/") ? "/shows/{showId}/queue/{ticket}/stream" : "/shows/{showId}/holds/{holdId}/confirm";
            default -> "/shows/*";
        };
    }

    private static int segments(String path) {
        int segments = 0;
        for (int i = 0; i < path.length(); i++) {
            if (path.charAt(i) == '/') {
                segments++;
            }
        }
        return segments;
    }
}
