package dev.boxoffice.variants.http;

import dev.boxoffice.api.CreateShowRequest;
import dev.boxoffice.api.RequestParameters;
import dev.boxoffice.api.SeatActionRequest;
import dev.boxoffice.api.ShowPage;
import dev.boxoffice.api.ShowView;
import io.quarkus.resteasy.reactive.server.EndpointDisabled;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.vertx.UniHelper;
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
import java.util.UUID;
import org.jboss.resteasy.reactive.RestHeader;
import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;
import org.jboss.resteasy.reactive.RestResponse;

/** Requests on the event loop, answered when the reactive client's future completes (variant crud-reactive). */
@Path("/shows")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@EndpointDisabled(name = "boxoffice.endpoints.event-loop", stringValue = "off")
public class EventLoopShowResource {

    private final ReactiveShows shows;

    public EventLoopShowResource(ReactiveShows shows) {
        this.shows = shows;
    }

    @GET
    public Uni<ShowPage> list(@RestQuery String available, @RestQuery String after, @RestQuery String limit) {
        boolean onlyAvailable = RequestParameters.flag("available", available);
        UUID cursor = after == null ? null : RequestParameters.uuid("after", after);
        return UniHelper.toUni(shows.list(onlyAvailable, cursor, RequestParameters.pageSize(limit)));
    }

    @POST
    public Uni<RestResponse<ShowView>> create(@Valid @NotNull CreateShowRequest request,
            @RestHeader(Answers.CORRELATION_ID) @Size(max = 128) String correlationId) {
        var command = Answers.plainShow(request);
        return UniHelper.toUni(shows.create(command, correlationId)).map(Answers::created);
    }

    @GET
    @Path("/{showId}")
    public Uni<ShowView> get(@RestPath String showId) {
        return UniHelper.toUni(shows.show(RequestParameters.showId(showId))).map(state -> Answers.found(state, showId));
    }

    @PATCH
    @Path("/{showId}/seats/{seatNum}")
    public Uni<ShowView.SeatView> changeSeat(@RestPath String showId, @RestPath String seatNum,
            @Valid @NotNull SeatActionRequest request,
            @RestHeader(Answers.CORRELATION_ID) @Size(max = 128) String correlationId) {
        UUID id = RequestParameters.showId(showId);
        int seat = RequestParameters.seatNumber(seatNum);
        return UniHelper.toUni(shows.changeSeat(Answers.seatCommand(id, seat, request), seat, correlationId))
                .map(Answers::seat);
    }
}
