package dev.boxoffice.api;

import java.util.List;

/** Error codes of the HTTP layer; domain refusals use the codes of {@link dev.boxoffice.domain.Rejection.Code}. */
public final class ErrorCode {

    public static final String VALIDATION_FAILED = "VALIDATION_FAILED";
    public static final String MALFORMED_JSON = "MALFORMED_JSON";
    public static final String MALFORMED_REQUEST = "MALFORMED_REQUEST";
    public static final String NOT_FOUND = "NOT_FOUND";
    public static final String METHOD_NOT_ALLOWED = "METHOD_NOT_ALLOWED";
    public static final String UNSUPPORTED_MEDIA_TYPE = "UNSUPPORTED_MEDIA_TYPE";
    public static final String NOT_ACCEPTABLE = "NOT_ACCEPTABLE";
    public static final String PAYLOAD_TOO_LARGE = "PAYLOAD_TOO_LARGE";
    public static final String LENGTH_REQUIRED = "LENGTH_REQUIRED";
    /** The database failed, and nothing was written. */
    public static final String SERVICE_UNAVAILABLE = "SERVICE_UNAVAILABLE";
    /** The database failed after the change was sent to it: it may or may not be committed. */
    public static final String OUTCOME_UNKNOWN = "OUTCOME_UNKNOWN";
    public static final String OVERLOADED = "OVERLOADED";
    /** Sent by the edge (deploy/haproxy), never by the service itself: a client over its request rate. */
    public static final String TOO_MANY_REQUESTS = "TOO_MANY_REQUESTS";
    public static final String INTERNAL_ERROR = "INTERNAL_ERROR";
    public static final String UNAUTHORIZED = "UNAUTHORIZED";
    public static final String ADMIN_DISABLED = "ADMIN_DISABLED";
    public static final String IDEMPOTENCY_KEY_REUSED = "IDEMPOTENCY_KEY_REUSED";
    public static final String REQUEST_IN_PROGRESS = "REQUEST_IN_PROGRESS";
    /** A waiting room's ticket that this service did not sign, or signed for another show. */
    public static final String INVALID_TICKET = "INVALID_TICKET";

    /** Every code above, for the OpenAPI document's enum. */
    public static final List<String> ALL = List.of(VALIDATION_FAILED, MALFORMED_JSON, MALFORMED_REQUEST, NOT_FOUND, METHOD_NOT_ALLOWED,
            UNSUPPORTED_MEDIA_TYPE, NOT_ACCEPTABLE, PAYLOAD_TOO_LARGE, LENGTH_REQUIRED, SERVICE_UNAVAILABLE, OUTCOME_UNKNOWN, OVERLOADED, TOO_MANY_REQUESTS, INTERNAL_ERROR,
            UNAUTHORIZED, ADMIN_DISABLED, IDEMPOTENCY_KEY_REUSED, REQUEST_IN_PROGRESS, INVALID_TICKET);

    private ErrorCode() {
    }
}
