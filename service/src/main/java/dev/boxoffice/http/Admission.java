package dev.boxoffice.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.netflix.concurrency.limits.Limiter;
import com.netflix.concurrency.limits.limit.Gradient2Limit;
import com.netflix.concurrency.limits.limiter.SimpleLimiter;
import dev.boxoffice.shows.BoxOfficeConfig;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;
import java.util.Optional;

/**
 * Admission control for the API: a limit on the requests in flight across the service, adapted to the latency it
 * measures (Netflix's gradient limit: the limit shrinks when recent latency rises above the long-run latency, and
 * grows again while it does not). A request over the limit is refused before anything is parsed or queued, with
 * 503 OVERLOADED and Retry-After, so that under a surge the service spends its CPU on requests it can finish soon
 * instead of queueing every one until its client gives up. Operations endpoints (/q) are never limited.
 */
@Singleton
public class Admission {

    private final SimpleLimiter<Void> limiter;
    private final ObjectMapper json;
    private final Counter refused;

    public Admission(BoxOfficeConfig config, ObjectMapper json, MeterRegistry registry) {
        BoxOfficeConfig.Admission settings = config.admission();
        this.limiter = SimpleLimiter.newBuilder()
                .limit(Gradient2Limit.newBuilder()
                        .minLimit(settings.minInFlight())
                        .initialLimit(settings.minInFlight())
                        .maxConcurrency(settings.maxInFlight())
                        .build())
                .build();
        this.json = json;
        this.refused = Counter.builder("boxoffice.admission.refused")
                .description("Requests refused at once because the service had its limit of requests in flight")
                .register(registry);
        Gauge.builder("boxoffice.admission.limit", limiter, SimpleLimiter::getLimit)
                .description("The current limit on API requests in flight").register(registry);
        Gauge.builder("boxoffice.admission.in.flight", limiter, SimpleLimiter::getInflight)
                .description("API requests in flight").register(registry);
    }

    void register(@Observes Router router) {
        router.route("/shows*").order(Integer.MIN_VALUE + 1).handler(this::admit);
    }

    private void admit(RoutingContext ctx) {
        Optional<Limiter.Listener> admitted = limiter.acquire(null);
        if (admitted.isEmpty()) {
            refused.increment();
            Problems.send(ctx, json, Problem.overloaded("The service has as many requests in flight as it can finish soon."));
            return;
        }
        Limiter.Listener listener = admitted.get();
        ctx.addEndHandler(ended -> {
            if (ended.failed()) {
                listener.onIgnore(); // the connection closed first: no latency to learn from
            } else if (ctx.response().getStatusCode() == 503) {
                listener.onDropped(); // refused further in (a full show queue, the database): a sign of overload
            } else {
                listener.onSuccess();
            }
        });
        ctx.next();
    }
}
