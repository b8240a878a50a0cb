package dev.boxoffice.bench.load;

/** How one request ended, as the surge report counts them. */
public enum AnswerKind {
    /** 2xx: the work was done (for a reservation: acknowledged, so goodput). */
    OK,
    /** 409: the domain refused it (the seat is taken). */
    CONFLICT,
    /** 503: the service refused it at once (overload) or could not settle it; nothing was done. */
    REFUSED,
    /** Any other status: refused otherwise (a 4xx the load did not expect, a 500). */
    ERROR,
    /** No answer within the client's timeout. */
    TIMEOUT,
    /** No answer: the connection could not be opened, or was lost (counted as ERROR in runs recorded before). */
    CONNECTION_FAILED;

    static AnswerKind of(int status) {
        if (status >= 200 && status < 300) {
            return OK;
        }
        return switch (status) {
            case 409 -> CONFLICT;
            case 503 -> REFUSED;
            default -> ERROR;
        };
    }
}
