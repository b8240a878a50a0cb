package dev.boxoffice.bench.load;

import io.vertx.core.buffer.Buffer;

/**
 * What came back for one request: an HTTP status, the Location header and the body, or {@code status == 0} on
 * failure. Kept only until the load's callback has looked at it.
 */
public record Reply(int status, String location, Buffer body) {

    static final Reply FAILED = new Reply(0, null, Buffer.buffer());

    public boolean isSuccess() {
        return status >= 200 && status < 300;
    }

    /** Whether {@code other} is the same answer: status, Location and body, byte for byte. */
    public boolean sameAnswerAs(Reply other) {
        return status == other.status && java.util.Objects.equals(location, other.location) && body.equals(other.body);
    }
}
