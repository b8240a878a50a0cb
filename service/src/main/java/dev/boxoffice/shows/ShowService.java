package dev.boxoffice.shows;

import dev.boxoffice.domain.CommandOutcome;
import dev.boxoffice.domain.ShowCommand;
import dev.boxoffice.domain.ShowDecider;
import dev.boxoffice.domain.ShowEvent;
import dev.boxoffice.domain.ShowState;
import dev.boxoffice.entity.EntityRuntime;
import dev.boxoffice.entity.EntityType;
import dev.boxoffice.entity.KeyedAnswer;
import dev.boxoffice.entity.Versioned;
import io.vertx.core.Future;
import java.util.UUID;

/** The application's entry point to shows: commands go to the show's single writer, reads to its memory. */
public final class ShowService {

    /** Streams of shows are named show-<id>. */
    public static final String STREAM_CATEGORY = "show";

    private final EntityRuntime<ShowCommand, ShowEvent, ShowState> shows;

    /** Shows as the entity runtime runs them: stream category, decider, codecs, and their bytes in memory. */
    public static EntityType<ShowCommand, ShowEvent, ShowState> entityType() {
        return new EntityType<>(STREAM_CATEGORY, new ShowDecider(), new ShowEventCodec(), new ShowSnapshotCodec(),
                state -> state instanceof ShowState.Show,
                state -> state instanceof ShowState.Show show ? show.estimatedBytes() : 0);
    }

    public ShowService(EntityRuntime<ShowCommand, ShowEvent, ShowState> shows) {
        this.shows = shows;
    }

    public Future<CommandOutcome<ShowState>> handle(ShowCommand command, String correlationId) {
        return handle(command, correlationId, null);
    }

    /** The same, under an idempotency key: {@code answer} is committed with the command's events, if any. */
    public Future<CommandOutcome<ShowState>> handle(ShowCommand command, String correlationId,
            KeyedAnswer<ShowState> answer) {
        return shows.send(command.showId().toString(), command, correlationId, answer);
    }

    /** The show's committed state; {@link ShowState#NOT_CREATED} if it does not exist. */
    public Future<ShowState> show(UUID showId) {
        return shows.state(showId.toString());
    }

    /** The same, with the version of the show's stream it is at. */
    public Future<Versioned<ShowState>> versionedState(UUID showId) {
        return shows.versionedState(showId.toString());
    }
}
