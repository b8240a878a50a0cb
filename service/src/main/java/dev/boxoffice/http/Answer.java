package dev.boxoffice.http;

import dev.boxoffice.api.Problem;
import dev.boxoffice.eventstore.KeyedRecord;
import jakarta.ws.rs.core.MediaType;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * The answer to a write as it is sent: status, Location (or null) and body bytes, JSON for a success and a problem
 * for a refusal. Kept as bytes so that an answer remembered under an idempotency key is replayed byte for byte.
 */
record Answer(int status, String location, byte[] body) {

    private static final MediaType JSON = MediaType.APPLICATION_JSON_TYPE;
    private static final MediaType PROBLEM = MediaType.valueOf(Problem.MEDIA_TYPE);

    /** This answer to the request of {@code requestFingerprint}, as a record under {@code key}. */
    KeyedRecord remembered(String key, byte[] requestFingerprint) {
        return new RememberedAnswer(requestFingerprint, this).under(key);
    }

    /**
     * As the REST layer sends it: an entity of a type known when the application is built (bytes), so that its writer
     * is chosen then and not looked up for every answer, and media types parsed once.
     */
    RestResponse<byte[]> response() {
        RestResponse.ResponseBuilder<byte[]> response = RestResponse.ResponseBuilder.<byte[]>create(status).entity(body)
                .type(status >= 400 ? PROBLEM : JSON);
        if (location != null) {
            response.header("Location", location);
        }
        return response.build();
    }
}
