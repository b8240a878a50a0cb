package dev.boxoffice.variants.http;

import dev.boxoffice.api.Problem;
import dev.boxoffice.api.ProblemException;
import dev.boxoffice.api.SeatActionRequest;
import dev.boxoffice.api.ShowView;
import dev.boxoffice.domain.CommandOutcome;
import dev.boxoffice.domain.Seat;
import dev.boxoffice.domain.ShowCommand;
import dev.boxoffice.domain.ShowState;
import java.net.URI;
import java.util.UUID;
import org.jboss.resteasy.reactive.RestResponse;

/** From requests to commands and from outcomes to answers, the same for every execution model. */
final class Answers {

    static final String CORRELATION_ID = "X-Correlation-Id";

    private Answers() {
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
