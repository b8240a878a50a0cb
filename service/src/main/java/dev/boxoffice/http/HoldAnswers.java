package dev.boxoffice.http;

import dev.boxoffice.api.Problem;
import dev.boxoffice.api.ProblemException;
import dev.boxoffice.domain.CommandOutcome;
import dev.boxoffice.domain.Hold;
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

    /** At most the configured number of seats, none twice (400 VALIDATION_FAILED otherwise). */
    void check(List<Integer> seats) {
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
     * The hold once a confirmation or release ({@code goal}) is settled: as the show has it, or, for a hold the show has
     * forgotten, as the read model has it: the same answer if it reached {@code goal} already, else the refusal its end
     * calls for.
     */
    Future<Hold> settled(CommandOutcome<ShowState> outcome, UUID showId, UUID holdId, HoldStatus goal) {
        return switch (outcome) {
            case CommandOutcome.Accepted<ShowState> accepted ->
                    Future.succeededFuture(((ShowState.Show) accepted.state()).hold(holdId).orElseThrow());
            case CommandOutcome.Rejected<ShowState> rejected when rejected.rejection().code() != Code.HOLD_NOT_FOUND ->
                    Future.failedFuture(new ProblemException(Problem.of(rejected.rejection())));
            case CommandOutcome.Rejected<ShowState> rejected -> lookup.find(showId, holdId).map(found -> {
                Hold hold = found.orElseThrow(() -> new ProblemException(Problem.of(rejected.rejection())));
                if (hold.status() == goal) {
                    return hold;
                }
                throw switch (hold.status()) {
                    case EXPIRED -> rejected(Code.HOLD_EXPIRED, "Hold " + holdId + " expired; its seats are back on sale.");
                    case RELEASED -> rejected(Code.HOLD_RELEASED, "Hold " + holdId + " was released; its seats may be taken.");
                    case CONFIRMED -> rejected(Code.HOLD_ALREADY_CONFIRMED, "Hold " + holdId
                            + " was confirmed; cancel its reservations instead.");
                    case HELD -> new ProblemException(Problem.of(rejected.rejection()));
                };
            });
        };
    }

    private static ProblemException rejected(Code code, String message) {
        return new ProblemException(Problem.of(new Rejection(code, message)));
    }

    private static ProblemException invalid(String message) {
        return new ProblemException(Problem.invalid("seats " + message + ".", List.of(new Problem.Violation("seats", message))));
    }
}
