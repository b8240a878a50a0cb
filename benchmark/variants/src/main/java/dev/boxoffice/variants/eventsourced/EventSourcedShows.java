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
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.ReentrantLock;
import javax.sql.DataSource;

/**
 * Event-sourced shows on blocking JDBC, designed as the service is: each show in memory (rebuilt from its events when
 * missing), one writer at a time per show (a lock instead of the service's queue), decide with the domain, append with
 * the expected version, reply after the commit: a commit of its own, or one shared with other requests. Another instance's write is caught up from the stream's tail.
 * Shows in memory are bounded by their bytes, least recently used evicted.
 */
public final class EventSourcedShows implements BlockingShows {

    private static final int MAX_ATTEMPTS = 3;
    /** As the service's bounds: appends waiting for a shared commit, in payload bytes and in time. */
    private static final long SHARED_COMMIT_WAITING_BYTES = 4L << 20;
    private static final Duration SHARED_COMMIT_TIMEOUT = Duration.ofMillis(800);

    /** Commands of one show decided together and appended in one go, as the service's entity does. */
    private static final int MAX_BATCH = 64;

    /** One show in memory: its state at its version, changed only under its lock. */
    private static final class ShowEntity {
        final ReentrantLock lock = new ReentrantLock();
        final ConcurrentLinkedQueue<Waiting> inbox = new ConcurrentLinkedQueue<>(); // with a shared commit
        volatile ShowState state = ShowState.NOT_CREATED;
        long version;
    }

    /** A command waiting for its show's writer, and its outcome once decided and committed. */
    private record Waiting(ShowCommand command, String correlationId, CompletableFuture<CommandOutcome<ShowState>> outcome) {
    }

    private final EventStore store;
    private final boolean sharedCommit;
    private final JdbcShowListing listing;
    private final Runnable committed;
    private final ShowDecider decider = new ShowDecider();
    private final ShowEventCodec codec = new ShowEventCodec();
    private final Cache<UUID, ShowEntity> shows;

    /**
     * @param sharedCommit appends of many requests share a commit ({@link JdbcGroupCommit}), or each commits its own
     * @param committed    told after every commit (wakes the read model's projection)
     */
    public EventSourcedShows(DataSource database, boolean sharedCommit, long memoryBudgetBytes, Runnable committed) {
        this.sharedCommit = sharedCommit;
        this.store = sharedCommit ? new JdbcGroupCommit(database, SHARED_COMMIT_WAITING_BYTES, SHARED_COMMIT_TIMEOUT)
                : new JdbcEventStore(database);
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
        return sharedCommit ? handleTogether(command, correlationId) : handleAlone(command, correlationId);
    }

    /**
     * With a shared commit, the show's writer also takes the commands that waited for it meanwhile (at most
     * {@link #MAX_BATCH}), decides each against the state the one before leaves, and appends them as one: a thread
     * whose command another writer took finds its outcome when it gets the lock.
     */
    private CommandOutcome<ShowState> handleTogether(ShowCommand command, String correlationId) {
        ShowEntity show = shows.get(command.showId(), this::load);
        Waiting mine = new Waiting(command, correlationId, new CompletableFuture<>());
        show.inbox.add(mine);
        while (!mine.outcome().isDone()) {
            show.lock.lock();
            try {
                if (!mine.outcome().isDone()) {
                    writeBatch(show, command.showId());
                }
            } finally {
                show.lock.unlock();
            }
        }
        try {
            return mine.outcome().join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException cause ? cause : e;
        }
    }

    private void writeBatch(ShowEntity show, UUID showId) {
        List<Waiting> batch = new ArrayList<>();
        for (Waiting next; batch.size() < MAX_BATCH && (next = show.inbox.poll()) != null; ) {
            batch.add(next);
        }
        try {
            for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
                ShowState pending = show.state;
                List<NewEvent> events = new ArrayList<>();
                List<CommandOutcome<ShowState>> outcomes = new ArrayList<>();
                for (Waiting waiting : batch) {
                    switch (decider.decide(waiting.command(), pending)) {
                        case Decision.Rejected<ShowEvent> rejected -> outcomes.add(new CommandOutcome.Rejected<>(rejected.rejection()));
                        case Decision.Accepted<ShowEvent> accepted -> {
                            for (ShowEvent event : accepted.events()) {
                                pending = decider.evolve(pending, event);
                                events.add(codec.toNewEvent(event, waiting.correlationId()));
                            }
                            outcomes.add(new CommandOutcome.Accepted<>(pending, show.version + events.size()));
                        }
                    }
                }
                if (events.isEmpty() || done(store.append(streamOf(showId), ExpectedVersion.of(show.version), events))
                        instanceof AppendResult.Appended) {
                    if (!events.isEmpty()) {
                        committed.run();
                        show.state = pending;
                        show.version += events.size();
                        shows.put(showId, show);
                    }
                    for (int i = 0; i < batch.size(); i++) {
                        batch.get(i).outcome().complete(outcomes.get(i));
                    }
                    return;
                }
                catchUp(showId, show); // another instance wrote first
            }
            throw new StoreUnavailableException("show " + showId + " kept changing under these commands", null);
        } catch (RuntimeException failed) {
            batch.forEach(waiting -> waiting.outcome().completeExceptionally(failed));
        }
    }

    private CommandOutcome<ShowState> handleAlone(ShowCommand command, String correlationId) {
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
