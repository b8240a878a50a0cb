package dev.boxoffice.http;

import dev.boxoffice.api.HoldView;
import dev.boxoffice.api.RequestParameters;
import dev.boxoffice.api.RequestPipeline;
import dev.boxoffice.domain.HoldStatus;
import dev.boxoffice.domain.ShowCommand;
import dev.boxoffice.domain.ShowCommand.ConfirmHold;
import dev.boxoffice.domain.ShowCommand.ReleaseHold;
import dev.boxoffice.domain.ShowState;
import dev.boxoffice.http.Writes.Write;
import dev.boxoffice.shows.ShowService;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Instant;
import java.util.UUID;

/**
 * A hold confirmed or released: the second write of every buyer who holds first (a waiting room's admitted buyers
 * among them), run the same way for the resource ({@link HoldResource}) and for a route of its own that answers a
 * well-formed one before the REST layer, as {@link SeatChanges} does for the hottest write
 * (docs/decisions/0034-the-hot-write-before-the-rest-layer.md). Well formed: a canonical UUID for the show and the
 * hold, no body, and what {@link DirectAnswers#takenAsItIs} asks; anything else goes on to the resource.
 */
@Singleton
public class HoldSettlements {

    private static final String PREFIX = "/shows/";
    private static final String HOLDS = "/holds/";
    private static final String CONFIRM = "/confirm";
    private static final int HOLD_AT = PREFIX.length() + 36 + HOLDS.length();
    private static final String RELEASE_TEMPLATE = "/shows/{showId}/holds/{holdId}";
    private static final String CONFIRM_TEMPLATE = RELEASE_TEMPLATE + CONFIRM;

    /** The command that takes a hold to its goal. */
    @FunctionalInterface
    interface HoldCommand {
        ShowCommand of(UUID showId, UUID holdId, Instant now);
    }

    private final ShowService shows;
    private final HoldAnswers holds;
    private final Writes writes;
    private final BuyerAdmission admission;
    private final DirectAnswers direct;
    private final Clock clock;
    private final Counter answeredDirectly;

    public HoldSettlements(ShowService shows, HoldAnswers holds, Writes writes, BuyerAdmission admission,
            DirectAnswers direct, Clock clock, MeterRegistry registry) {
        this.shows = shows;
        this.holds = holds;
        this.writes = writes;
        this.admission = admission;
        this.direct = direct;
        this.clock = clock;
        this.answeredDirectly = Counter.builder("boxoffice.hold.settlements.direct")
                .description("Holds confirmed or released before the REST layer; the others went on to it")
                .register(registry);
    }

    /**
     * Sends the hold's show the command that takes it to {@code goal}, and answers with the hold once settled; a
     * request refused at once throws its problem.
     */
    Future<Answer> settle(RoutingContext http, UUID show, UUID hold, String correlationId, String idempotencyKey,
            HoldStatus goal, HoldCommand command) {
        Instant now = clock.instant();
        return writes.answer(http, idempotencyKey, null, correlationId, new Write(admission.sentBy(http, command.of(show, hold, now), now),
                settled -> writes.ok(HoldView.of(show, settled.hall(), settled.hold(hold).orElseThrow(), now)),
                refusal -> holds.afterRefusal(refusal, show, hold, goal).compose(found -> shows.show(show)
                        .map(state -> writes.ok(HoldView.of(show, ((ShowState.Show) state).hall(), found, now))))));
    }

    public void register(Router router) {
        router.route(PREFIX + "*").method(HttpMethod.POST).method(HttpMethod.DELETE)
                .order(RequestPipeline.HOLD_SETTLEMENTS.order()).handler(this::serve);
    }

    private void serve(RoutingContext ctx) {
        HttpServerRequest request = ctx.request();
        String path = ctx.normalizedPath();
        boolean confirm = request.method() == HttpMethod.POST;
        if (!isHoldPath(path, confirm) || !withoutBody(request) || !DirectAnswers.takenAsItIs(request)) {
            ctx.next();
            return;
        }
        DirectAnswers.withBody(ctx, body -> { // none: read, as every request's end must be
            answeredDirectly.increment();
            UUID show = UUID.fromString(path.substring(PREFIX.length(), PREFIX.length() + 36));
            UUID hold = UUID.fromString(path.substring(HOLD_AT, HOLD_AT + 36));
            String correlationId = request.getHeader(DirectAnswers.CORRELATION_ID);
            direct.answer(ctx, confirm ? CONFIRM_TEMPLATE : RELEASE_TEMPLATE, () -> confirm
                    ? settle(ctx, show, hold, correlationId, null, HoldStatus.CONFIRMED, ConfirmHold::new)
                    : settle(ctx, show, hold, correlationId, null, HoldStatus.RELEASED, ReleaseHold::new));
        });
    }

    /**
     * {@code /shows/{a canonical UUID}/holds/{a canonical UUID}}, with {@code /confirm} after it for a confirmation:
     * what the resource's parameters take without a word.
     */
    static boolean isHoldPath(String path, boolean confirm) {
        int length = HOLD_AT + 36 + (confirm ? CONFIRM.length() : 0);
        return path.length() == length && path.startsWith(PREFIX) && path.startsWith(HOLDS, HOLD_AT - HOLDS.length())
                && (!confirm || path.endsWith(CONFIRM)) && RequestParameters.isCanonicalUuid(path, PREFIX.length())
                && RequestParameters.isCanonicalUuid(path, HOLD_AT);
    }

    /** No body and nothing said about one: a body of any kind goes to the resource, which ignores it. */
    private static boolean withoutBody(HttpServerRequest request) {
        String length = request.getHeader(HttpHeaders.CONTENT_LENGTH);
        return (length == null || length.equals("0")) && request.getHeader(HttpHeaders.CONTENT_TYPE) == null
                && request.getHeader(HttpHeaders.TRANSFER_ENCODING) == null;
    }
}
