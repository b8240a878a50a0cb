package dev.boxoffice.api;

import java.util.List;
import java.util.UUID;

/**
 * Path and query parameters, parsed by hand so that a bad one is a VALIDATION_FAILED problem that names it, the same
 * from every resource, instead of the framework's bare 404 for a path parameter it cannot convert.
 */
public final class RequestParameters {

    public static final int MAX_PAGE_SIZE = 200;
    public static final int DEFAULT_PAGE_SIZE = 50;

    private RequestParameters() {
    }

    public static UUID showId(String showId) {
        return uuid("showId", showId);
    }

    public static UUID uuid(String name, String value) {
        try {
            return UUID.fromString(value);
        } catch (IllegalArgumentException e) {
            throw invalid(name, "must be a UUID, for example 0a1b2c3d-0000-4000-8000-000000000000");
        }
    }

    /** {@code true} or {@code false}; absent is false. */
    public static boolean flag(String name, String value) {
        if (value == null || value.equals("false")) {
            return false;
        }
        if (value.equals("true")) {
            return true;
        }
        throw invalid(name, "must be true or false");
    }

    public static int pageSize(String limit) {
        if (limit == null) {
            return DEFAULT_PAGE_SIZE;
        }
        try {
            int size = Integer.parseInt(limit);
            if (size >= 1 && size <= MAX_PAGE_SIZE) {
                return size;
            }
        } catch (NumberFormatException e) {
            // falls through to the problem below
        }
        throw invalid("limit", "must be a whole number from 1 to " + MAX_PAGE_SIZE);
    }

    public static int seatNumber(String seatNum) {
        try {
            return Integer.parseInt(seatNum);
        } catch (NumberFormatException e) {
            throw invalid("seatNum", "must be a whole number");
        }
    }

    private static ProblemException invalid(String name, String message) {
        return new ProblemException(Problem.invalid(name + " " + message + ".", List.of(new Problem.Violation(name, message))));
    }
}
