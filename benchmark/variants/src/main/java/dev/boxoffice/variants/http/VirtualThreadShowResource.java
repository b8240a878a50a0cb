package dev.boxoffice.variants.http;

import dev.boxoffice.api.CreateShowRequest;
import dev.boxoffice.api.SeatActionRequest;
import dev.boxoffice.api.ShowPage;
import dev.boxoffice.api.ShowView;
import io.quarkus.resteasy.reactive.server.EndpointDisabled;
import io.smallrye.common.annotation.RunOnVirtualThread;
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

/** A virtual thread per request (variant virtual-threads). */
@Path("/shows")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@EndpointDisabled(name = "boxoffice.endpoints.virtual-threads", stringValue = "off")
public class VirtualThreadShowResource {

    private final BlockingRequests requests;

    public VirtualThreadShowResource(BlockingShows shows) {
        this.requests = new BlockingRequests(shows);
    }

    @GET
    @RunOnVirtualThread
    public ShowPage list(@RestQuery String available, @RestQuery String after, @RestQuery String limit) {
        return requests.list(available, after, limit);
    }

    @POST
    @RunOnVirtualThread
    public RestResponse<ShowView> create(@Valid @NotNull CreateShowRequest request,
            @RestHeader(Answers.CORRELATION_ID) @Size(max = 128) String correlationId) {
        return requests.create(request, correlationId);
    }

    @GET
    @Path("/{showId}")
    @RunOnVirtualThread
    public ShowView get(@RestPath String showId) {
        return requests.get(showId);
    }

    @PATCH
    @Path("/{showId}/seats/{seatNum}")
    @RunOnVirtualThread
    public ShowView.SeatView changeSeat(@RestPath String showId, @RestPath String seatNum,
            @Valid @NotNull SeatActionRequest request,
            @RestHeader(Answers.CORRELATION_ID) @Size(max = 128) String correlationId) {
        return requests.changeSeat(showId, seatNum, request, correlationId);
    }
}
