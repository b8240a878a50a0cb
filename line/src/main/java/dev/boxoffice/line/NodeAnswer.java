package dev.boxoffice.line;

import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerResponse;

/** A node's answer, passed on to the client as it came: its status, its headers (but hop-by-hop ones) and its body. */
record NodeAnswer(int status, MultiMap headers, Buffer body) {

    /** This answer to a join: 201, and Location naming the ticket. */
    NodeAnswer joined(String location) {
        MultiMap joined = MultiMap.caseInsensitiveMultiMap().addAll(headers).set("Location", location);
        return new NodeAnswer(201, joined, body);
    }

    void send(HttpServerResponse response) {
        if (response.ended() || response.headWritten()) {
            return;
        }
        response.setStatusCode(status);
        headers.forEach(header -> {
            if (LineAnswers.passedOn(header.getKey())) {
                response.headers().add(header.getKey(), header.getValue());
            }
        });
        response.end(body);
    }
}
