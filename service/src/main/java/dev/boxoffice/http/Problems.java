package dev.boxoffice.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;

/** Sends a problem from a Vert.x route, for answers given before a request reaches a resource. */
final class Problems {

    private Problems() {
    }

    static void send(RoutingContext ctx, ObjectMapper json, Problem problem) {
        if (ctx.response().ended()) {
            return;
        }
        ctx.response().setStatusCode(problem.status()).putHeader(HttpHeaders.CONTENT_TYPE, Problem.MEDIA_TYPE);
        if (problem.status() == 503) {
            ctx.response().putHeader(HttpHeaders.RETRY_AFTER, Problem.RETRY_AFTER_SECONDS);
        }
        try {
            ctx.response().end(json.writeValueAsString(problem));
        } catch (JsonProcessingException e) {
            ctx.response().end();
        }
    }
}
