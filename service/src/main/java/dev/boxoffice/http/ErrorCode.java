package dev.boxoffice.http;

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
    static final String INTERNAL_ERROR = "INTERNAL_ERROR";
    static final String UNAUTHORIZED = "UNAUTHORIZED";
    static final String ADMIN_DISABLED = "ADMIN_DISABLED";

    private ErrorCode() {
    }
}
