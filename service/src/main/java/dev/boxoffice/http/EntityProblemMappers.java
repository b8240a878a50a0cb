package dev.boxoffice.http;

import dev.boxoffice.api.ErrorCode;
import dev.boxoffice.api.Problem;
import dev.boxoffice.api.ProblemException;
import dev.boxoffice.api.ProblemMappers;
import dev.boxoffice.entity.EntityOverloadedException;
import dev.boxoffice.entity.EntityUnavailableException;
import dev.boxoffice.shows.ArrivalsRefusedException;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.RestResponse;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * The entity runtime's refusals as problems (503s with Retry-After, since nothing was done), and a show's refusal to
 * number arrivals.
 */
public class EntityProblemMappers {

    private static final Logger LOG = Logger.getLogger(EntityProblemMappers.class);

    @ServerExceptionMapper
    public RestResponse<Problem> unavailable(EntityUnavailableException e) {
        return ProblemMappers.respond(problemOf(e));
    }

    @ServerExceptionMapper
    public RestResponse<Problem> overloaded(EntityOverloadedException e) {
        return ProblemMappers.respond(problemOf(e));
    }

    /** A join let in as the line closed, say: refused in the show's words (409 LINE_CLOSED), as a join after it is. */
    @ServerExceptionMapper
    public RestResponse<Problem> arrivalsRefused(ArrivalsRefusedException e) {
        return ProblemMappers.respond(Problem.of(e.rejection()));
    }

    /**
     * The problem a write's failure is answered with, as the REST layer's mappers answer it: for the routes that
     * answer without it ({@link SeatChanges}).
     */
    static Problem problemOf(Throwable failure) {
        return switch (failure) {
            case ProblemException refused -> refused.problem();
            case EntityOverloadedException overloaded -> Problem.overloaded(overloaded.getMessage() + ".");
            case EntityUnavailableException unavailable when unavailable.outcomeUnknown() -> {
                LOG.warn(unavailable.getMessage(), unavailable.getCause());
                yield Problem.of(503, "Outcome unknown", ErrorCode.OUTCOME_UNKNOWN, "The event store failed after the"
                        + " change was sent: it may or may not be done. Read it back, or retry with the same Idempotency-Key.");
            }
            case EntityUnavailableException unavailable -> {
                LOG.warn(unavailable.getMessage(), unavailable.getCause());
                yield Problem.of(503, "Service unavailable", ErrorCode.SERVICE_UNAVAILABLE,
                        "The event store could not settle the request; nothing was written; it may be retried.");
            }
            default -> {
                LOG.error("Unexpected failure", failure);
                yield Problem.internalError();
            }
        };
    }
}
