package dev.boxoffice.variants.http;

import dev.boxoffice.api.CreateShowRequest;
import dev.boxoffice.api.Problem;
import dev.boxoffice.api.ProblemException;
import dev.boxoffice.api.SeatActionRequest;
import dev.boxoffice.api.ShowView;
import dev.boxoffice.domain.CommandOutcome;
import dev.boxoffice.domain.HallPlan;
import dev.boxoffice.domain.Seat;
import dev.boxoffice.domain.ShowCommand;
import dev.boxoffice.domain.ShowState;
import java.net.URI;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.jboss.resteasy.reactive.RestResponse;

/** From requests to commands and from outcomes to answers, the same for every execution model. */
final class Answers {

    static final String CORRELATION_ID = "X-Correlation-Id";

    private Answers() {
    }

    /**
     * A show of {@code maxSeats} seats: the variants compare ways to sell plain halls, and refuse a hall of sections
     * (400 VALIDATION_FAILED), which only the service sells.
     */
    static ShowCommand.CreateShow plainShow(CreateShowRequest request) {
        HallPlan hall = request.hallPlan();
        if (request.hall() != null) {
            throw new ProblemException(Problem.invalid("The benchmark's variants sell shows of maxSeats seats only.",
                    List.of(new Problem.Violation("hall", "not sold by the variants"))));
        }
        return new ShowCommand.CreateShow(request.showId(), request.title(), hall, Optional.empty());
    }

    static ShowCommand seatCommand(UUID showId, int seat, SeatActionRequest request) {
        return switch (request.action()) {
            case RESERVE -> new ShowCommand.ReserveSeat(showId, seat);
            case CANCEL_RESERVATION -> new ShowCommand.CancelSeatReservation(showId, seat);
        };
    }

    static RestResponse<ShowView> created(CommandOutcome<ShowState> outcome) {
        ShowView show = ShowView.of((ShowState.Show) accepted(outcome));
        return RestResponse.ResponseBuilder.<ShowView>created(URI.create("/shows/" + show.id())).entity(show).build();
    }

    static ShowView.SeatView seat(CommandOutcome<Seat> outcome) {
        return ShowView.SeatView.of(accepted(outcome));
    }

    static ShowView found(ShowState state, String showId) {
        if (state instanceof ShowState.Show show) {
            return ShowView.of(show);
        }
        throw new ProblemException(Problem.showNotFound(showId));
    }

    private static <S> S accepted(CommandOutcome<S> outcome) {
        return switch (outcome) {
            case CommandOutcome.Accepted<S> accepted -> accepted.state();
            case CommandOutcome.Rejected<S> rejected -> throw new ProblemException(Problem.of(rejected.rejection()));
        };
    }
}
