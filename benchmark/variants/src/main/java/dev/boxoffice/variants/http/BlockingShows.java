package dev.boxoffice.variants.http;

import dev.boxoffice.api.ShowPage;
import dev.boxoffice.domain.CommandOutcome;
import dev.boxoffice.domain.Seat;
import dev.boxoffice.domain.ShowCommand;
import dev.boxoffice.domain.ShowState;
import java.util.UUID;

/** Shows through a blocking store: every method returns once the database has answered (and committed). */
public interface BlockingShows {

    /** Creates a show: the show, or why not. */
    CommandOutcome<ShowState> create(ShowCommand.CreateShow command, String correlationId);

    /** Reserves a seat or cancels its reservation: the seat's new state (at version 0 where there is none), or why not. */
    CommandOutcome<Seat> changeSeat(ShowCommand command, int seatNumber, String correlationId);

    /** The show's committed state; {@link ShowState#NOT_CREATED} if it does not exist. */
    ShowState show(UUID showId);

    ShowPage list(boolean onlyAvailable, UUID after, int limit);
}
