package dev.boxoffice.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.boxoffice.shows.BoxOfficeConfig;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Admission control for the API: a bound on the requests in flight across the service, refusing those over it before
 * their body is read or parsed, with 503 OVERLOADED and Retry-After, so that under a surge the service spends its CPU
 * on requests it can finish soon instead of queueing every one until its client gives up. The refusal's bytes are
 * made once, so a refusal costs little more than reading the request. Operations endpoints (/q) are never limited.
 *
 * <p>The bound is fixed ({@code boxoffice.admission.max-in-flight}); why not an adaptive one, measured:
 * docs/decisions/0001-admission-control.md.
 */
@Singleton
public class Admission {

    /** The metrics' URI tag: a refused request never reaches a resource, which would name its route. */
    private static final String URL_PATH_TEMPLATE = "UrlPathTemplate";

    private final int maxInFlight;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final Buffer refusal;
    private final Counter refused;

    public Admission(BoxOfficeConfig config, ObjectMapper json, MeterRegistry registry) throws JsonProcessingException {
        this.maxInFlight = config.admission().maxInFlight();
        this.refusal = Buffer.buffer(json.writeValueAsBytes(
                Problem.overloaded("The service has as many requests in flight as it can finish soon.")));
        this.refused = Counter.builder("boxoffice.admission.refused")
                .description("Requests refused at once because the service had its bound of requests in flight")
                .register(registry);
        Gauge.builder("boxoffice.admission.in.flight", inFlight, AtomicInteger::get)
                .description("API requests in flight").register(registry);
    }

    void register(@Observes Router router) {
        router.route("/shows*").order(Integer.MIN_VALUE + 1).handler(this::admit);
    }

    private void admit(RoutingContext ctx) {
        if (inFlight.incrementAndGet() > maxInFlight) {
            inFlight.decrementAndGet();
            refuse(ctx);
            return;
        }
        ctx.addEndHandler(ended -> inFlight.decrementAndGet());
        ctx.next();
    }

    private void refuse(RoutingContext ctx) {
        refused.increment();
        Vertx.currentContext().putLocal(URL_PATH_TEMPLATE, template(ctx.normalizedPath()));
        ctx.response().setStatusCode(503)
                .putHeader(HttpHeaders.CONTENT_TYPE, Problem.MEDIA_TYPE)
                .putHeader(HttpHeaders.RETRY_AFTER, Problem.RETRY_AFTER_SECONDS)
                .end(refusal);
    }

    /** The route of a path under /shows, by its number of segments (no pattern matching on the refusal path). */
    private static String template(String path) {
        int segments = 0;
        for (int i = 0; i < path.length(); i++) {
            if (path.charAt(i) == '/') {
                segments++;
            }
        }
        return switch (segments) {
            case 1 -> "/shows";
            case 2 -> "/shows/{showId}";
            case 4 -> "/shows/{showId}/seats/{seatNum}";
            default -> "/shows/*";
        };
    }
}
