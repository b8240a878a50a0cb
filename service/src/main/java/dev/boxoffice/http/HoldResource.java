package dev.boxoffice.http;

import dev.boxoffice.api.HoldRequest;
import dev.boxoffice.api.HoldView;
import dev.boxoffice.api.Problem;
import dev.boxoffice.api.ProblemException;
import dev.boxoffice.api.RequestParameters;
import dev.boxoffice.api.ReservationRequest;
import dev.boxoffice.api.ReservationView;
import dev.boxoffice.domain.Hold;
import dev.boxoffice.domain.HoldStatus;
import dev.boxoffice.domain.ShowCommand.ConfirmHold;
import dev.boxoffice.domain.ShowCommand.HoldBestAvailable;
import dev.boxoffice.domain.ShowCommand.HoldSeats;
import dev.boxoffice.domain.ShowCommand.ReleaseHold;
import dev.boxoffice.domain.ShowCommand.ReserveSeats;
import dev.boxoffice.domain.ShowCommand;
import dev.boxoffice.domain.ShowState;
import dev.boxoffice.http.Writes.Write;
import dev.boxoffice.shows.HoldExpiry;
import dev.boxoffice.shows.ShowService;
import io.vertx.ext.web.RoutingContext;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import java.time.Clock;
import java.time.Instant;
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
import org.jboss.resteasy.reactive.RestResponse;

/**
 * Holds (seats kept for a buyer until they confirm, release, or run out of time) and reservations of several seats
 * at once, all of them or none. Runs on the event loop: every call returns at once and answers when settled.
 */
@Path("/shows")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Holds and reservations")
public class HoldResource {

    private static final String CORRELATION_ID = DirectAnswers.CORRELATION_ID;

    private final ShowService shows;
    private final HoldAnswers holds;
    private final Writes writes;
    private final BuyerAdmission admission;
    private final HoldExpiry expiry;
    private final HoldSettlements settlements;
    private final Clock clock;

    public HoldResource(ShowService shows, HoldAnswers holds, Writes writes, BuyerAdmission admission, HoldExpiry expiry,
            HoldSettlements settlements, Clock clock) {
        this.shows = shows;
        this.settlements = settlements;
        this.holds = holds;
        this.writes = writes;
        this.admission = admission;
        this.expiry = expiry;
        this.clock = clock;
    }

