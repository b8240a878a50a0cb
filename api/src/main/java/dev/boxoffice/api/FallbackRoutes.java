package dev.boxoffice.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.runtime.configuration.MemorySize;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.VertxException;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.Route;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Answers what never reaches a resource (an unknown path, a body over the size limit or of unknown length, a request
 * the router cannot take) with a problem too, instead of the HTTP server's plain-text defaults; and {@code OPTIONS}
 * with the methods of that path alone ({@link AllowedMethods}), which the framework's own answer does not get right.
 */
@Singleton
public class FallbackRoutes {

    private final ObjectMapper json;
    /** How long a refused request's body may still be read (and dropped) before its connection is closed. */
    private static final long LINGER_MILLIS = 1000;

    private final long maxBodyBytes;
    private final AllowedMethods allowed;

    public FallbackRoutes(ObjectMapper json,
            @ConfigProperty(name = "quarkus.http.limits.max-body-size") MemorySize maxBodySize, AllowedMethods allowed) {
        this.json = json;
        this.maxBodyBytes = maxBodySize.asLongValue();
        this.allowed = allowed;
    }

    void register(@Observes Router router) {
        // A body's length is known before it is read: an oversized one is refused unread, and one of unknown length
        // (chunked) too, since the REST layer would read a large one on a worker thread and end it with a bare 413.
        router.route().order(RequestPipeline.BODY_LENGTH.order()).handler(ctx -> {
            String length = ctx.request().getHeader(HttpHeaders.CONTENT_LENGTH);
            if (ctx.request().headers().contains(HttpHeaders.TRANSFER_ENCODING)) {
                refuseAndClose(ctx, Problem.of(411, "Length required", ErrorCode.LENGTH_REQUIRED,
                        "Send the body with a Content-Length (at most " + maxBodyBytes + " bytes), not chunked."));
            } else if (length != null && isOver(length)) {
                refuseAndClose(ctx, Problem.payloadTooLarge("The request body is larger than " + maxBodyBytes + " bytes."));
            } else {
                ctx.next();
            }
        });
        // The router refuses a request without a Host header (or the preface of HTTP/2, which is not served) with a 400
        // before any route runs; without this, the client got the framework's JSON and the log an ERROR per request.
        router.route().order(RequestPipeline.BODY_LENGTH.order()).failureHandler(ctx -> {
            if (ctx.statusCode() == 400 && ctx.failure() instanceof VertxException refusal) {
                HttpVersion version = ctx.request().version();
                refuseAndClose(ctx, Problem.of(400, "Malformed request", ErrorCode.MALFORMED_REQUEST,
                        version == HttpVersion.HTTP_1_1 || version == HttpVersion.HTTP_1_0 ? refusal.getMessage() + "."
                                : "This service speaks HTTP/1.1: HTTP/2 in clear text is not served."));
            } else {
                ctx.next();
            }
        });
        router.route().method(HttpMethod.OPTIONS).order(RequestPipeline.OPTIONS.order()).handler(ctx -> {
            String allow = allowed.allow(ctx.normalizedPath());
            if (allow.isEmpty()) {
                ctx.next(); // a path no resource declares: its own route, or 404
            } else {
                ctx.response().setStatusCode(204).putHeader(HttpHeaders.ALLOW, allow).end();
            }
        });
        // The framework would take GET /shows/{id}/queue/blocks for a ticket called "blocks": it is not one. Only the
        // methods that can go wrong so pass this route; a reservation or a hold never does.
        if (!allowed.refusable().isEmpty()) {
            Route refusing = router.route().order(RequestPipeline.OPTIONS.order());
            allowed.refusable().forEach(method -> refusing.method(HttpMethod.valueOf(method)));
            refusing.handler(ctx -> allowed.refused(ctx.normalizedPath(), ctx.request().method().name()).ifPresentOrElse(allow -> {
                ctx.response().putHeader(HttpHeaders.ALLOW, allow);
                send(ctx, Problem.of(405, "Method not allowed", ErrorCode.METHOD_NOT_ALLOWED, "This path accepts " + allow + "."));
            }, ctx::next));
        }
        router.route().last().handler(ctx -> send(ctx, Problem.noSuchPath()));
        router.errorHandler(413, ctx -> send(ctx, Problem.payloadTooLarge("The request body is too large.")));
    }

    private boolean isOver(String contentLength) {
        try {
            return Long.parseLong(contentLength.trim()) > maxBodyBytes;
        } catch (NumberFormatException e) {
            return false; // the HTTP server rejects a malformed Content-Length itself
        }
    }

    /**
     * Sends the problem, then closes the connection: what the client sent after the head (an unread body, or not
     * HTTP/1.1 at all) cannot be read as its next request, and the HTTP server keeps a connection open whatever the
     * response's Connection header says. A body still on its way is read and dropped first, for a second at most: a
     * connection closed with unread bytes is reset, and a client still sending its body then loses the answer before
     * it reads it (a lingering close, as HTTP servers do).
     */
    private void refuseAndClose(RoutingContext ctx, Problem problem) {
        ctx.response().putHeader(HttpHeaders.CONNECTION, "close");
        HttpServerRequest request = ctx.request();
        send(ctx, problem).onComplete(sent -> lingerThenClose(ctx.vertx(), request));
    }

    private static void lingerThenClose(Vertx vertx, HttpServerRequest request) {
        HttpConnection connection = request.connection();
        if (request.isEnded()) {
            connection.close();
            return;
        }
        long timer = vertx.setTimer(LINGER_MILLIS, expired -> connection.close());
        Handler<Void> close = ignored -> {
            vertx.cancelTimer(timer);
            connection.close();
        };
        request.handler(dropped -> { }).exceptionHandler(failed -> close.handle(null)).endHandler(close);
        request.resume();
    }

    private Future<Void> send(RoutingContext ctx, Problem problem) {
        if (ctx.response().ended()) {
            return Future.succeededFuture();
        }
        try {
            return ctx.response().setStatusCode(problem.status())
                    .putHeader(HttpHeaders.CONTENT_TYPE, Problem.MEDIA_TYPE)
                    .end(json.writeValueAsString(problem));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            return ctx.response().setStatusCode(problem.status()).end();
        }
    }
}
