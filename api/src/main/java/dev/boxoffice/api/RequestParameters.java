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

    /** A UUID in its canonical form only (36 characters), as the API document's format says. */
    public static UUID uuid(String name, String value) {
        if (!isCanonicalUuid(value)) { // UUID.fromString also takes "1-2-3-4-5", which no UUID is written as
            throw invalid(name, "must be a UUID, for example 0a1b2c3d-0000-4000-8000-000000000000");
        }
        return UUID.fromString(value);
    }

    private static boolean isCanonicalUuid(String value) {
        return value != null && value.length() == 36 && isCanonicalUuid(value, 0);
    }

    /** Whether the 36 characters of {@code text} from {@code from} on are a UUID in its canonical form. */
    public static boolean isCanonicalUuid(CharSequence text, int from) {
        if (text.length() < from + 36) {
            return false;
        }
        for (int i = 0; i < 36; i++) {
            char c = text.charAt(from + i);
            boolean hyphen = i == 8 || i == 13 || i == 18 || i == 23;
            if (hyphen ? c != '-' : Character.digit(c, 16) < 0) {
                return false;
            }
        }
        return true;
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
