package dev.boxoffice.http;

import dev.boxoffice.api.Problem;
import dev.boxoffice.api.ProblemException;
import java.util.List;

/**
 * The {@code Idempotency-Key} request header: 1 to 255 visible ASCII characters other than quote and backslash,
 * sent bare (as most payment APIs take it) or as a quoted string (the Structured Field form of the IETF httpapi
 * draft); {@code "k1"} and {@code k1} are the same key.
 */
final class IdempotencyKey {

    static final String HEADER = "Idempotency-Key";
    static final int MAX_LENGTH = 255;

    private IdempotencyKey() {
    }

    /** The key the header names; 400 VALIDATION_FAILED if it is malformed. */
    static String parse(String header) {
        String key = header.length() >= 2 && header.startsWith("\"") && header.endsWith("\"")
                ? header.substring(1, header.length() - 1) : header;
        if (key.isEmpty() || key.length() > MAX_LENGTH) {
            throw invalid("must be 1 to " + MAX_LENGTH + " characters long");
        }
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            if (c < 0x21 || c > 0x7e || c == '"' || c == '\\') {
                throw invalid("must be visible ASCII characters other than quote and backslash");
            }
        }
        return key;
    }

    private static ProblemException invalid(String message) {
        return new ProblemException(Problem.invalid(HEADER + " " + message + ".",
                List.of(new Problem.Violation(HEADER, message))));
    }
}
