package dev.boxoffice.bench.load;

/** How a request that got no answer ended; a request answered with a status that refuses it is a refusal, not this. */
public enum Failure {
    /** No answer within the client's timeout, or no connection free within it. */
    TIMED_OUT,
    /** The connection could not be opened, or was lost before the answer came. */
    CONNECTION_FAILED;

    /** What a failed Vert.x request's cause says. */
    public static Failure of(Throwable cause) {
        return cause instanceof java.util.concurrent.TimeoutException
                || String.valueOf(cause.getMessage()).contains("timeout") ? TIMED_OUT : CONNECTION_FAILED;
    }
}
