package dev.boxoffice.http;

import dev.boxoffice.line.LineHeaders;
import dev.boxoffice.line.LineTokens;
import dev.boxoffice.api.ErrorCode;
import dev.boxoffice.api.LineAdmissionsRequest;
import dev.boxoffice.api.LineAdmissionsView;
import dev.boxoffice.api.LineBlockView;
import dev.boxoffice.api.Problem;
import dev.boxoffice.api.ProblemException;
import dev.boxoffice.api.QueueTicketView;
import dev.boxoffice.api.RequestParameters;
import dev.boxoffice.api.WaitingRoomView;
import dev.boxoffice.domain.LineSteering;
import dev.boxoffice.domain.Rejection;
import dev.boxoffice.domain.SeatSupply;
import dev.boxoffice.domain.ShowState;
import dev.boxoffice.line.LineNumbers;
import dev.boxoffice.shows.ArrivalBlocks;
import dev.boxoffice.shows.ShowService;
import io.smallrye.mutiny.Multi;
import io.vertx.core.Future;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
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
import org.jboss.resteasy.reactive.RestStreamElementType;

/**
 * A show's waiting room: join its line, see where a ticket stands (and be admitted when called), audit the room.
 * Joining writes nothing per arrival (the ticket, signed, holds the place); being admitted writes one event.
 */
@Path("/shows/{showId}/queue")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Waiting room")
public class QueueResource {

    /** A ticket one holds, sent when joining again: the same place, not a new one. */
    public static final String TICKET_HEADER = LineHeaders.TICKET;
    /** A line service's request for a block of arrival numbers, signed with the rooms' key. */
    public static final String BLOCK_REQUEST_HEADER = LineHeaders.BLOCK_REQUEST;
    /** A block request older than this is refused: a copy of one cannot take numbers for long. */
    static final long BLOCK_REQUEST_VALID_MILLIS = 60_000;

    private final ShowService shows;
    private final LineNumbers numbers;
    private final ArrivalBlocks blocks;
    private final LineTokens tokens;
    private final QueueAnswers answers;
    private final Clock clock;
    private final TicketWatches watches;

    public QueueResource(ShowService shows, LineNumbers numbers, ArrivalBlocks blocks, LineTokens tokens, QueueAnswers answers, Clock clock,
            TicketWatches watches) {
        this.watches = watches;
        this.shows = shows;
        this.numbers = numbers;
        this.blocks = blocks;
        this.tokens = tokens;
        this.answers = answers;
        this.clock = clock;
    }

