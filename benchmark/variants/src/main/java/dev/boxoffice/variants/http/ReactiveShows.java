package dev.boxoffice.variants.http;

import dev.boxoffice.api.ShowPage;
import dev.boxoffice.domain.CommandOutcome;
import dev.boxoffice.domain.Seat;
import dev.boxoffice.domain.ShowCommand;
import dev.boxoffice.domain.ShowState;
import io.vertx.core.Future;
import java.util.UUID;

/** Shows through a non-blocking store: every method returns at once, its future completed after the commit. */
public interface ReactiveShows {

    Future<CommandOutcome<ShowState>> create(ShowCommand.CreateShow command, String correlationId);

    Future<CommandOutcome<Seat>> changeSeat(ShowCommand command, int seatNumber, String correlationId);

    Future<ShowState> show(UUID showId);

    Future<ShowPage> list(boolean onlyAvailable, UUID after, int limit);
}
