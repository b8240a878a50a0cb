package dev.boxoffice.http;

import dev.boxoffice.api.Problem;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
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
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Admission control for the API: a bound on the requests in flight across the service, refusing those over it before
 * their body is read or parsed, with 503 OVERLOADED and Retry-After, so that under a surge the service spends its CPU
 * on requests it can finish soon instead of queueing every one until its client gives up. The refusal's bytes are
 * made once, so a refusal costs little more than reading the request. Operations endpoints (/q) are never limited.
 *
 * <p>Two exceptions keep the bound from turning work into waste. Seat changes past the bound are let in up to a
 * headroom, and the resource refuses those that are not cancellations once their body says so: a refused cancellation
 * leaves its seat taken until the client retries. And answers that list a whole hall are also bounded in bytes, since
 * a count alone does not bound them.
 *
 * <p>The bound is fixed ({@code boxoffice.admission.max-in-flight}); why not an adaptive one, measured:
 * docs/decisions/0001-admission-control.md.
 */
@Singleton
public class Admission {

    /** The metrics' URI tag: a refused request never reaches a resource, which would name its route. */
    private static final String URL_PATH_TEMPLATE = "UrlPathTemplate";

    /** Set on a request's routing context when it was admitted past the bound, as a seat change that must be a cancellation. */
    private static final String CANCELLATIONS_ONLY = "boxoffice.admission.cancellationsOnly";
    /** About 48 bytes of JSON per seat, plus the seat's view object and the serializer's growing buffer. */
    private static final int HALL_BYTES_PER_SEAT = 128;

    private final int maxInFlight;
    private final int maxWithCancellations;
    private final long maxHallBytes;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicLong hallBytes = new AtomicLong();
    private final Buffer refusal;
    private final Counter refused;

    public Admission(HttpSettings settings, ObjectMapper json, MeterRegistry registry) throws JsonProcessingException {
        this.maxInFlight = settings.maxInFlight();
        this.maxWithCancellations = maxInFlight + settings.cancellationHeadroom();
        this.maxHallBytes = settings.maxHallBytes();
        this.refusal = Buffer.buffer(json.writeValueAsBytes(
                Problem.overloaded("The service has as many requests in flight as it can finish soon.")));
        this.refused = Counter.builder("boxoffice.admission.refused")
                .description("Requests refused at once by a bound of the admission control")
                .register(registry);
        Gauge.builder("boxoffice.admission.in.flight", inFlight, AtomicInteger::get)
                .description("API requests in flight").register(registry);
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
        router.route("/shows*").order(Integer.MIN_VALUE + 1).handler(this::admit);
    }

    private void admit(RoutingContext ctx) {
        if (isStream(ctx)) {
            ctx.next(); // open for as long as its client wants: bounded by the streams' own memory budget instead
            return;
        }
        int admitted = inFlight.incrementAndGet();
        if (admitted > maxInFlight) {
            if (admitted > maxWithCancellations || !isSeatChange(ctx)) {
                inFlight.decrementAndGet();
                refuse(ctx);
                return;
            }
            ctx.put(CANCELLATIONS_ONLY, Boolean.TRUE);
        }
        ctx.addEndHandler(ended -> inFlight.decrementAndGet());
        ctx.next();
    }

    private static boolean isStream(RoutingContext ctx) {
        return ctx.request().method() == HttpMethod.GET && ctx.normalizedPath().endsWith("/stream")
                && segments(ctx.normalizedPath()) == 3;
    }

    private static boolean isSeatChange(RoutingContext ctx) {
        return ctx.request().method() == HttpMethod.PATCH && segments(ctx.normalizedPath()) == 4;
    }

    private void refuse(RoutingContext ctx) {
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
            case 3 -> path.endsWith("/holds") ? "/shows/{showId}/holds" : "/shows/{showId}/reservations";
            case 4 -> path.contains("/holds/") ? "/shows/{showId}/holds/{holdId}" : "/shows/{showId}/seats/{seatNum}";
            case 5 -> "/shows/{showId}/holds/{holdId}/confirm";
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
