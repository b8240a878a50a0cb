package dev.boxoffice.http;

import dev.boxoffice.api.OperatorView;
import dev.boxoffice.api.RequestParameters;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.Clock;
import java.util.concurrent.CompletionStage;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.RestHeader;
import org.jboss.resteasy.reactive.RestPath;

/**
 * A waiting room as its operators see it, once: what the operator feed ({@link OperatorFeeds},
 * {@code /shows/{id}/queue/operator/stream}) sends live.
 */
@Path("/shows/{showId}/queue/operator")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Admin")
public class OperatorFeedResource {

    private final QueueAnswers answers;
    private final AdminToken token;
    private final Clock clock;

    public OperatorFeedResource(QueueAnswers answers, AdminToken token, Clock clock) {
        this.answers = answers;
        this.token = token;
        this.clock = clock;
    }

    @GET
    @Operation(summary = "The waiting room as its operators watch it: the line's length, called, admitted, seats sold "
            + "and left, the rate, the last place's estimated wait, pause, close and the audit trail",
            description = "Live, as server-sent events: GET /shows/{showId}/queue/operator/stream.")
    @APIResponse(responseCode = "200", description = "The room now",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = OperatorView.class)))
    @APIResponse(responseCode = "401", description = "No or the wrong bearer token (UNAUTHORIZED)")
    @APIResponse(responseCode = "403", description = "Admin endpoints are disabled: boxoffice.admin.token is unset (ADMIN_DISABLED)")
    @APIResponse(responseCode = "404", description = "No such show, or it has no waiting room (SHOW_NOT_FOUND, NO_WAITING_ROOM)")
    public CompletionStage<OperatorView> view(@RestPath String showId, @RestHeader("Authorization") String authorization) {
        token.authorize(authorization);
        return answers.room(RequestParameters.showId(showId)).map(known -> OperatorView.of(known, clock.instant()))
                .toCompletionStage();
    }
}
