package dev.boxoffice.http;

import dev.boxoffice.api.LineControlRequest;
import dev.boxoffice.api.Problem;
import dev.boxoffice.api.ProblemException;
import dev.boxoffice.api.RequestParameters;
import dev.boxoffice.api.WaitingRoomView;
import dev.boxoffice.domain.CommandOutcome;
import dev.boxoffice.domain.ShowCommand.ControlLine;
import dev.boxoffice.domain.ShowState;
import dev.boxoffice.shows.ShowService;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.Clock;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletionStage;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.RestHeader;
import org.jboss.resteasy.reactive.RestPath;

/**
 * An operator steering a waiting room on sale: its rate and bound, a pause and its end, the line closed to newcomers.
 * Each control is an event of the show, answered once committed, and listed in the room's record with who made it.
 */
@Path("/shows/{showId}/queue/controls")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Admin")
public class LineControlResource {

    private final ShowService shows;
    private final AdminToken token;
    private final Clock clock;

    public LineControlResource(ShowService shows, AdminToken token, Clock clock) {
        this.shows = shows;
        this.token = token;
        this.clock = clock;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Steer the waiting room: SET_RATE or SET_MAX_ACTIVE (with value), PAUSE, RESUME, CLOSE",
            description = "Takes effect at the line's next move (every 250 ms); the draw and every buyer's place stay as "
                    + "they were. A control that changes nothing (a pause of a paused line) is not recorded.")
    @APIResponse(responseCode = "200", description = "The room's record after the control, its audit trail included",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = WaitingRoomView.class)))
    @APIResponse(responseCode = "400", description = "Invalid request (VALIDATION_FAILED, MALFORMED_JSON)")
    @APIResponse(responseCode = "401", description = "No or the wrong bearer token (UNAUTHORIZED)")
    @APIResponse(responseCode = "403", description = "Admin endpoints are disabled: boxoffice.admin.token is unset (ADMIN_DISABLED)")
    @APIResponse(responseCode = "404", description = "No such show, or it has no waiting room (SHOW_NOT_FOUND, NO_WAITING_ROOM)")
    public CompletionStage<WaitingRoomView> control(@RestPath String showId, @RestHeader("Authorization") String authorization,
            @Valid @NotNull LineControlRequest request) {
        token.authorize(authorization);
        UUID show = RequestParameters.showId(showId);
        String mismatch = request.valueMismatch();
        if (mismatch != null) {
            throw new ProblemException(Problem.invalid(mismatch + ".", List.of(new Problem.Violation("value", mismatch))));
        }
        return shows.handle(new ControlLine(show, request.control(), request.operator().strip(), clock.instant()), null)
                .map(outcome -> switch (outcome) {
                    case CommandOutcome.Accepted<ShowState> accepted when accepted.state() instanceof ShowState.Show known ->
                            WaitingRoomView.of(known, clock.instant());
                    case CommandOutcome.Accepted<ShowState> accepted -> throw new ProblemException(Problem.showNotFound(showId));
                    case CommandOutcome.Rejected<ShowState> rejected -> throw new ProblemException(Problem.of(rejected.rejection()));
                }).toCompletionStage();
    }
}
