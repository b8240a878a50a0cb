package dev.boxoffice.bench.load;

import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import java.util.Objects;

/**
 * What came back for one request: an HTTP status, its headers and body; or, with {@code status == 0}, how it failed.
 * Kept only until the load's callback has looked at it.
 */
public record Reply(int status, MultiMap headers, Buffer body, Failure failure) {

    static Reply failed(Failure failure) {
        return new Reply(0, MultiMap.caseInsensitiveMultiMap(), Buffer.buffer(), failure);
    }

    public boolean isSuccess() {
        return status >= 200 && status < 300;
    }

    /** No answer: timed out, or the connection failed. */
    public boolean isFailure() {
        return status == 0;
    }

    public String location() {
        return headers.get("Location");
    }

    /** The seconds a refusal asks to wait before asking again: its Retry-After, else 1. */
    public long retryAfterSeconds() {
        String value = headers.get("Retry-After");
        try {
            return value == null ? 1 : Math.max(1, Long.parseLong(value.strip()));
        } catch (NumberFormatException e) {
            return 1;
        }
    }

    /** Whether {@code other} is the same answer: status, Location and body, byte for byte. */
    public boolean sameAnswerAs(Reply other) {
        return status == other.status && Objects.equals(location(), other.location()) && body.equals(other.body);
    }
}
