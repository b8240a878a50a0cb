package dev.boxoffice.http;

import dev.boxoffice.api.QueueTicketView;
import dev.boxoffice.domain.CommandOutcome;
import dev.boxoffice.domain.LineDraw;
import dev.boxoffice.domain.Rejection;
import dev.boxoffice.domain.ShowCommand.ClaimAdmission;
import dev.boxoffice.domain.ShowCommand.DrawLine;
import dev.boxoffice.domain.ShowState;
import dev.boxoffice.domain.WaitingRoom;
import dev.boxoffice.shows.LineNumbers;
import dev.boxoffice.shows.ShowService;
import io.vertx.core.Future;
import jakarta.inject.Singleton;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Where a ticket stands, as the queue answers it: a called ticket is admitted on the spot (while the room has
 * room), an admitted one gets its token again. The wait is estimated from the room's rate, which the line keeper
 * keeps to while admitted buyers leave as fast as they come (a rate measured while a crowd arrives is a fraction of
 * it, and overstated waits by a factor of ten in the queue benchmark); Retry-After is that wait, a little later rather
 * than earlier, so that a buyer who follows it is usually called by then and asks once or twice, and buyers called
 * together do not all come back in the same second.
 */
@Singleton
public class QueueAnswers {

    /** Retry-After at most: a buyer comes back within a place's claim window ({@link WaitingRoom#CLAIM_WINDOW}). */
    static final long MAX_RETRY_AFTER_SECONDS = WaitingRoom.CLAIM_WINDOW.toSeconds() / 2;

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

    /** The room after the on-sale's draw if the on-sale has come, so that no later arrival gets a drawn place. */
    Future<WaitingRoom> drawnIfDue(UUID show, WaitingRoom room, Instant now) {
        if (room.lineDraw().isPresent() || now.isBefore(room.settings().onSaleAt())) {
            return Future.succeededFuture(room);
        }
        byte[] seed = new byte[LineDraw.SEED_BYTES];
        random.nextBytes(seed);
        long issued = numbers.issued(show, room.numbered()).orElse(Long.MAX_VALUE);
        return shows.handle(new DrawLine(show, seed, issued, now), null).map(outcome -> roomAfter(outcome, room));
    }

    Future<Answer> standing(UUID show, WaitingRoom room, String ticket, long number, Instant now) {
        long nowMillis = now.toEpochMilli();
        var place = room.placeOf(number);
        if (place.isEmpty()) {
            return Future.succeededFuture(beforeDraw(room, ticket, nowMillis));
        }
        long at = place.get();
        return switch (room.standing(at, nowMillis)) {
            case WAITING -> Future.succeededFuture(waiting(room, ticket, room.position(at)));
            case ADMITTED -> Future.succeededFuture(admitted(show, room, ticket, at));
            case EXPIRED -> Future.succeededFuture(new Answer(QueueTicketView.expired(ticket), 0));
            case CALLED -> shows.handle(new ClaimAdmission(show, at, now), null).map(outcome -> switch (outcome) {
                case CommandOutcome.Accepted<ShowState> accepted -> admitted(show, roomAfter(accepted, room), ticket, at);
                case CommandOutcome.Rejected<ShowState> rejected -> rejected.rejection().code() == Rejection.Code.WAITING_ROOM_FULL
                        ? new Answer(QueueTicketView.waiting(ticket, 1L, 1), 1) // next in: as soon as a buyer leaves
                        : new Answer(QueueTicketView.expired(ticket), 0);
            });
        };
    }

    private Answer admitted(UUID show, WaitingRoom room, String ticket, long place) {
        long lapses = room.buyers().lapseOf(place).orElseThrow();
        return new Answer(QueueTicketView.admitted(ticket, tokens.admission(show, place, lapses), Instant.ofEpochMilli(lapses)), 0);
    }

    private static Answer waiting(WaitingRoom room, String ticket, long position) {
        double seconds = (double) position / room.settings().admitPerSecond();
        long wait = (long) Math.ceil(seconds);
        return new Answer(QueueTicketView.waiting(ticket, position, wait), retryAfter(seconds, Math.min(5, seconds / 10)));
    }

    /** Before the draw a place is not known: the wait is until the on-sale, and half the line so far after it. */
    private static Answer beforeDraw(WaitingRoom room, String ticket, long nowMillis) {
        double untilStart = Math.max(0, room.settings().onSaleAt().toEpochMilli() - nowMillis) / 1000.0;
        double lineSoFar = (double) room.numbered() / room.settings().admitPerSecond();
        return new Answer(QueueTicketView.waiting(ticket, null, (long) Math.ceil(untilStart + lineSoFar / 2)),
                retryAfter(untilStart, Math.min(30, Math.max(1, lineSoFar))));
    }

    /** {@code seconds}, then up to {@code spread} seconds later, at random; at least 1, at most the cap. */
    private static long retryAfter(double seconds, double spread) {
        double jittered = seconds + ThreadLocalRandom.current().nextDouble() * Math.max(spread, 0.0);
        return Math.max(1, Math.min(MAX_RETRY_AFTER_SECONDS, (long) Math.ceil(jittered)));
    }

    private static WaitingRoom roomAfter(CommandOutcome<ShowState> outcome, WaitingRoom before) {
        return outcome instanceof CommandOutcome.Accepted<ShowState> accepted && accepted.state() instanceof ShowState.Show show
                ? show.waitingRoom().orElse(before) : before;
    }
}
