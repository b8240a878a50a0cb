package dev.boxoffice.domain;

import dev.boxoffice.domain.Rejection.Code;
import dev.boxoffice.domain.ShowCommand.ConfirmHold;
import dev.boxoffice.domain.ShowCommand.ExpireHold;
import dev.boxoffice.domain.ShowCommand.ReleaseHold;
import dev.boxoffice.domain.ShowEvent.HoldConfirmed;
import dev.boxoffice.domain.ShowEvent.HoldReleased;
import dev.boxoffice.domain.ShowState.Show;
import java.util.Optional;
import java.util.UUID;

/**
 * What can happen to a hold once placed. Asking again for what happened already gets the same answer and changes
 * nothing: a confirmation or a release sent twice (a client retrying) is not a second one.
 */
final class HoldRules {

    private HoldRules() {
    }

    static Decision<ShowEvent> confirm(Show show, ConfirmHold confirm) {
        Optional<Hold> found = show.hold(confirm.holdId());
        if (found.isEmpty()) {
            return notFound(confirm.holdId());
        }
        Hold hold = found.get();
        return switch (hold.statusAt(confirm.now())) {
            case HELD -> Decision.accept(new HoldConfirmed(show.id(), hold.id(), hold.seatList()));
            case CONFIRMED -> Decision.unchanged();
            case RELEASED -> Decision.reject(Code.HOLD_RELEASED, "Hold " + hold.id() + " was released; its seats may be taken.");
            case EXPIRED -> expired(hold);
        };
    }

    static Decision<ShowEvent> release(Show show, ReleaseHold release) {
        Optional<Hold> found = show.hold(release.holdId());
        if (found.isEmpty()) {
            return notFound(release.holdId());
        }
        Hold hold = found.get();
        return switch (hold.statusAt(release.now())) {
            case HELD -> Decision.accept(new HoldReleased(show.id(), hold.id(), hold.seatList(), HoldReleased.Reason.CANCELLED));
            case RELEASED -> Decision.unchanged();
            case CONFIRMED -> Decision.reject(Code.HOLD_ALREADY_CONFIRMED, "Hold " + hold.id()
                    + " was confirmed; cancel its reservations instead.");
            case EXPIRED -> expired(hold);
        };
    }

    /** Releases a live hold whose time is up; anything else is left as it is. */
    static Decision<ShowEvent> expire(Show show, ExpireHold expire) {
        return show.hold(expire.holdId()).filter(hold -> hold.expiredBy(expire.now()))
                .<Decision<ShowEvent>>map(hold -> Decision.accept(new HoldReleased(show.id(), hold.id(), hold.seatList(),
                        HoldReleased.Reason.EXPIRED)))
                .orElseGet(Decision::unchanged);
    }

    private static Decision<ShowEvent> expired(Hold hold) {
        return Decision.reject(Code.HOLD_EXPIRED, "Hold " + hold.id() + " expired at " + hold.expiresAt() + "; its seats are back on sale.");
    }

    private static Decision<ShowEvent> notFound(UUID holdId) {
        return Decision.reject(Code.HOLD_NOT_FOUND, "Hold " + holdId + " not found.");
    }
}
