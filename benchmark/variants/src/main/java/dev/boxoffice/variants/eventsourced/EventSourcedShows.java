package dev.boxoffice.variants.eventsourced;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.boxoffice.api.ShowPage;
import dev.boxoffice.domain.CommandOutcome;
import dev.boxoffice.domain.Decision;
import dev.boxoffice.domain.Seat;
import dev.boxoffice.domain.ShowCommand;
import dev.boxoffice.domain.ShowDecider;
import dev.boxoffice.domain.ShowEvent;
import dev.boxoffice.domain.ShowState;
import dev.boxoffice.eventstore.AppendResult;
import dev.boxoffice.eventstore.EventStore;
import dev.boxoffice.eventstore.ExpectedVersion;
import dev.boxoffice.eventstore.NewEvent;
import dev.boxoffice.eventstore.RecordedEvent;
import dev.boxoffice.eventstore.StreamName;
import dev.boxoffice.shows.ShowEventCodec;
import dev.boxoffice.shows.ShowService;
import dev.boxoffice.variants.JdbcShowListing;
import dev.boxoffice.variants.http.BlockingShows;
import dev.boxoffice.variants.http.StoreUnavailableException;
import io.vertx.core.Future;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.locks.ReentrantLock;
import javax.sql.DataSource;

/**
 * Event-sourced shows on blocking JDBC, designed as the service is: each show in memory (rebuilt from its events when
 * missing), one writer at a time per show (a lock instead of the service's queue), decide with the domain, append with
 * the expected version, reply after the commit. Another instance's write is caught up from the stream's tail.
 * Shows in memory are bounded by their bytes, least recently used evicted.
 */
public final class EventSourcedShows implements BlockingShows {

    private static final int MAX_ATTEMPTS = 3;

    /** One show in memory: its state at its version, changed only under its lock. */
    private static final class ShowEntity {
        final ReentrantLock lock = new ReentrantLock();
        volatile ShowState state = ShowState.NOT_CREATED;
        long version;
    }

    private final EventStore store;
    private final JdbcShowListing listing;
    private final Runnable committed;
    private final ShowDecider decider = new ShowDecider();
    private final ShowEventCodec codec = new ShowEventCodec();
    private final Cache<UUID, ShowEntity> shows;

    /** @param committed told after every commit (wakes the read model's projection) */
    public EventSourcedShows(DataSource database, long memoryBudgetBytes, Runnable committed) {
        this.store = new JdbcEventStore(database);
        this.listing = new JdbcShowListing(database, "show_view");
        this.committed = committed;
        this.shows = Caffeine.newBuilder()
                .maximumWeight(memoryBudgetBytes)
                .weigher((UUID id, ShowEntity show) -> (int) Math.min(Integer.MAX_VALUE, bytesOf(show.state)))
                .build();
    }

    @Override
    public CommandOutcome<ShowState> create(ShowCommand.CreateShow command, String correlationId) {
        return handle(command, correlationId);
    }

    @Override
    public CommandOutcome<Seat> changeSeat(ShowCommand command, int seatNumber, String correlationId) {
        return switch (handle(command, correlationId)) {
            case CommandOutcome.Accepted<ShowState> accepted ->
                    new CommandOutcome.Accepted<>(((ShowState.Show) accepted.state()).seat(seatNumber).orElseThrow(), accepted.version());
            case CommandOutcome.Rejected<ShowState> rejected -> new CommandOutcome.Rejected<>(rejected.rejection());
        };
    }

    private CommandOutcome<ShowState> handle(ShowCommand command, String correlationId) {
        ShowEntity show = shows.get(command.showId(), this::load);
        show.lock.lock();
        try {
            for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
                switch (decider.decide(command, show.state)) {
                    case Decision.Rejected<ShowEvent> rejected -> {
                        return new CommandOutcome.Rejected<>(rejected.rejection());
                    }
                    case Decision.Accepted<ShowEvent> accepted -> {
                        List<NewEvent> events = accepted.events().stream()
                                .map(e -> codec.toNewEvent(e, correlationId)).toList();
                        if (done(store.append(streamOf(command.showId()), ExpectedVersion.of(show.version), events))
                                instanceof AppendResult.Appended) {
                            committed.run();
                            accepted.events().forEach(e -> show.state = decider.evolve(show.state, e));
                            show.version += events.size();
                            shows.put(command.showId(), show); // weighed again: a created show has its seats now
                            return new CommandOutcome.Accepted<>(show.state, show.version);
                        }
                        catchUp(command.showId(), show); // another instance wrote first
                    }
                }
            }
            throw new StoreUnavailableException("show " + command.showId() + " kept changing under this command", null);
        } finally {
            show.lock.unlock();
        }
    }

    @Override
    public ShowState show(UUID showId) {
        ShowEntity show = shows.getIfPresent(showId);
        if (show != null) {
            return show.state;
        }
        ShowEntity loaded = load(showId);
        if (loaded.state instanceof ShowState.Show) { // an unknown id is not kept in memory
            shows.asMap().putIfAbsent(showId, loaded);
        }
        return loaded.state;
    }

    @Override
    public ShowPage list(boolean onlyAvailable, UUID after, int limit) {
        return listing.list(onlyAvailable, after, limit);
    }

    private ShowEntity load(UUID showId) {
        ShowEntity show = new ShowEntity();
        catchUp(showId, show);
        return show;
    }

    private void catchUp(UUID showId, ShowEntity show) {
        for (RecordedEvent event : done(store.readStream(streamOf(showId), show.version))) {
            for (ShowEvent decoded : codec.decode(event)) {
                show.state = decider.evolve(show.state, decoded);
            }
            show.version = event.version();
        }
    }

    private static StreamName streamOf(UUID showId) {
        return StreamName.of(ShowService.STREAM_CATEGORY, showId);
    }

    /** The store works on the calling thread: its futures are complete when it returns. */
    private static <T> T done(Future<T> result) {
        if (!result.isComplete()) {
            throw new IllegalStateException("a blocking event store returned before it was done");
        }
        if (result.failed()) {
            throw new StoreUnavailableException("the event store failed", result.cause());
        }
        return result.result();
    }

    private static long bytesOf(ShowState state) {
        return state instanceof ShowState.Show show ? show.estimatedBytes() : 64;
    }
}
