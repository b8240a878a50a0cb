package dev.boxoffice.http;

import dev.boxoffice.api.Problem;
import dev.boxoffice.eventstore.KeyedRecord;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * The answer to a write as it is sent: status, Location (or null) and body bytes, JSON for a success and a problem
 * for a refusal. Kept as bytes so that an answer remembered under an idempotency key is replayed byte for byte.
 */
record Answer(int status, String location, byte[] body) {

    /** This answer to the request of {@code requestFingerprint}, as a record under {@code key}. */
    KeyedRecord remembered(String key, byte[] requestFingerprint) {
        return new RememberedAnswer(requestFingerprint, this).under(key);
    }

    Response response() {
        Response.ResponseBuilder response = Response.status(status)
                .type(status >= 400 ? Problem.MEDIA_TYPE : MediaType.APPLICATION_JSON)
                .entity(body);
        if (location != null) {
            response.header("Location", location);
        }
        return response.build();
    }
}
