package dev.boxoffice.http;

import dev.boxoffice.api.Problem;
import dev.boxoffice.api.ProblemException;
import dev.boxoffice.api.QueueTicketView;
import dev.boxoffice.domain.CommandOutcome;
import dev.boxoffice.domain.LineDraw;
import dev.boxoffice.domain.Rejection;
import dev.boxoffice.domain.SeatSupply;
import dev.boxoffice.domain.ShowCommand.ClaimAdmission;
import dev.boxoffice.domain.ShowCommand.DrawLine;
import dev.boxoffice.domain.ShowState;
import dev.boxoffice.domain.WaitingRoom;
import dev.boxoffice.domain.WaitingRoom.Standing;
import dev.boxoffice.line.LineEstimates;
import dev.boxoffice.line.LineNumbers;
import dev.boxoffice.line.LineTokens;
import dev.boxoffice.shows.ShowService;
import io.vertx.core.Future;
import jakarta.inject.Singleton;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.UUID;

/**
 * Where a ticket stands, as the queue answers it: a called ticket is admitted on the spot (while the room has
 * room), an admitted one gets its token again; a waiting one gets the estimate of {@link LineEstimates}, or SOLD_OUT
 * once no seat is left on sale or held.
 */
@Singleton
public class QueueAnswers {

    private final ShowService shows;
    private final LineNumbers numbers;
    private final LineTokens tokens;
    private final SecureRandom random = new SecureRandom();

    /** A ticket's standing, and when to ask again (0: no need). */
    record Answer(QueueTicketView view, long retryAfterSeconds) {

        Response response(int status, String location) {
            Response.ResponseBuilder response = Response.status(status).entity(view).header(HttpHeaders.CACHE_CONTROL, "no-store");
            if (retryAfterSeconds > 0) {
                response.header(HttpHeaders.RETRY_AFTER, retryAfterSeconds);
            }
            return location == null ? response.build() : response.header(HttpHeaders.LOCATION, location).build();
        }
    }

    public QueueAnswers(ShowService shows, LineNumbers numbers, LineTokens tokens) {
        this.shows = shows;
        this.numbers = numbers;
        this.tokens = tokens;
    }

    /** The show, failed with a problem if there is none (404 SHOW_NOT_FOUND) or it has no waiting room (404 NO_WAITING_ROOM). */
    Future<ShowState.Show> room(UUID show) {
        return shows.show(show).map(state -> {
            if (!(state instanceof ShowState.Show known)) {
                throw new ProblemException(Problem.showNotFound(show.toString()));
            }
            if (known.waitingRoom().isEmpty()) {
                throw new ProblemException(Problem.of(
                        new Rejection(Rejection.Code.NO_WAITING_ROOM, "Show " + show + " sells without a waiting room.")));
            }
            return known;
        });
    }

    /** The show after the on-sale's draw if the on-sale has come, so that no later arrival gets a drawn place. */
    Future<ShowState.Show> drawnIfDue(ShowState.Show show, Instant now) {
        WaitingRoom room = show.waitingRoom().orElseThrow();
        if (room.lineDraw().isPresent() || now.isBefore(room.settings().onSaleAt())) {
            return Future.succeededFuture(show);
        }
        byte[] seed = new byte[LineDraw.SEED_BYTES];
        random.nextBytes(seed);
        long issued = numbers.issued(show.id(), room.numbered()).orElse(Long.MAX_VALUE);
        return shows.handle(new DrawLine(show.id(), seed, issued, now), null).map(outcome -> showAfter(outcome, show));
    }

    /** Where a ticket stands: once every seat is sold and none held, SOLD_OUT unless admitted or gone. */
    Future<Answer> standing(ShowState.Show show, String ticket, long number, Instant now) {
        WaitingRoom room = show.waitingRoom().orElseThrow();
        SeatSupply seats = show.seatSupply();
        long nowMillis = now.toEpochMilli();
        var place = room.placeOf(number);
        Standing standing = place.map(at -> room.standing(at, nowMillis)).orElse(Standing.WAITING);
        if (seats == SeatSupply.SOLD_OUT && (standing == Standing.WAITING || standing == Standing.CALLED)) {
            return Future.succeededFuture(soldOut(ticket));
        }
        if (place.isEmpty()) {
            return Future.succeededFuture(beforeDraw(room, ticket, nowMillis, seats));
        }
        long at = place.get();
        return switch (standing) {
            case WAITING -> Future.succeededFuture(waiting(room, ticket, room.position(at), seats));
            case ADMITTED -> Future.succeededFuture(admitted(show.id(), room, ticket, at));
            case EXPIRED -> Future.succeededFuture(new Answer(QueueTicketView.expired(ticket), 0));
            case CALLED -> shows.handle(new ClaimAdmission(show.id(), at, now), null).map(outcome -> switch (outcome) {
                case CommandOutcome.Accepted<ShowState> accepted -> admitted(show.id(), roomAfter(accepted, room), ticket, at);
                case CommandOutcome.Rejected<ShowState> rejected -> switch (rejected.rejection().code()) {
                    // next in: as soon as a buyer leaves
                    case WAITING_ROOM_FULL -> new Answer(QueueTicketView.waiting(ticket, 1L, 1L, seats), 1);
                    case SOLD_OUT -> soldOut(ticket);
                    default -> new Answer(QueueTicketView.expired(ticket), 0);
                };
            });
        };
    }

    private Answer admitted(UUID show, WaitingRoom room, String ticket, long place) {
        long lapses = room.buyers().lapseOf(place).orElseThrow();
        return new Answer(QueueTicketView.admitted(ticket, tokens.admission(show, place, lapses), Instant.ofEpochMilli(lapses)), 0);
    }

    /** Worth asking again only should a reservation be cancelled: not soon. */
    private static Answer soldOut(String ticket) {
        return new Answer(QueueTicketView.soldOut(ticket), LineEstimates.SOLD_OUT_RETRY_SECONDS);
    }

    private static Answer waiting(WaitingRoom room, String ticket, long position, SeatSupply seats) {
        return answer(ticket, room.steering().paused() ? LineEstimates.paused(position)
                : LineEstimates.waiting(position, room.settings().admitPerSecond()), seats);
    }

    private static Answer beforeDraw(WaitingRoom room, String ticket, long nowMillis, SeatSupply seats) {
        return answer(ticket, room.steering().paused() ? LineEstimates.paused(null)
                : LineEstimates.beforeDraw(room.settings().onSaleAt().toEpochMilli(), room.numbered(),
                        room.settings().admitPerSecond(), nowMillis), seats);
    }

    private static Answer answer(String ticket, LineEstimates.Estimate estimate, SeatSupply seats) {
        return new Answer(QueueTicketView.waiting(ticket, estimate.position(), estimate.waitSeconds(), seats),
                estimate.retryAfterSeconds());
    }

    private static WaitingRoom roomAfter(CommandOutcome<ShowState> outcome, WaitingRoom before) {
        return showAfter(outcome, null) instanceof ShowState.Show show ? show.waitingRoom().orElse(before) : before;
    }

    private static ShowState.Show showAfter(CommandOutcome<ShowState> outcome, ShowState.Show before) {
        return outcome instanceof CommandOutcome.Accepted<ShowState> accepted && accepted.state() instanceof ShowState.Show show
                ? show : before;
    }
}
