package dev.boxoffice.variants.http;

import dev.boxoffice.api.CreateShowRequest;
import dev.boxoffice.api.SeatActionRequest;
import dev.boxoffice.api.ShowPage;
import dev.boxoffice.api.ShowView;
import io.quarkus.resteasy.reactive.server.EndpointDisabled;
import io.smallrye.common.annotation.Blocking;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.jboss.resteasy.reactive.RestHeader;
import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;
import org.jboss.resteasy.reactive.RestResponse;

/** Requests on Quarkus's worker pool (variants worker and crud-worker). */
@Path("/shows")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@EndpointDisabled(name = "boxoffice.endpoints.worker-threads", stringValue = "off")
public class WorkerThreadShowResource {

    private final BlockingRequests requests;

    public WorkerThreadShowResource(BlockingShows shows) {
        this.requests = new BlockingRequests(shows);
    }

    @GET
    @Blocking
    public ShowPage list(@RestQuery String available, @RestQuery String after, @RestQuery String limit) {
        return requests.list(available, after, limit);
    }

    @POST
    @Blocking
    public RestResponse<ShowView> create(@Valid @NotNull CreateShowRequest request,
            @RestHeader(Answers.CORRELATION_ID) @Size(max = 128) String correlationId) {
        return requests.create(request, correlationId);
    }

    @GET
    @Path("/{showId}")
    @Blocking
    public ShowView get(@RestPath String showId) {
        return requests.get(showId);
    }

    @PATCH
    @Path("/{showId}/seats/{seatNum}")
    @Blocking
    public ShowView.SeatView changeSeat(@RestPath String showId, @RestPath String seatNum,
            @Valid @NotNull SeatActionRequest request,
            @RestHeader(Answers.CORRELATION_ID) @Size(max = 128) String correlationId) {
        return requests.changeSeat(showId, seatNum, request, correlationId);
    }
}
