package dev.boxoffice.http;

import dev.boxoffice.api.HoldRequest;
import dev.boxoffice.api.Problem;
import dev.boxoffice.api.ProblemException;
import dev.boxoffice.domain.Hold;
import dev.boxoffice.domain.HoldRules;
import dev.boxoffice.domain.HoldStatus;
import dev.boxoffice.domain.Rejection;
import dev.boxoffice.domain.Rejection.Code;
import dev.boxoffice.domain.ShowState;
import dev.boxoffice.shows.HoldLookup;
import io.vertx.core.Future;
import jakarta.inject.Singleton;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * What the hold endpoints answer with: the seats a request names, checked; a hold as its show remembers it, or as the
 * holds read model does once the show has forgotten it (a show keeps its last 128 ended holds).
 */
@Singleton
public class HoldAnswers {

    private final HoldLookup lookup;
    private final int maxSeats;

    public HoldAnswers(HoldLookup lookup, HttpSettings settings) {
        this.lookup = lookup;
        this.maxSeats = settings.maxSeatsPerRequest();
    }

    /** Seats named, or a count (best available), not both; a category only with a count (400 VALIDATION_FAILED). */
    void check(HoldRequest request) {
        if (request.bestAvailable() == (request.seats() != null)) {
            throw new ProblemException(Problem.invalid("Name the seats to hold, or how many (count) for the best available.",
                    List.of(new Problem.Violation("seats", "give seats or count, not both"))));
        }
        if (!request.bestAvailable() && request.category() != null) {
            throw new ProblemException(Problem.invalid("A category chooses among the best available; it needs a count.",
                    List.of(new Problem.Violation("category", "only with count"))));
        }
        if (!request.bestAvailable()) {
            check(request.seats());
        }
    }

    /** At least one seat, at most the configured number, none twice (400 VALIDATION_FAILED otherwise). */
    void check(List<Integer> seats) {
        if (seats.isEmpty()) {
            throw invalid("must name at least one seat");
        }
        if (seats.size() > maxSeats) {
            throw invalid("must name at most " + maxSeats + " seats");
        }
        Set<Integer> seen = new HashSet<>();
        List<Integer> twice = seats.stream().filter(seat -> !seen.add(seat)).distinct().toList();
        if (!twice.isEmpty()) {
            throw invalid("must not name a seat twice: " + twice);
        }
    }

    /** The hold as the show remembers it, else as the read model has it; 404 HOLD_NOT_FOUND if neither does. */
    Future<Hold> remembered(ShowState.Show show, UUID holdId) {
        return show.hold(holdId).map(Future::succeededFuture).orElseGet(() -> lookup.find(show.id(), holdId)
                .map(found -> found.orElseThrow(() -> rejected(Code.HOLD_NOT_FOUND, "Hold " + holdId + " not found."))));
    }

    /**
     * The hold a confirmation or release ({@code goal}) refused by its show settles on: for a hold the show has
     * forgotten, the read model's, if it reached {@code goal} already, else the refusal the domain's rules give a hold
     * that ended as it did.
     */
    Future<Hold> afterRefusal(Rejection rejection, UUID showId, UUID holdId, HoldStatus goal) {
        if (rejection.code() != Code.HOLD_NOT_FOUND) {
            return Future.failedFuture(new ProblemException(Problem.of(rejection, showId)));
        }
        return lookup.find(showId, holdId).map(found -> {
            Hold hold = found.orElseThrow(() -> new ProblemException(Problem.of(rejection)));
            if (hold.status() == goal) {
                return hold;
            }
            throw new ProblemException(Problem.of(HoldRules.refusal(hold, hold.status(), goal).orElse(rejection)));
        });
    }

    private static ProblemException rejected(Code code, String message) {
        return new ProblemException(Problem.of(new Rejection(code, message)));
    }

    private static ProblemException invalid(String message) {
        return new ProblemException(Problem.invalid("seats " + message + ".", List.of(new Problem.Violation("seats", message))));
    }
}
