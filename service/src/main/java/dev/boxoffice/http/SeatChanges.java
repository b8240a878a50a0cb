package dev.boxoffice.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.boxoffice.api.Problem;
import dev.boxoffice.api.ProblemException;
import dev.boxoffice.api.RequestParameters;
import dev.boxoffice.api.RequestPipeline;
import dev.boxoffice.api.SeatActionRequest;
import dev.boxoffice.api.ShowView;
import dev.boxoffice.domain.ShowCommand;
import dev.boxoffice.domain.ShowCommand.CancelSeatReservation;
import dev.boxoffice.domain.ShowCommand.ReserveSeat;
import dev.boxoffice.http.Writes.Write;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.time.Clock;
import java.util.UUID;

/**
 * Seat changes, a reservation or its cancellation: the API's hottest write, run the same way for the resource
 * ({@link ShowResource#changeSeat}) and for a route of its own that answers a well-formed one before the REST layer
 * would see it, since that layer's routing, parameters, body validation and writers cost as much CPU as the change
 * itself (docs/decisions/0034-the-hot-write-before-the-rest-layer.md). Whatever the route cannot take as it is (another
 * media type or Accept, a path, header or body that is not well formed, {@code Expect}) goes on to the resource,
 * which words every refusal; the route answers the rest as the resource would, byte for byte, and the same bounds
 * (admission, connections, body length) run before it.
 */
@Singleton
public class SeatChanges {

    private static final String PREFIX = "/shows/";
    private static final String SEATS = "/seats/";
    private static final int SEAT_AT = PREFIX.length() + 36 + SEATS.length();
    private static final String TEMPLATE = "/shows/{showId}/seats/{seatNum}";

    private final Admission admission;
    private final BuyerAdmission buyers;
    private final Writes writes;
    private final DirectAnswers direct;
    private final ObjectMapper json;
    private final Clock clock;
    private final Counter answeredDirectly;

    public SeatChanges(Admission admission, BuyerAdmission buyers, Writes writes, DirectAnswers direct, ObjectMapper json,
            Clock clock, MeterRegistry registry) {
        this.admission = admission;
        this.buyers = buyers;
        this.writes = writes;
        this.direct = direct;
        this.json = json;
        this.clock = clock;
        this.answeredDirectly = Counter.builder("boxoffice.seat.changes.direct")
                .description("Seat changes answered before the REST layer; the others went on to it")
                .register(registry);
    }

    /** Sends the change to its show and answers with the seat's new state; a request refused at once throws its problem. */
    Future<Answer> change(UUID show, int seat, SeatActionRequest request, String correlationId, String idempotencyKey,
            RoutingContext http) {
        if (request.action() != SeatActionRequest.Action.CANCEL_RESERVATION && admission.cancellationsOnly(http)) {
            throw new ProblemException(Problem.overloaded("The service has as many requests in flight as it can finish soon."));
        }
        ShowCommand command = switch (request.action()) {
            case RESERVE -> buyers.sentBy(http, new ReserveSeat(show, seat), clock.instant());
            case CANCEL_RESERVATION -> new CancelSeatReservation(show, seat);
        };
        return writes.answer(http, idempotencyKey, request, correlationId, new Write(command,
                changed -> writes.ok(ShowView.SeatView.of(changed.seat(seat).orElseThrow()))));
    }

    public void register(Router router) {
        router.route(HttpMethod.PATCH, PREFIX + "*").order(RequestPipeline.SEAT_CHANGES.order()).handler(this::serve);
    }

    private void serve(RoutingContext ctx) {
        HttpServerRequest request = ctx.request();
        String path = ctx.normalizedPath();
        if (!isSeatPath(path) || !DirectAnswers.JSON.equalsIgnoreCase(request.getHeader(HttpHeaders.CONTENT_TYPE))
                || !DirectAnswers.takenAsItIs(request)) {
            ctx.next();
            return;
        }
        DirectAnswers.withBody(ctx, body -> {
            SeatActionRequest change = parse(body);
            if (change == null) {
                DirectAnswers.toTheResource(ctx, body);
                return;
            }
            answeredDirectly.increment();
            UUID show = UUID.fromString(path.substring(PREFIX.length(), PREFIX.length() + 36));
            int seat = Integer.parseInt(path, SEAT_AT, path.length(), 10);
            String correlationId = request.getHeader(DirectAnswers.CORRELATION_ID);
            direct.answer(ctx, TEMPLATE, () -> change(show, seat, change, correlationId, null, ctx));
        });
    }

    /** {@code /shows/{a canonical UUID}/seats/{1 to 9 digits}}: what the resource's parameters take without a word. */
    static boolean isSeatPath(String path) {
        int digits = path.length() - SEAT_AT;
        if (!path.startsWith(PREFIX) || digits < 1 || digits > 9 || !path.startsWith(SEATS, SEAT_AT - SEATS.length())) {
            return false;
        }
        if (!RequestParameters.isCanonicalUuid(path, PREFIX.length())) {
            return false;
        }
        for (int i = SEAT_AT; i < path.length(); i++) {
            if (path.charAt(i) < '0' || path.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    /** The body as the resource reads it, or null for any body it would refuse: it then says why. */
    private SeatActionRequest parse(Buffer body) {
        try {
            SeatActionRequest request = json.readValue(body.getBytes(), SeatActionRequest.class);
            return request == null || request.action() == null ? null : request;
        } catch (IOException e) {
            return null;
        }
    }
}