    @POST
    @Path("/{showId}/holds")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Hold seats, all of them or none, until the hold expires (ttlSeconds, default 600, at most 3600): "
            + "the seats named, or the best count seats together (of a category, if given): adjacent in one row, no "
            + "single seat left alone when another choice avoids it, nearest the middle of the stage")
    @APIResponse(responseCode = "201", description = "Held; Location names the hold",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = HoldView.class)),
            headers = @Header(name = "Location", description = "/shows/{showId}/holds/{holdId}", schema = @Schema(type = SchemaType.STRING)))
    @APIResponse(responseCode = "400", description = "Invalid request (VALIDATION_FAILED, MALFORMED_JSON), seats not in the hall (SEATS_OUT_OF_RANGE, with the seats), or a category the hall does not have (CATEGORY_NOT_FOUND, naming those it has)")
    @APIResponse(responseCode = "404", description = "No such show (SHOW_NOT_FOUND)")
    @APIResponse(responseCode = "409", description = "Some seats are held or reserved (SEATS_NOT_AVAILABLE, with every such seat), or no count seats are available together (NO_SEATS_TOGETHER, saying how many are left and how many together at most)")
    @APIResponse(responseCode = "403", description = "The show sells through its waiting room and this request has no valid Admission-Token, or its admission ended (ADMISSION_REQUIRED, naming the queue)")
    public CompletionStage<RestResponse<byte[]>> hold(@RestPath String showId, @Valid @NotNull HoldRequest request,
            @RestHeader(CORRELATION_ID) @Size(max = DirectAnswers.MAX_CORRELATION_ID) String correlationId,
            @RestHeader(IdempotencyKey.HEADER) String idempotencyKey, @Context RoutingContext http) {
        UUID show = RequestParameters.showId(showId);
        holds.check(request);
        UUID holdId = UUID.randomUUID();
        Instant now = clock.instant();
        Instant expiresAt = now.plusSeconds(request.ttlOrDefault());
        ShowCommand hold = request.bestAvailable()
                ? new HoldBestAvailable(show, holdId, request.count(), request.categoryAsked(), expiresAt, now)
                : new HoldSeats(show, holdId, request.seats(), expiresAt, now);
        return writes.run(http, idempotencyKey, request, correlationId, new Write(admission.sentBy(http, hold, now),
                held -> {
                    expiry.dueAt(expiresAt); // its release is looked for then
                    return writes.created("/shows/" + show + "/holds/" + holdId,
                            HoldView.of(show, held.hall(), held.hold(holdId).orElseThrow(), now));
                }));
    }

    @GET
    @Path("/{showId}/holds/{holdId}")
    @Operation(summary = "A hold and its status: HELD, CONFIRMED, RELEASED or EXPIRED (as soon as its time is up)")
    @APIResponse(responseCode = "200", description = "The hold")
    @APIResponse(responseCode = "404", description = "No such show or hold (SHOW_NOT_FOUND, HOLD_NOT_FOUND)")
    public CompletionStage<HoldView> get(@RestPath String showId, @RestPath String holdId) {
        UUID show = RequestParameters.showId(showId);
        UUID hold = RequestParameters.uuid("holdId", holdId);
        return shows.show(show).compose(state -> {
            if (!(state instanceof ShowState.Show known)) {
                throw new ProblemException(Problem.showNotFound(showId));
            }
            return holds.remembered(known, hold).map(found -> HoldView.of(show, known.hall(), found, clock.instant()));
        }).toCompletionStage();
    }

    @POST
    @Path("/{showId}/holds/{holdId}/confirm")
    @Operation(summary = "Confirm a hold: its seats are reserved; confirming again gives the same answer")
    @APIResponse(responseCode = "200", description = "The hold, CONFIRMED",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = HoldView.class)))
    @APIResponse(responseCode = "404", description = "No such show or hold (SHOW_NOT_FOUND, HOLD_NOT_FOUND)")
    @APIResponse(responseCode = "409", description = "The hold was released (HOLD_RELEASED)")
    @APIResponse(responseCode = "410", description = "The hold expired; its seats are back on sale (HOLD_EXPIRED)")
    @APIResponse(responseCode = "403", description = "The show sells through its waiting room and this request has no valid Admission-Token, or its admission ended (ADMISSION_REQUIRED, naming the queue)")
    public CompletionStage<RestResponse<byte[]>> confirm(@RestPath String showId, @RestPath String holdId,
            @RestHeader(CORRELATION_ID) @Size(max = DirectAnswers.MAX_CORRELATION_ID) String correlationId,
            @RestHeader(IdempotencyKey.HEADER) String idempotencyKey, @Context RoutingContext http) {
        return settlements.settle(http, RequestParameters.showId(showId), RequestParameters.uuid("holdId", holdId),
                correlationId, idempotencyKey, HoldStatus.CONFIRMED, ConfirmHold::new).map(Answer::response).toCompletionStage();
    }

    @DELETE
    @Path("/{showId}/holds/{holdId}")
    @Operation(summary = "Release a hold: its seats are available again; releasing again gives the same answer")
    @APIResponse(responseCode = "200", description = "The hold, RELEASED",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = HoldView.class)))
    @APIResponse(responseCode = "404", description = "No such show or hold (SHOW_NOT_FOUND, HOLD_NOT_FOUND)")
    @APIResponse(responseCode = "409", description = "The hold was confirmed: cancel its reservations instead (HOLD_ALREADY_CONFIRMED)")
    @APIResponse(responseCode = "410", description = "The hold expired; its seats are back on sale (HOLD_EXPIRED)")
    public CompletionStage<RestResponse<byte[]>> release(@RestPath String showId, @RestPath String holdId,
            @RestHeader(CORRELATION_ID) @Size(max = DirectAnswers.MAX_CORRELATION_ID) String correlationId,
            @RestHeader(IdempotencyKey.HEADER) String idempotencyKey, @Context RoutingContext http) {
        return settlements.settle(http, RequestParameters.showId(showId), RequestParameters.uuid("holdId", holdId),
                correlationId, idempotencyKey, HoldStatus.RELEASED, ReleaseHold::new).map(Answer::response).toCompletionStage();
    }

    @POST
    @Path("/{showId}/reservations")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Reserve seats at once without a hold, all of them or none")
    @APIResponse(responseCode = "200", description = "The seats, RESERVED",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ReservationView.class)))
    @APIResponse(responseCode = "400", description = "Invalid request (VALIDATION_FAILED, MALFORMED_JSON), seats not in the hall (SEATS_OUT_OF_RANGE, with the seats), or a category the hall does not have (CATEGORY_NOT_FOUND, naming those it has)")
    @APIResponse(responseCode = "404", description = "No such show (SHOW_NOT_FOUND)")
    @APIResponse(responseCode = "409", description = "Some seats are held or reserved (SEATS_NOT_AVAILABLE, with every such seat), or no count seats are available together (NO_SEATS_TOGETHER, saying how many are left and how many together at most)")
    @APIResponse(responseCode = "403", description = "The show sells through its waiting room and this request has no valid Admission-Token, or its admission ended (ADMISSION_REQUIRED, naming the queue)")
    public CompletionStage<RestResponse<byte[]>> reserve(@RestPath String showId, @Valid @NotNull ReservationRequest request,
            @RestHeader(CORRELATION_ID) @Size(max = DirectAnswers.MAX_CORRELATION_ID) String correlationId,
            @RestHeader(IdempotencyKey.HEADER) String idempotencyKey, @Context RoutingContext http) {
        UUID show = RequestParameters.showId(showId);
        holds.check(request.seats());
        Instant now = clock.instant();
        var command = admission.sentBy(http, new ReserveSeats(show, request.seats(), now), now);
        return writes.run(http, idempotencyKey, request, correlationId, new Write(command,
                reserved -> writes.ok(ReservationView.reserved(show.toString(), request.seats()))));
    }
}
