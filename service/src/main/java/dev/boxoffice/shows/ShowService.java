package dev.boxoffice.shows;

import dev.boxoffice.domain.ShowCommand;
import dev.boxoffice.domain.ShowEvent;
import dev.boxoffice.domain.ShowState;
import dev.boxoffice.entity.CommandOutcome;
import dev.boxoffice.entity.EntityRuntime;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.UUID;

/** The application's entry point to shows: commands go to the show's single writer, reads to its memory. */
@ApplicationScoped
public class ShowService {

    private final EntityRuntime<ShowCommand, ShowEvent, ShowState> shows;

    public ShowService(EntityRuntime<ShowCommand, ShowEvent, ShowState> shows) {
        this.shows = shows;
    }

    public Uni<CommandOutcome<ShowState>> handle(ShowCommand command, String correlationId) {
        return shows.send(command.showId().toString(), command, correlationId);
    }

    /** The show's committed state; {@link ShowState#NOT_CREATED} if it does not exist. */
    public Uni<ShowState> show(UUID showId) {
        return shows.state(showId.toString());
    }
}
