package dev.boxoffice.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.boxoffice.domain.Rejection;
import java.util.List;
import java.util.UUID;

/**
 * An RFC 9457 problem detail, served as {@code application/problem+json}. {@code code} is the stable,
 * machine-readable reason; {@code detail} is a sentence for people; {@code queue}, on ADMISSION_REQUIRED, the path of
 * the waiting room's queue to join.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Problem(String type, String title, int status, String code, String detail, List<Violation> violations,
        List<Integer> seats, String queue) {

    public static final String MEDIA_TYPE = "application/problem+json";

    /** Sent with every 503: a refusal under overload or a failed database changes nothing and may be retried. */
    public static final String RETRY_AFTER_SECONDS = "1";

    public record Violation(String field, String message) {
    }

    public static Problem of(int status, String title, String code, String detail) {
        return new Problem(typeOf(code), title, status, code, detail, null, null, null);
    }

    /** An unexpected failure: nothing is known to be done, and nothing of it is told. */
    public static Problem internalError() {
        return of(500, "Server error", ErrorCode.INTERNAL_ERROR, "The server could not complete the request.");
    }

    public static Problem noSuchPath() {
        return of(404, "Not found", ErrorCode.NOT_FOUND, "No resource at this path.");
    }

    public static Problem overloaded(String detail) {
        return of(503, "Service overloaded", ErrorCode.OVERLOADED, detail + " Nothing was done; retry later.");
    }

    public static Problem payloadTooLarge(String detail) {
        return of(413, "Payload too large", ErrorCode.PAYLOAD_TOO_LARGE, detail);
    }

    public static Problem invalid(String detail, List<Violation> violations) {
        return new Problem(typeOf(ErrorCode.VALIDATION_FAILED), "Invalid request", 400, ErrorCode.VALIDATION_FAILED,
                detail, violations.isEmpty() ? null : violations, null, null);
    }

    /**
     * A refusal by the domain: 404 for what does not exist, 400 for seats or a category that are not in the hall, 410 for a hold
     * whose time is up, 409 for what the show's state does not allow; the seats it is about, if any.
     */
    public static Problem of(Rejection rejection) {
        int status = switch (rejection.code()) {
            case SHOW_NOT_FOUND, SEAT_NOT_FOUND, HOLD_NOT_FOUND -> 404;
            case NO_WAITING_ROOM -> 404;
            case SEATS_OUT_OF_RANGE, CATEGORY_NOT_FOUND -> 400;
            case HOLD_EXPIRED, ADMISSION_EXPIRED -> 410;
            case ADMISSION_REQUIRED -> 403;
            case SHOW_ALREADY_EXISTS, SEAT_NOT_AVAILABLE, SEAT_NOT_RESERVED, SEATS_NOT_AVAILABLE, HOLD_ALREADY_EXISTS,
                    HOLD_RELEASED, HOLD_ALREADY_CONFIRMED, WAITING_ROOM_EXISTS, NOT_ON_SALE_YET, NOT_CALLED_YET,
                    WAITING_ROOM_FULL, NO_SEATS_TOGETHER, SOLD_OUT, LINE_CLOSED -> 409;
        };
        String title = switch (status) {
            case 404 -> "Not found";
            case 403 -> "Admission required";
            case 400 -> "Invalid request";
            case 410 -> "Gone";
            default -> "Conflict with the current state";
        };
        String code = rejection.code().name();
        return new Problem(typeOf(code), title, status, code, rejection.message(), null,
                rejection.seats().isEmpty() ? null : rejection.seats(), null);
    }

    /** A refusal by the domain about a show: one for want of an admission names the show's queue. */
    public static Problem of(Rejection rejection, UUID showId) {
        Problem problem = of(rejection);
        return rejection.code() == Rejection.Code.ADMISSION_REQUIRED ? problem.withQueue(queueOf(showId)) : problem;
    }

    /** The path of a show's waiting room's queue. */
    public static String queueOf(UUID showId) {
        return "/shows/" + showId + "/queue";
    }

    /** The same problem, naming the queue to join: the answer to a buyer the show's waiting room has not admitted. */
    public Problem withQueue(String queueUrl) {
        return new Problem(type, title, status, code, detail, violations, seats, queueUrl);
    }

    /** 404 SHOW_NOT_FOUND for a show id nobody created. */
    public static Problem showNotFound(String showId) {
        return of(new Rejection(Rejection.Code.SHOW_NOT_FOUND, "Show " + showId + " does not exist."));
    }

    private static String typeOf(String code) {
        return "urn:boxoffice:problem:" + code.toLowerCase().replace('_', '-');
    }
}
