package dev.boxoffice.http;

import java.util.List;

/** Error codes of the HTTP layer; domain refusals use the codes of {@link dev.boxoffice.domain.Rejection.Code}. */
final class ErrorCode {

    static final String VALIDATION_FAILED = "VALIDATION_FAILED";
    static final String MALFORMED_JSON = "MALFORMED_JSON";
    static final String NOT_FOUND = "NOT_FOUND";
    static final String METHOD_NOT_ALLOWED = "METHOD_NOT_ALLOWED";
    static final String UNSUPPORTED_MEDIA_TYPE = "UNSUPPORTED_MEDIA_TYPE";
    static final String NOT_ACCEPTABLE = "NOT_ACCEPTABLE";
    static final String PAYLOAD_TOO_LARGE = "PAYLOAD_TOO_LARGE";
    static final String SERVICE_UNAVAILABLE = "SERVICE_UNAVAILABLE";
    static final String OVERLOADED = "OVERLOADED";
    static final String INTERNAL_ERROR = "INTERNAL_ERROR";
    static final String UNAUTHORIZED = "UNAUTHORIZED";
    static final String ADMIN_DISABLED = "ADMIN_DISABLED";

    /** Every code above, for the OpenAPI document's enum. */
    static final List<String> ALL = List.of(VALIDATION_FAILED, MALFORMED_JSON, NOT_FOUND, METHOD_NOT_ALLOWED,
            UNSUPPORTED_MEDIA_TYPE, NOT_ACCEPTABLE, PAYLOAD_TOO_LARGE, SERVICE_UNAVAILABLE, OVERLOADED, INTERNAL_ERROR,
            UNAUTHORIZED, ADMIN_DISABLED);

    private ErrorCode() {
    }
}
