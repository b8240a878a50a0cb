package dev.boxoffice.http;

import dev.boxoffice.api.ErrorCode;
import dev.boxoffice.api.Problem;
import dev.boxoffice.api.ProblemException;
import dev.boxoffice.projection.ProjectionHost;
import dev.boxoffice.projection.ProjectionStatus;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.concurrent.CompletionStage;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.RestHeader;
import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestResponse;

/** Operations on projections; every call needs {@code Authorization: Bearer <boxoffice.admin.token>}. */
@Path("/admin/projections")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Admin")
public class AdminResource {

    private final ProjectionHost projections;
    private final AdminToken token;

    public AdminResource(ProjectionHost projections, AdminToken token) {
        this.projections = projections;
        this.token = token;
    }

    /** What a rebuild request answers: whether it started one now, and where to watch it. */
    public record RebuildView(String projection, String state, String status) {
    }

    @GET
    @Operation(summary = "Status of every projection: checkpoint, events applied, lag in events and milliseconds")
    @APIResponse(responseCode = "200", description = "One status per projection")
    @APIResponse(responseCode = "401", description = "No or the wrong bearer token (UNAUTHORIZED)")
    @APIResponse(responseCode = "403", description = "Admin endpoints are disabled: boxoffice.admin.token is unset (ADMIN_DISABLED)")
    public CompletionStage<List<ProjectionStatus>> list(@RestHeader("Authorization") String authorization) {
        token.authorize(authorization);
        return projections.statuses().toCompletionStage();
    }

    @POST
    @Path("/{name}/rebuild")
    @Operation(summary = "Rebuild a projection from the start of the log into a new table, then switch; no downtime")
    @APIResponse(responseCode = "202", description = "Started now (STARTED) or already running (ALREADY_RUNNING)",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = RebuildView.class)))
    @APIResponse(responseCode = "401", description = "No or the wrong bearer token (UNAUTHORIZED)")
    @APIResponse(responseCode = "403", description = "Admin endpoints are disabled: boxoffice.admin.token is unset (ADMIN_DISABLED)")
    @APIResponse(responseCode = "404", description = "No projection of this name (NOT_FOUND)")
    public RestResponse<RebuildView> rebuild(@RestPath String name, @RestHeader("Authorization") String authorization) {
        token.authorize(authorization);
        ProjectionHost.RebuildStart start = projections.startRebuild(name);
        if (start == ProjectionHost.RebuildStart.NO_SUCH_PROJECTION) {
            throw new ProblemException(Problem.of(404, "Not found", ErrorCode.NOT_FOUND, "No projection named " + name
                    + "; there are " + String.join(", ", projections.names()) + "."));
        }
        return RestResponse.ResponseBuilder.create(RestResponse.Status.ACCEPTED,
                new RebuildView(name, start.name(), "/admin/projections")).build();
    }
}
