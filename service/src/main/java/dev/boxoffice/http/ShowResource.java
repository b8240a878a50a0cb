package dev.boxoffice.http;

import dev.boxoffice.api.CreateShowRequest;
import dev.boxoffice.api.Problem;
import dev.boxoffice.api.ProblemException;
import dev.boxoffice.api.RequestParameters;
import dev.boxoffice.api.SeatActionRequest;
import dev.boxoffice.api.ShowPage;
import dev.boxoffice.api.ShowView;
import dev.boxoffice.domain.HallPlan;
import dev.boxoffice.domain.ShowCommand.CreateShow;
import dev.boxoffice.domain.ShowState;
import dev.boxoffice.http.Writes.Write;
import dev.boxoffice.shows.ShowListing;
import dev.boxoffice.shows.ShowService;
import io.vertx.ext.web.RoutingContext;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import java.time.Clock;
import java.util.UUID;
import java.util.concurrent.CompletionStage;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.RestHeader;
import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;
import org.jboss.resteasy.reactive.RestResponse;

/** Shows and their seats. Runs on the event loop: every call returns at once and answers when settled. */
@Path("/shows")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "Shows")
public class ShowResource {

    private static final String CORRELATION_ID = DirectAnswers.CORRELATION_ID;

    private final ShowService shows;
    private final ShowListing listing;
    private final Admission admission;
    private final Writes writes;
    private final SeatChanges seatChanges;
    private final Clock clock;

    public ShowResource(ShowService shows, ShowListing listing, Admission admission, Writes writes, SeatChanges seatChanges,
            Clock clock) {
        this.shows = shows;
        this.listing = listing;
        this.admission = admission;
        this.writes = writes;
        this.seatChanges = seatChanges;
        this.clock = clock;
    }

    @GET
    @Operation(summary = "List shows from the show_view read model, ordered by id, a page at a time",
            description = "Projected from the event log: a change shows up here a few milliseconds after it was acknowledged.")
    @APIResponse(responseCode = "200", description = "A page of shows; pass its 'next' as 'after' for the following page")
    @APIResponse(responseCode = "400", description = "Invalid query parameter (VALIDATION_FAILED)")
    public CompletionStage<ShowPage> list(@RestQuery String available, @RestQuery String after, @RestQuery String limit,
            @Context RoutingContext http) {
        boolean onlyAvailable = RequestParameters.flag("available", given(http, "available", available));
        String afterGiven = given(http, "after", after);
        UUID cursor = afterGiven == null ? null : RequestParameters.uuid("after", afterGiven);
        int pageSize = RequestParameters.pageSize(given(http, "limit", limit));
        return listing.list(onlyAvailable, cursor, pageSize).toCompletionStage();
    }

    @POST
    @Operation(summary = "Create a show in a hall of sections, rows and price categories, or of maxSeats seats at price 100",
            description = "Seats are numbered from 0, section by section, row by row, left to right. With onSaleAt or "
                    + "waitingRoom, it sells through a waiting room: see the queue's endpoints.")
    @APIResponse(responseCode = "201", description = "Created; Location names the show",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ShowView.class)),
            headers = @Header(name = "Location", description = "/shows/{showId}", schema = @Schema(type = SchemaType.STRING)))
    @APIResponse(responseCode = "400", description = "Invalid request (VALIDATION_FAILED, MALFORMED_JSON)")
    @APIResponse(responseCode = "409", description = "A show with this id exists (SHOW_ALREADY_EXISTS)")
    public CompletionStage<RestResponse<byte[]>> create(
            @Valid @NotNull CreateShowRequest request,
            @RestHeader(CORRELATION_ID) @Size(max = DirectAnswers.MAX_CORRELATION_ID) String correlationId,
            @RestHeader(IdempotencyKey.HEADER) String idempotencyKey,
            @Context RoutingContext http) {
        HallPlan hall = request.hallPlan();
        if (!admission.admitHall(http, hall.seatCount())) {
            throw overloaded("The service is building and sending as many whole halls as its bound allows.");
        }
        var command = new CreateShow(request.showId(), request.title(), hall, request.waitingRoom(clock.instant()));
        return writes.run(http, idempotencyKey, request, correlationId, new Write(command,
                show -> writes.created("/shows/" + show.id(), ShowView.of(show))));
    }

    @GET
    @Path("/{showId}")
    @Operation(summary = "A show with all its seats, served from memory")
    @APIResponse(responseCode = "200", description = "The show")
    @APIResponse(responseCode = "404", description = "No such show (SHOW_NOT_FOUND)")
    public CompletionStage<ShowView> get(@RestPath String showId, @Context RoutingContext http) {
        return shows.show(RequestParameters.showId(showId)).map(state -> {
            if (state instanceof ShowState.Show show) {
                if (!admission.admitHall(http, show.seatCount())) {
                    throw overloaded("The service is building and sending as many whole halls as its bound allows.");
                }
                return ShowView.of(show);
            }
            throw new ProblemException(Problem.showNotFound(showId));
        }).toCompletionStage();
    }

    @PATCH
    @Path("/{showId}/seats/{seatNum}")
    @Operation(summary = "Reserve a seat, or cancel its reservation; answers once the change is committed")
    @APIResponse(responseCode = "200", description = "The seat's new state",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ShowView.SeatView.class)))
    @APIResponse(responseCode = "400", description = "Invalid request (VALIDATION_FAILED, MALFORMED_JSON)")
    @APIResponse(responseCode = "404", description = "No such show or seat (SHOW_NOT_FOUND, SEAT_NOT_FOUND)")
    @APIResponse(responseCode = "403", description = "A reservation on a show that sells through its waiting room, without a valid Admission-Token (ADMISSION_REQUIRED, naming the queue)")
    @APIResponse(responseCode = "409", description = "Seat already reserved, or not reserved (SEAT_NOT_AVAILABLE, SEAT_NOT_RESERVED)")
    public CompletionStage<RestResponse<byte[]>> changeSeat(
            @RestPath String showId,
            @RestPath String seatNum,
            @Valid @NotNull SeatActionRequest request,
            @RestHeader(CORRELATION_ID) @Size(max = DirectAnswers.MAX_CORRELATION_ID) String correlationId,
            @RestHeader(IdempotencyKey.HEADER) String idempotencyKey,
            @Context RoutingContext http) {
        return seatChanges.change(RequestParameters.showId(showId), RequestParameters.seatNumber(seatNum), request,
                correlationId, idempotencyKey, http).map(Answer::response).toCompletionStage();
    }

    /** The framework reads {@code ?after=} as no parameter at all; it is one, empty, and so invalid. */
    private static String given(RoutingContext http, String name, String value) {
        return value == null && http.queryParams().contains(name) ? "" : value;
    }

    private static ProblemException overloaded(String detail) {
        return new ProblemException(Problem.overloaded(detail));
    }
}
