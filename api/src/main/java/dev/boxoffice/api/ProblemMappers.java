package dev.boxoffice.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import jakarta.inject.Singleton;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.ConstraintViolationException;
import jakarta.validation.ElementKind;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.UriInfo;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.function.BiConsumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.RestResponse;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * Every error leaves as application/problem+json with a stable code; no stack trace ever reaches a client. An
 * application adds mappers for its own exceptions, and provides the {@link AllowedMethods} of its resources.
 */
@Singleton
public class ProblemMappers {

    private static final Logger LOG = Logger.getLogger(ProblemMappers.class);
    /** How Jackson's duplicate detection names the field (a name over 100 characters is not repeated back). */
    private static final Pattern DUPLICATE_FIELD = Pattern.compile("^Duplicate field '(.{1,100})'$");
    /** How Jackson says that a body goes on after its value (FAIL_ON_TRAILING_TOKENS). */
    private static final Pattern TRAILING_TOKEN = Pattern.compile("Trailing token");

    private final AllowedMethods allowed;

    public ProblemMappers(AllowedMethods allowed) {
        this.allowed = allowed;
    }

    @ServerExceptionMapper
    public RestResponse<Problem> problem(ProblemException e) {
        return respond(e.problem());
    }

    @ServerExceptionMapper
    public RestResponse<Problem> constraintViolation(ConstraintViolationException e) {
        List<Problem.Violation> violations = e.getConstraintViolations().stream()
                .map(v -> new Problem.Violation(fieldOf(v), v.getMessage()))
                .sorted(Comparator.comparing(Problem.Violation::field))
                .toList();
        String detail = violations.stream().map(v -> v.field() + " " + v.message()).collect(Collectors.joining("; "));
        return respond(Problem.invalid(detail.isEmpty() ? "The request is invalid." : detail + ".", violations));
    }

    @ServerExceptionMapper
    public RestResponse<Problem> mismatchedInput(MismatchedInputException e) {
        return TRAILING_TOKEN.matcher(String.valueOf(e.getOriginalMessage())).lookingAt()
                ? malformed(e, "The request body goes on after its JSON value") : jsonMapping(e);
    }

    @ServerExceptionMapper
    public RestResponse<Problem> json(JsonProcessingException e) {
        if (e instanceof JsonMappingException mapping && !mapping.getPath().isEmpty()) {
            return jsonMapping(mapping);
        }
        String duplicate = duplicateField(e.getOriginalMessage());
        return malformed(e, duplicate != null ? "The request body names the field " + duplicate + " twice"
                : "The request body is not valid JSON");
    }

    private static RestResponse<Problem> malformed(JsonProcessingException e, String what) {
        String where = e.getLocation() == null ? ""
                : " (line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ")";
        return respond(Problem.of(400, "Malformed JSON", ErrorCode.MALFORMED_JSON, what + where + "."));
    }

    @ServerExceptionMapper
    public RestResponse<Problem> web(WebApplicationException e, UriInfo uri) {
        int status = e.getResponse().getStatus();
        Throwable cause = e.getCause();
        if (cause instanceof JsonProcessingException json) {
            return json(json);
        }
        if (status == 405) {
            String allow = allowed.allow(uri.getPath());
            return RestResponse.ResponseBuilder.<Problem>create(405).type(Problem.MEDIA_TYPE).header("Allow", allow)
                    .entity(Problem.of(405, "Method not allowed", ErrorCode.METHOD_NOT_ALLOWED,
                            "This path accepts " + allow + ".")).build();
        }
        return respond(switch (status) {
            case 404 -> Problem.noSuchPath();
            case 406 -> Problem.of(406, "Not acceptable", ErrorCode.NOT_ACCEPTABLE, "Responses are application/json.");
            case 413 -> Problem.payloadTooLarge("The request body is too large.");
            case 415 -> Problem.of(415, "Unsupported media type", ErrorCode.UNSUPPORTED_MEDIA_TYPE, "Send the body as application/json.");
            default -> status >= 500
                    ? Problem.of(status, "Server error", ErrorCode.INTERNAL_ERROR, "The server could not complete the request.")
                    : Problem.of(status, "Bad request", ErrorCode.VALIDATION_FAILED, "The request is invalid.");
        });
    }

    @ServerExceptionMapper
    public RestResponse<Problem> unexpected(Exception e) {
        LOG.error("Unexpected failure", e);
        return respond(Problem.internalError());
    }

    /** The field named twice, or null for any other parse error. */
    private static String duplicateField(String message) {
        Matcher duplicate = DUPLICATE_FIELD.matcher(String.valueOf(message));
        return duplicate.matches() ? duplicate.group(1) : null;
    }

    private static RestResponse<Problem> jsonMapping(JsonMappingException e) {
        String field = e.getPath().stream()
                .map(ref -> ref.getFieldName() != null ? ref.getFieldName() : "[" + ref.getIndex() + "]")
                .collect(Collectors.joining("."));
        if (field.isEmpty()) {
            return respond(Problem.invalid("The request body does not have the expected shape.", List.of()));
        }
        String message = expectation(e instanceof MismatchedInputException mismatch ? mismatch.getTargetType() : null);
        return respond(Problem.invalid(field + " " + message + ".", List.of(new Problem.Violation(field, message))));
    }

    private static String expectation(Class<?> target) {
        if (target == null) {
            return "has the wrong type or is out of range";
        }
        if (target.isEnum()) {
            return "must be one of " + Arrays.stream(target.getEnumConstants()).map(Object::toString)
                    .collect(Collectors.joining(", "));
        }
        if (target == UUID.class) {
            return "must be a UUID";
        }
        if (target == Integer.class || target == int.class) {
            return "must be a whole number";
        }
        if (target == String.class) {
            return "must be a string";
        }
        return "has the wrong type";
    }

    private static String fieldOf(ConstraintViolation<?> violation) {
        String field = null;
        for (var node : violation.getPropertyPath()) {
            if (node.getKind() == ElementKind.PROPERTY || node.getKind() == ElementKind.PARAMETER) {
                field = node.getName();
            }
        }
        return field == null ? violation.getPropertyPath().toString() : field;
    }

    /** The problem as a response, with the headers its status calls for. */
    public static RestResponse<Problem> respond(Problem problem) {
        var response = RestResponse.ResponseBuilder.<Problem>create(problem.status()).entity(problem).type(Problem.MEDIA_TYPE);
        headers(problem, response::header);
        return response.build();
    }

    /** The headers a problem's status calls for: how to authenticate with a 401, when to retry a 503 or a request in progress. */
    public static void headers(Problem problem, BiConsumer<String, String> header) {
        if (problem.status() == 401) {
            header.accept("WWW-Authenticate", "Bearer");
        }
        if (problem.status() == 503 || ErrorCode.REQUEST_IN_PROGRESS.equals(problem.code())) {
            header.accept("Retry-After", Problem.RETRY_AFTER_SECONDS);
        }
    }
}
