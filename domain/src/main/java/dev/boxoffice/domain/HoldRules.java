package dev.boxoffice.domain;

import dev.boxoffice.domain.Rejection.Code;
import dev.boxoffice.domain.ShowCommand.ConfirmHold;
import dev.boxoffice.domain.ShowCommand.ExpireHold;
import dev.boxoffice.domain.ShowCommand.ReleaseHold;
import dev.boxoffice.domain.ShowEvent.HoldConfirmed;
import dev.boxoffice.domain.ShowEvent.HoldReleased;
import dev.boxoffice.domain.ShowState.Show;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;

/**
 * What can happen to a hold once placed. Asking again for what happened already gets the same answer and changes
 * nothing: a confirmation or a release sent twice (a client retrying) is not a second one. The one place these rules
 * live: the show decides with them, and the HTTP layer answers with {@link #refusal} for a hold its show no longer
 * remembers (as the holds read model has it).
 */
public final class HoldRules {

    private HoldRules() {
    }

    /**
     * Why a hold whose status is {@code status} cannot be taken to {@code goal} (CONFIRMED or RELEASED); empty if it
     * can (it is held) or is there already (asked again).
     */
    public static Optional<Rejection> refusal(Hold hold, HoldStatus status, HoldStatus goal) {
        if (status == HoldStatus.HELD || status == goal) {
            return Optional.empty();
        }
        return Optional.of(switch (status) {
            case EXPIRED -> new Rejection(Code.HOLD_EXPIRED, "Hold " + hold.id() + " expired at " + hold.expiresAt()
                    + "; its seats are back on sale.");
            case RELEASED -> new Rejection(Code.HOLD_RELEASED, "Hold " + hold.id() + " was released; its seats may be taken.");
            case CONFIRMED -> new Rejection(Code.HOLD_ALREADY_CONFIRMED, "Hold " + hold.id()
                    + " was confirmed; cancel its reservations instead.");
            case HELD -> throw new IllegalStateException("a held hold is not refused");
        });
    }

    static Decision<ShowEvent> confirm(Show show, ConfirmHold confirm) {
        return take(show, confirm.holdId(), confirm.now(), HoldStatus.CONFIRMED,
                hold -> new HoldConfirmed(show.id(), hold.id(), hold.seatList()));
    }

    static Decision<ShowEvent> release(Show show, ReleaseHold release) {
        return take(show, release.holdId(), release.now(), HoldStatus.RELEASED,
                hold -> new HoldReleased(show.id(), hold.id(), hold.seatList(), HoldReleased.Reason.CANCELLED));
    }

    /** Releases a live hold whose time is up; anything else is left as it is. */
    static Decision<ShowEvent> expire(Show show, ExpireHold expire) {
        return show.hold(expire.holdId()).filter(hold -> hold.expiredBy(expire.now()))
                .<Decision<ShowEvent>>map(hold -> Decision.accept(new HoldReleased(show.id(), hold.id(), hold.seatList(),
                        HoldReleased.Reason.EXPIRED)))
                .orElseGet(Decision::unchanged);
    }

    private static Decision<ShowEvent> take(Show show, UUID holdId, Instant now, HoldStatus goal,
            Function<Hold, ShowEvent> taken) {
        Optional<Hold> found = show.hold(holdId);
        if (found.isEmpty()) {
            return Decision.reject(Code.HOLD_NOT_FOUND, "Hold " + holdId + " not found.");
        }
        Hold hold = found.get();
        HoldStatus status = hold.statusAt(now);
        Optional<Rejection> refused = refusal(hold, status, goal);
        if (refused.isPresent()) {
            return Decision.reject(refused.get().code(), refused.get().message());
        }
        return status == HoldStatus.HELD ? Decision.accept(taken.apply(hold)) : Decision.unchanged();
    }
}
