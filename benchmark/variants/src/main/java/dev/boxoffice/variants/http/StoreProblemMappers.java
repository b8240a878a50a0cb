package dev.boxoffice.variants.http;

import dev.boxoffice.api.ErrorCode;
import dev.boxoffice.api.Problem;
import dev.boxoffice.api.ProblemMappers;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.RestResponse;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** A store that could not answer is a 503 with Retry-After, as in the service: nothing was done. */
public class StoreProblemMappers {

    private static final Logger LOG = Logger.getLogger(StoreProblemMappers.class);

    @ServerExceptionMapper
    public RestResponse<Problem> unavailable(StoreUnavailableException e) {
        LOG.debug(e.getMessage(), e.getCause());
        return ProblemMappers.respond(Problem.of(503, "Service unavailable", ErrorCode.SERVICE_UNAVAILABLE,
                "The database could not settle the request; it may be retried."));
    }
}