    @GET
    @Operation(summary = "The waiting room: its settings, the on-sale's draw (seed and count), how far the line has got")
    @APIResponse(responseCode = "200", description = "The waiting room",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = WaitingRoomView.class)))
    @APIResponse(responseCode = "404", description = "No such show, or it has no waiting room (SHOW_NOT_FOUND, NO_WAITING_ROOM)")
    public CompletionStage<WaitingRoomView> room(@RestPath String showId) {
        UUID show = RequestParameters.showId(showId);
        return showOf(show).map(known -> WaitingRoomView.of(known, clock.instant())).toCompletionStage();
    }

    @POST
    @Operation(summary = "Join the line: a signed ticket and its place; with the ticket one holds (Queue-Ticket), the same place again",
            description = "Before the on-sale every arrival gets a place drawn at the start; after it, the next place. "
                    + "Ask again after Retry-After seconds (GET the ticket).")
    @APIResponse(responseCode = "201", description = "In the line; Location names the ticket",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = QueueTicketView.class)),
            headers = {
                    @Header(name = "Location", description = "/shows/{showId}/queue/{ticket}", schema = @Schema(type = SchemaType.STRING)),
                    @Header(name = "Retry-After", description = "Seconds until asking again is worth it", schema = @Schema(type = SchemaType.INTEGER))})
    @APIResponse(responseCode = "200", description = "The ticket sent, where it stands",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = QueueTicketView.class)))
    @APIResponse(responseCode = "400", description = "A ticket this service did not sign for this show (INVALID_TICKET)")
    @APIResponse(responseCode = "404", description = "No such show, or it has no waiting room (SHOW_NOT_FOUND, NO_WAITING_ROOM)")
    @APIResponse(responseCode = "409", description = "Every seat is sold and none is held that could come back (SOLD_OUT), or the line is closed (LINE_CLOSED)")
    public CompletionStage<Response> join(@RestPath String showId, @RestHeader(TICKET_HEADER) String heldTicket) {
        UUID show = RequestParameters.showId(showId);
        if (heldTicket != null) {
            return ticket(show, heldTicket).map(answer -> answer.response(200, null)).toCompletionStage();
        }
        Instant now = clock.instant();
        return showOf(show).compose(known -> answers.drawnIfDue(known, now)).compose(known -> newTicket(known, now))
                .toCompletionStage();
    }

    /** A ticket with the next number, and where it stands as of that show; none once sold out or the line is closed. */
    private Future<Response> newTicket(ShowState.Show show, Instant now) {
        if (show.seatSupply() == SeatSupply.SOLD_OUT) {
            return Future.failedFuture(new ProblemException(Problem.of(SeatSupply.soldOut(show.id()))));
        }
        if (show.waitingRoom().orElseThrow().steering().closed()) {
            return Future.failedFuture(new ProblemException(Problem.of(LineSteering.closed(show.id()))));
        }
        return numbers.take(show.id(), ArrivalBlocks.progressOf(show.waitingRoom().orElseThrow()), false).compose(number -> {
            String ticket = tokens.ticket(show.id(), number, now.toEpochMilli());
            return answers.standing(show, ticket, number, clock.instant())
                    .map(answer -> answer.response(201, Problem.queueOf(show.id()) + "/" + ticket));
        });
    }

    @GET
    @Path("/{ticket}")
    @Operation(summary = "Where a ticket stands: WAITING (position, estimated wait), ADMITTED (an admission token), EXPIRED, or SOLD_OUT",
            description = "Called, the ticket is admitted when asked here, while fewer than maxActive buyers are. "
                    + "Asking before Retry-After changes nothing.")
    @APIResponse(responseCode = "200", description = "Where it stands",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = QueueTicketView.class)),
            headers = @Header(name = "Retry-After", description = "While WAITING or SOLD_OUT: seconds until asking again is worth it", schema = @Schema(type = SchemaType.INTEGER)))
    @APIResponse(responseCode = "400", description = "A ticket this service did not sign for this show (INVALID_TICKET)")
    @APIResponse(responseCode = "404", description = "No such show, or it has no waiting room (SHOW_NOT_FOUND, NO_WAITING_ROOM)")
    public CompletionStage<Response> standing(@RestPath String showId, @RestPath String ticket) {
        return ticket(RequestParameters.showId(showId), ticket).map(answer -> answer.response(200, null)).toCompletionStage();
    }

    @GET
    @Path("/{ticket}/stream")
    @Produces(MediaType.SERVER_SENT_EVENTS)
    @RestStreamElementType(MediaType.APPLICATION_JSON)
    @Operation(summary = "Where a ticket stands, as server-sent events: one now, then one each time it is looked at again, "
            + "ending with ADMITTED (the admission token), EXPIRED or SOLD_OUT",
            description = "Looked at again after a quarter of the estimated wait, between 1 and 10 seconds, and at once "
                    + "when the show's seats run out or come back.")
    @APIResponse(responseCode = "200", description = "The stream; each event's data is where the ticket stands",
            content = @Content(mediaType = MediaType.SERVER_SENT_EVENTS, schema = @Schema(implementation = QueueTicketView.class)))
    @APIResponse(responseCode = "400", description = "A ticket this service did not sign for this show (INVALID_TICKET)")
    @APIResponse(responseCode = "404", description = "No such show, or it has no waiting room (SHOW_NOT_FOUND, NO_WAITING_ROOM)")
    public Multi<QueueTicketView> stream(@RestPath String showId, @RestPath String ticket) {
        UUID show = RequestParameters.showId(showId);
        long number = read(show, ticket).number();
        return Multi.createFrom().emitter(emitter -> watches.watch(show, emitter,
                () -> showOf(show).compose(known -> answers.standing(known, ticket, number, clock.instant()))));
    }

    @POST
    @Path("/blocks")
    @Tag(name = "Line service")
    @Operation(summary = "For line services: the on-sale's draw if it is due, then a block of arrival numbers recorded",
            description = "A line service hands out the numbers of the block (the size numbers below numbered) in its "
                    + "tickets. Its request, signed with the rooms' key, is sent as Line-Block-Request.")
    @APIResponse(responseCode = "200", description = "The block, and how far the line got",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = LineBlockView.class)))
    @APIResponse(responseCode = "401", description = "No block request signed with the rooms' key for this show in the last minute (UNAUTHORIZED)")
    @APIResponse(responseCode = "404", description = "No such show, or it has no waiting room (SHOW_NOT_FOUND, NO_WAITING_ROOM)")
    public CompletionStage<LineBlockView> block(@RestPath String showId, @RestHeader(BLOCK_REQUEST_HEADER) String request) {
        UUID show = RequestParameters.showId(showId);
        Instant now = clock.instant();
        long size = tokens.readBlockRequest(show, request)
                .filter(block -> Math.abs(now.toEpochMilli() - block.madeAtMillis()) <= BLOCK_REQUEST_VALID_MILLIS)
                .filter(block -> block.size() >= 1 && block.size() <= LineNumbers.MAX_BLOCK)
                .orElseThrow(() -> new ProblemException(Problem.of(401, "Unauthorized", ErrorCode.UNAUTHORIZED,
                        "Send " + BLOCK_REQUEST_HEADER + ": a block request for show " + show + " signed with the rooms' key.")))
                .size();
        return showOf(show)
                .compose(known -> answers.drawnIfDue(known, now))
                .compose(known -> blocks.reserve(show, (int) size))
                .map(progress -> new LineBlockView(progress.numbered(), progress.firstUncalled(), progress.drawn()))
                .toCompletionStage();
    }

    @POST
    @Path("/admissions")
    @Tag(name = "Line service")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "For line services: where each ticket stands, a called one admitted as its own poll would be; and the room after",
            description = "A line service gathers its called tickets' polls for a moment and sends them together, so that "
                    + "the node sees one request for several admissions; the room's record in the answer saves it a read.")
    @APIResponse(responseCode = "200", description = "Each ticket's standing, in the order sent, and the room's record after",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = LineAdmissionsView.class)))
    @APIResponse(responseCode = "400", description = "Invalid request (VALIDATION_FAILED, MALFORMED_JSON), or a ticket this service did not sign for this show (INVALID_TICKET)")
    @APIResponse(responseCode = "404", description = "No such show, or it has no waiting room (SHOW_NOT_FOUND, NO_WAITING_ROOM)")
    public CompletionStage<LineAdmissionsView> admissions(@RestPath String showId,
            @Valid @NotNull LineAdmissionsRequest request) {
        UUID show = RequestParameters.showId(showId);
        List<Long> numbers = request.tickets().stream().map(ticket -> read(show, ticket).number()).toList();
        Instant now = clock.instant();
        return showOf(show).compose(known -> {
            List<Future<QueueAnswers.Answer>> answered = new ArrayList<>();
            for (int i = 0; i < numbers.size(); i++) {
                answered.add(answers.standing(known, request.tickets().get(i), numbers.get(i), now));
            }
            return Future.all(answered).compose(all -> showOf(show)).map(after -> new LineAdmissionsView(
                    answered.stream().map(Future::result)
                            .map(answer -> new LineAdmissionsView.Standing(answer.view(), answer.retryAfterSeconds())).toList(),
                    WaitingRoomView.of(after, clock.instant())));
        }).toCompletionStage();
    }

    private Future<QueueAnswers.Answer> ticket(UUID show, String ticket) {
        long number = read(show, ticket).number();
        return showOf(show).compose(known -> answers.standing(known, ticket, number, clock.instant()));
    }

    private LineTokens.Ticket read(UUID show, String ticket) {
        return tokens.readTicket(show, ticket).orElseThrow(() -> new ProblemException(Problem.of(400, "Invalid ticket",
                ErrorCode.INVALID_TICKET, "This ticket was not issued by this service for show " + show + ".")));
    }

    /** The show, known to have a waiting room. */
    private Future<ShowState.Show> showOf(UUID show) {
        return answers.room(show);
    }
}
