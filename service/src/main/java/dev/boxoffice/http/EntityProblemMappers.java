package dev.boxoffice.http;

import dev.boxoffice.api.ErrorCode;
import dev.boxoffice.api.Problem;
import dev.boxoffice.api.ProblemMappers;
import dev.boxoffice.entity.EntityOverloadedException;
import dev.boxoffice.entity.EntityUnavailableException;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.RestResponse;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** The entity runtime's refusals as problems: both are 503s with Retry-After, since nothing was done. */
public class EntityProblemMappers {

    private static final Logger LOG = Logger.getLogger(EntityProblemMappers.class);

    @ServerExceptionMapper
    public RestResponse<Problem> unavailable(EntityUnavailableException e) {
        LOG.warn(e.getMessage(), e.getCause());
        return ProblemMappers.respond(Problem.of(503, "Service unavailable", ErrorCode.SERVICE_UNAVAILABLE,
                "The event store could not settle the request; it may be retried."));
    }

    @ServerExceptionMapper
    public RestResponse<Problem> overloaded(EntityOverloadedException e) {
        return ProblemMappers.respond(Problem.overloaded(e.getMessage() + "."));
    }
}
