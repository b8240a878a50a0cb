package dev.boxoffice.http;

import dev.boxoffice.api.ErrorCode;
import dev.boxoffice.api.Problem;
import dev.boxoffice.api.ProblemException;
import jakarta.inject.Singleton;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Optional;

/** The bearer token of the operators' endpoints ({@code boxoffice.admin.token}); unset, those endpoints are disabled. */
@Singleton
public class AdminToken {

    private final Optional<String> token;

    public AdminToken(HttpSettings settings) {
        this.token = settings.adminToken().filter(t -> !t.isBlank());
    }

    /** Refuses a request without the token: 403 ADMIN_DISABLED when none is set, else 401 UNAUTHORIZED. */
    void authorize(String authorization) {
        if (token.isEmpty()) {
            throw new ProblemException(Problem.of(403, "Forbidden", ErrorCode.ADMIN_DISABLED,
                    "Admin endpoints are disabled: set boxoffice.admin.token to enable them."));
        }
        String expected = "Bearer " + token.get();
        if (authorization == null || !MessageDigest.isEqual(expected.getBytes(StandardCharsets.UTF_8),
                authorization.getBytes(StandardCharsets.UTF_8))) {
            throw new ProblemException(Problem.of(401, "Unauthorized", ErrorCode.UNAUTHORIZED,
                    "Send Authorization: Bearer <admin token>."));
        }
    }
}
