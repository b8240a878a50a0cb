package dev.boxoffice.http;

import dev.boxoffice.api.ErrorCode;
import dev.boxoffice.api.Problem;
import dev.boxoffice.domain.Rejection;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.media.Schema.SchemaType;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;
import org.eclipse.microprofile.openapi.models.responses.APIResponses;

/**
 * Completes /q/openapi with the errors every operation really sends, all as {@code application/problem+json} with
 * one Problem schema whose {@code code} is an enum: the statuses an operation declares itself (404 and 409 of the
 * domain, 401 and 403 of the admin endpoints), and those that any operation of its kind can meet (an invalid
 * parameter or body, a body too large or of another type, an Accept it cannot meet, overload, a failed database).
 * Kept in one place so that a new operation cannot forget them; the contract test checks real answers against it.
 */
public class ProblemResponses implements OASFilter {

    private static final String SCHEMA = "Problem";

    @Override
    public void filterOpenAPI(OpenAPI openAPI) {
        ParameterSchemas.describe(openAPI); // the one filter the configuration names: the parameters' schemas too
        NullableOptionalFields.describe(openAPI);
        openAPI.getComponents().addSchema(SCHEMA, problemSchema());
        openAPI.getComponents().addSchema("Violation", OASFactory.createSchema().addType(SchemaType.OBJECT)
                .addProperty("field", string()).addProperty("message", string()).required(List.of("field", "message")));
        for (PathItem path : openAPI.getPaths().getPathItems().values()) {
            path.getOperations().values().forEach(ProblemResponses::complete);
        }
    }

    private static void complete(Operation operation) {
        APIResponses responses = operation.getResponses();
        Map<String, String> added = new TreeMap<>();
        boolean hasBody = operation.getRequestBody() != null;
        boolean hasParameters = operation.getParameters() != null && !operation.getParameters().isEmpty();
        added.put("400", (hasBody || hasParameters ? "Invalid request: a parameter, header or body field (VALIDATION_FAILED),"
                + " a body that is not JSON (MALFORMED_JSON), or" : "Invalid request:") + " no Host header (MALFORMED_REQUEST)");
        if (hasBody) {
            added.put("411", "The body is chunked instead of sent with a Content-Length (LENGTH_REQUIRED)");
            added.put("413", "The body is over the size limit (PAYLOAD_TOO_LARGE)");
            added.put("415", "The body is not application/json (UNSUPPORTED_MEDIA_TYPE)");
        }
        if (!streamsEvents(operation)) {
            added.put("406", "The Accept header excludes application/json (NOT_ACCEPTABLE)");
        }
        if (takesIdempotencyKey(operation)) {
            added.put("422", "The Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED)");
            APIResponse conflict = responses.getAPIResponse("409");
            String inProgress = "A request with the same Idempotency-Key is still being answered (REQUEST_IN_PROGRESS); "
                    + "retry after Retry-After seconds";
            if (conflict == null) {
                added.put("409", inProgress);
            } else {
                conflict.description(conflict.getDescription() + "; or " + inProgress);
            }
        }
        added.put("500", "An unexpected failure (INTERNAL_ERROR); nothing is known to be done");
        added.put("429", "From the edge in front of the service (deploy/haproxy): this client sent more requests in the "
                + "last second than a buyer does (TOO_MANY_REQUESTS); nothing was done; retry after Retry-After seconds");
        added.put("503", "Refused under overload (OVERLOADED; by the service, or by the edge when the request waited its "
                + "queue timeout there) or the database failed (SERVICE_UNAVAILABLE: nothing was written; OUTCOME_UNKNOWN: a"
                + " change was sent and may or may not be committed, read it back or retry with the same Idempotency-Key):"
                + " nothing was acknowledged; retry after "
                + "Retry-After seconds");
        added.forEach((status, description) -> {
            if (responses.getAPIResponse(status) == null) {
                responses.addAPIResponse(status, OASFactory.createAPIResponse().description(description));
            }
        });
        responses.getAPIResponses().forEach((status, response) -> {
            if (status.startsWith("4") || status.startsWith("5")) {
                asProblem(status, response);
            }
        });
    }

    /** A server-sent event stream answers whatever the Accept header says. */
    private static boolean streamsEvents(Operation operation) {
        APIResponse ok = operation.getResponses().getAPIResponse("200");
        return ok != null && ok.getContent() != null && ok.getContent().hasMediaType("text/event-stream");
    }

    private static boolean takesIdempotencyKey(Operation operation) {
        return operation.getParameters() != null && operation.getParameters().stream()
                .anyMatch(p -> IdempotencyKey.HEADER.equals(p.getName()));
    }

    private static void asProblem(String status, APIResponse response) {
        response.content(OASFactory.createContent().addMediaType(Problem.MEDIA_TYPE, OASFactory.createMediaType()
                .schema(OASFactory.createSchema().ref(SCHEMA))));
        if (status.equals("503") || status.equals("429") || status.equals("409") && response.getDescription().contains("REQUEST_IN_PROGRESS")) {
            response.addHeader("Retry-After", OASFactory.createHeader().description("Seconds to wait before retrying")
                    .schema(OASFactory.createSchema().addType(SchemaType.INTEGER)));
        }
        if (status.equals("401")) {
            response.addHeader("WWW-Authenticate", OASFactory.createHeader().schema(string()));
        }
    }

    private static Schema problemSchema() {
        List<Object> codes = new ArrayList<>(ErrorCode.ALL);
        Arrays.stream(Rejection.Code.values()).map(Enum::name).forEach(codes::add);
        return OASFactory.createSchema().addType(SchemaType.OBJECT)
                .description("An RFC 9457 problem detail; code is the stable reason, detail a sentence for people")
                .addProperty("type", string().description("A URN naming the problem type"))
                .addProperty("title", string())
                .addProperty("status", OASFactory.createSchema().addType(SchemaType.INTEGER))
                .addProperty("code", string().enumeration(codes))
                .addProperty("detail", string())
                .addProperty("violations", OASFactory.createSchema().addType(SchemaType.ARRAY)
                        .description("Every invalid field, with VALIDATION_FAILED")
                        .items(OASFactory.createSchema().ref("Violation")))
                .addProperty("seats", OASFactory.createSchema().addType(SchemaType.ARRAY)
                        .description("The seats a refusal is about: every seat not available (SEATS_NOT_AVAILABLE) or not in the hall (SEATS_OUT_OF_RANGE)")
                        .items(OASFactory.createSchema().addType(SchemaType.INTEGER)))
                .addProperty("queue", string().description("With ADMISSION_REQUIRED: the path of the show's waiting room's queue to join"))
                .required(List.of("type", "title", "status", "code", "detail"));
    }

    private static Schema string() {
        return OASFactory.createSchema().addType(SchemaType.STRING);
    }
}
