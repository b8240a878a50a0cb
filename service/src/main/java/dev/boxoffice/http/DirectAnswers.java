package dev.boxoffice.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.boxoffice.api.Problem;
import dev.boxoffice.api.ProblemMappers;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.impl.RoutingContextInternal;
import jakarta.inject.Singleton;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * What the routes that answer a well-formed hot write before the REST layer share ({@link SeatChanges},
 * {@link HoldSettlements}): which requests they take as they are, the body read once, and the answer or problem sent
 * as the REST layer sends it (docs/decisions/0034-the-hot-write-before-the-rest-layer.md).
 */
@Singleton
public class DirectAnswers {

    static final String CORRELATION_ID = "X-Correlation-Id";
    static final int MAX_CORRELATION_ID = 128;
    static final String JSON = "application/json";

    private final ObjectMapper json;

    public DirectAnswers(ObjectMapper json) {
        this.json = json;
    }

    /**
     * An answer in JSON acceptable, nothing to negotiate first, a body not read yet, and a correlation id the
     * resource takes without a word: anything else goes on to the resource, which words every refusal.
     */
    static boolean takenAsItIs(HttpServerRequest request) {
        String accept = request.getHeader(HttpHeaders.ACCEPT);
        String correlationId = request.getHeader(CORRELATION_ID);
        return (accept == null || accept.equals("*/*") || accept.equalsIgnoreCase(JSON))
                && request.getHeader(HttpHeaders.EXPECT) == null && !request.isEnded()
                && (correlationId == null || correlationId.length() <= MAX_CORRELATION_ID);
    }

    /** Reads the request's body, then gives it to {@code then}; a client gone before its body came is told nothing. */
    static void withBody(RoutingContext ctx, Consumer<Buffer> then) {
        HttpServerRequest request = ctx.request();
        Future<Buffer> body = request.body();
        request.resume(); // the HTTP layer pauses every request until its body is asked for; the route asks for it
        body.onComplete(read -> {
            if (read.succeeded()) {
                then.accept(read.result());
            } else if (!ctx.response().closed()) {
                ctx.fail(read.cause());
            }
        });
    }

    /** Passes the request on to the REST layer with the body already read: it is read once. */
    static void toTheResource(RoutingContext ctx, Buffer body) {
        ((RoutingContextInternal) ctx).setBody(body);
        ctx.next();
    }

    /**
     * Sends what {@code write} settles on, or the problem it fails with (or throws, refused at once), as the
     * resource and the REST layer's mappers would; the request is timed under its route's {@code template}.
     */
    void answer(RoutingContext ctx, String template, Supplier<Future<Answer>> write) {
        Vertx.currentContext().putLocal(Admission.URL_PATH_TEMPLATE, template);
        HttpServerResponse response = ctx.response();
        try {
            write.get().onComplete(answered -> {
                if (answered.succeeded()) {
                    send(response, answered.result());
                } else {
                    send(response, EntityProblemMappers.problemOf(answered.cause()));
                }
            });
        } catch (RuntimeException refused) {
            send(response, EntityProblemMappers.problemOf(refused));
        }
    }

    /** As the resource sends it: {@link Answer#response()}. */
    private static void send(HttpServerResponse response, Answer answer) {
        response.setStatusCode(answer.status())
                .putHeader(HttpHeaders.CONTENT_TYPE, answer.status() >= 400 ? Problem.MEDIA_TYPE : JSON);
        if (answer.location() != null) {
            response.putHeader(HttpHeaders.LOCATION, answer.location());
        }
        response.end(Buffer.buffer(answer.body()));
    }

    /** As the REST layer's mappers send it: {@link ProblemMappers#respond}. */
    private void send(HttpServerResponse response, Problem problem) {
        response.setStatusCode(problem.status()).putHeader(HttpHeaders.CONTENT_TYPE, Problem.MEDIA_TYPE);
        ProblemMappers.headers(problem, response::putHeader);
        try {
            response.end(Buffer.buffer(json.writeValueAsBytes(problem)));
        } catch (JsonProcessingException e) {
            response.end();
        }
    }
}
