package dev.boxoffice.entity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.boxoffice.domain.CommandOutcome;
import dev.boxoffice.domain.Rejection;
import dev.boxoffice.domain.SeatStatus;
import dev.boxoffice.domain.ShowCommand;
import dev.boxoffice.domain.ShowCommand.CancelSeatReservation;
import dev.boxoffice.domain.ShowCommand.CreateShow;
import dev.boxoffice.domain.ShowCommand.ExpireHold;
import dev.boxoffice.domain.ShowCommand.HoldSeats;
import dev.boxoffice.domain.ShowCommand.ReserveSeat;
import dev.boxoffice.domain.ShowEvent;
import dev.boxoffice.domain.ShowState;
import dev.boxoffice.eventstore.PostgresEventStore;
import dev.boxoffice.eventstore.PostgresSnapshotStore;
import dev.boxoffice.eventstore.StreamName;
import dev.boxoffice.shows.ShowService;
import dev.boxoffice.support.TestPostgres;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.sql.Connection;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The runtime around the entities: the memory budget, overload refusals, conflicts between instances, batching. */
class ShowEntityRuntimeTest {

    private final Vertx vertx = TestPostgres.vertx();
    private final PostgresEventStore store = TestPostgres.eventStore();
    private final PostgresSnapshotStore snapshots = new PostgresSnapshotStore(TestPostgres.pool(), TestPostgres.liveness(), 1 << 20);

    private final List<EntityRuntime<ShowCommand, ShowEvent, ShowState>> started = new ArrayList<>();
    private final UUID showId = UUID.randomUUID();
    private final String id = showId.toString();

    @AfterEach
    void closeRuntimes() {
        started.forEach(EntityRuntime::close);
    }

    @Test
    void keepsTheEntitiesInMemoryWithinTheMemoryBudgetAndReloadsTheDroppedOnesIntact() {
        long budget = 4_000; // a handful of small shows
        var runtime = runtime(new EntitySettings(Duration.ofMinutes(5), budget, Duration.ofSeconds(10), 0, 5, 64));
        List<UUID> shows = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            UUID show = UUID.randomUUID();
            accepted(runtime.send(show.toString(), new CreateShow(show, "Show " + i, 50), null));
            accepted(runtime.send(show.toString(), new ReserveSeat(show, i), null));
            shows.add(show);
        }
        await().atMost(Duration.ofSeconds(15)).until(() -> runtime.residentBytes() <= budget);

        assertThat(runtime.entitiesInMemory()).isLessThan(40);
        assertThat(runtime.evictedEntities()).isPositive();
        ShowState.Show first = (ShowState.Show) runtime.state(shows.get(0).toString()).toCompletionStage().toCompletableFuture().join();
        assertThat(first.title()).isEqualTo("Show 0");
        assertThat(first.seatMap().isReserved(0)).isTrue();
        assertThat(first.availableSeats()).isEqualTo(49);
    }

    @Test
    void refusesWorkAtOnceWhenTheShowsQueueHasWaitedTooLongAndWritesNothingForIt() throws Exception {
        var runtime = runtime(new EntitySettings(Duration.ofMinutes(5), 64L << 20, Duration.ofMillis(100), 0, 5, 64));
        accepted(runtime.send(id, new CreateShow(showId, "Hamlet", 3), null));
        try (Connection db = lockedEvents("SHARE")) { // the show's next append waits for this transaction
            var inFlight = runtime.send(id, new ReserveSeat(showId, 0), null).toCompletionStage().toCompletableFuture();
            Thread.sleep(50);
            var queued = runtime.send(id, new ReserveSeat(showId, 1), null).toCompletionStage().toCompletableFuture();
            Thread.sleep(200); // the queued reservation has now waited past the bound

            assertThatThrownBy(() -> runtime.send(id, new ReserveSeat(showId, 2), null).toCompletionStage().toCompletableFuture().join())
                    .hasCauseInstanceOf(EntityOverloadedException.class);
            assertThat(runtime.overloadRefusals()).isEqualTo(1);

            db.commit();
            assertThat(inFlight.get(10, TimeUnit.SECONDS)).isInstanceOf(CommandOutcome.Accepted.class);
            assertThat(queued.get(10, TimeUnit.SECONDS)).isInstanceOf(CommandOutcome.Accepted.class);
        }
        ShowState.Show show = (ShowState.Show) runtime.state(id).toCompletionStage().toCompletableFuture().join();
        assertThat(show.seatMap().isReserved(2)).as("the refused reservation wrote nothing").isFalse();
        assertThat(store.readStream(StreamName.of("show", id), 0).toCompletionStage().toCompletableFuture().join()).hasSize(3);
    }

    @Test
    void workQueuedWhileTheShowLoadsIsNotRefusedForTheTimeTheLoadTakes() throws Exception {
        var settings = new EntitySettings(Duration.ofMinutes(5), 64L << 20, Duration.ofMillis(100), 0, 5, 64);
        accepted(runtime(settings).send(id, new CreateShow(showId, "Hamlet", 3), null));
        var restarted = runtime(settings); // a fresh instance: the show is in the log, not in its memory
        try (Connection db = lockedEvents("ACCESS EXCLUSIVE")) { // the show's load waits for this transaction
            var first = restarted.send(id, new ReserveSeat(showId, 0), null).toCompletionStage().toCompletableFuture();
            Thread.sleep(200); // the load has now taken twice the bound on queue delay
            var second = restarted.send(id, new ReserveSeat(showId, 1), null).toCompletionStage().toCompletableFuture();
            Thread.sleep(50);
            assertThat(first).isNotDone();
            assertThat(second).isNotDone();

            db.commit();
            assertThat(first.get(10, TimeUnit.SECONDS)).isInstanceOf(CommandOutcome.Accepted.class);
            assertThat(second.get(10, TimeUnit.SECONDS)).isInstanceOf(CommandOutcome.Accepted.class);
        }
        assertThat(restarted.overloadRefusals()).isZero();
    }

    @Test
    void aLoadTheDatabaseDoesNotAnswerFailsItsWorkWithinTheEventStoresTimeoutAndTheNextWorkLoadsAgain() throws Exception {
        var settings = new EntitySettings(Duration.ofMinutes(5), 64L << 20, Duration.ofSeconds(10), 0, 5, 64);
        accepted(runtime(settings).send(id, new CreateShow(showId, "Hamlet", 3), null));
        var restarted = runtime(settings); // the show is in the log, not in this instance's memory
        try (Connection db = lockedEvents("ACCESS EXCLUSIVE")) { // as a primary that stopped answering
            long started = System.nanoTime();
            var stalled = restarted.send(id, new ReserveSeat(showId, 0), null).toCompletionStage().toCompletableFuture();
            assertThatThrownBy(() -> stalled.get(5, TimeUnit.SECONDS)).hasCauseInstanceOf(EntityUnavailableException.class);
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(2));
            db.rollback();
        }
        // Refused unsent until the database is heard again (its stalled read answers once the lock is gone).
        await().atMost(Duration.ofSeconds(5)).ignoreExceptions().until(() -> restarted.send(id, new ReserveSeat(showId, 1), null)
                .toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS) instanceof CommandOutcome.Accepted);
        ShowState.Show show = (ShowState.Show) restarted.state(id).toCompletionStage().toCompletableFuture().join();
        assertThat(show.seatMap().isReserved(0)).as("the failed work changed nothing").isFalse();
        assertThat(show.seatMap().isReserved(1)).isTrue();
    }

    @Test
    void lookupsOfMissingShowsAreNotKeptInMemory() {
        var runtime = runtime(settings(Duration.ofMinutes(5), 0));
        for (int i = 0; i < 20; i++) {
            assertThat(runtime.state(UUID.randomUUID().toString()).toCompletionStage().toCompletableFuture().join()).isEqualTo(ShowState.NOT_CREATED);
        }
        await().atMost(Duration.ofSeconds(5)).until(() -> runtime.entitiesInMemory() == 0);
    }

    @Test
    void anotherInstancesWriteIsDetectedAndTheCommandDecidedAgain() {
        var instanceA = runtime(settings(Duration.ofMinutes(5), 0));
        var instanceB = runtime(settings(Duration.ofMinutes(5), 0));
        accepted(instanceA.send(id, new CreateShow(showId, "Hamlet", 3), null));
        instanceB.state(id).toCompletionStage().toCompletableFuture().join(); // B holds version 1 in memory
        accepted(instanceA.send(id, new ReserveSeat(showId, 0), null));

        assertThat(instanceB.replayedEvents()).isEqualTo(1);

        // B's copy is stale: its append conflicts, it reads the one event after its version, and decides again.
        assertThat(rejection(instanceB.send(id, new ReserveSeat(showId, 0), null))).isEqualTo(Rejection.Code.SEAT_NOT_AVAILABLE);
        assertThat(instanceB.versionConflicts()).isEqualTo(1);
        assertThat(instanceB.replayedEvents()).as("only the stream's tail is read, not the whole stream again").isEqualTo(2);
        accepted(instanceB.send(id, new ReserveSeat(showId, 1), null));
        assertThat(rejection(instanceA.send(id, new ReserveSeat(showId, 1), null))).isEqualTo(Rejection.Code.SEAT_NOT_AVAILABLE);
    }

    @Test
    void aReadOfACopyAnotherInstanceWroteBehindIsAnsweredFromTheLogsTail() {
        var instanceA = runtime(settings(Duration.ofMinutes(5), 0));
        var instanceB = runtime(settings(Duration.ofMinutes(5), 0));
        accepted(instanceA.send(id, new CreateShow(showId, "Hamlet", 3), null));
        instanceB.state(id).toCompletionStage().toCompletableFuture().join(); // B holds version 1 in memory
        accepted(instanceA.send(id, new ReserveSeat(showId, 0), null)); // as while B was paused, or out of the ring

        ShowState.Show seenByB = (ShowState.Show) instanceB.state(id).toCompletionStage().toCompletableFuture().join();
        assertThat(seenByB.seatMap().isReserved(0)).as("B's read confirms its version first").isTrue();
        assertThat(instanceB.tailReads()).isEqualTo(1);
        assertThat(instanceB.versionedState(id).toCompletionStage().toCompletableFuture().join().version()).isEqualTo(2);
        assertThat(instanceB.tailReads()).as("every read arriving after the last confirmation confirms again").isEqualTo(2);
    }

    @Test
    void aRefusalByACopyAnotherInstanceWroteBehindIsDecidedAgainOnTheLogsTail() {
        var instanceA = runtime(settings(Duration.ofMinutes(5), 0));
        var instanceB = runtime(settings(Duration.ofMinutes(5), 0));
        accepted(instanceA.send(id, new CreateShow(showId, "Hamlet", 3), null));
        accepted(instanceA.send(id, new ReserveSeat(showId, 0), null));
        instanceB.state(id).toCompletionStage().toCompletableFuture().join(); // B's copy: seat 0 reserved
        accepted(instanceA.send(id, new CancelSeatReservation(showId, 0), null));

        // B's copy refuses seat 0; nothing to append confirms that copy, so the tail is read and the seat is free.
        accepted(instanceB.send(id, new ReserveSeat(showId, 0), null));
        assertThat(instanceB.versionConflicts()).isZero();
        assertThat(rejection(instanceA.send(id, new ReserveSeat(showId, 0), null))).isEqualTo(Rejection.Code.SEAT_NOT_AVAILABLE);
    }

    @Test
    void twoInstancesExpiringTheSameHoldAtOnceWriteOneRelease() {
        var instanceA = runtime(settings(Duration.ofMinutes(5), 0));
        var instanceB = runtime(settings(Duration.ofMinutes(5), 0));
        UUID hold = UUID.randomUUID();
        Instant now = Instant.now();
        accepted(instanceA.send(id, new CreateShow(showId, "Hamlet", 3), null));
        accepted(instanceA.send(id, new HoldSeats(showId, hold, List.of(0, 1), now.plusMillis(100), now), null));
        instanceB.state(id).toCompletionStage().toCompletableFuture().join(); // both hold the show at the same version

        Instant due = now.plusSeconds(1);
        var fromA = instanceA.send(id, new ExpireHold(showId, hold, due), null);
        var fromB = instanceB.send(id, new ExpireHold(showId, hold, due), null);
        accepted(fromA);
        accepted(fromB);

        assertThat(store.readStream(StreamName.of("show", id), 0).toCompletionStage().toCompletableFuture().join())
                .filteredOn(event -> event.type().equals("HoldReleased")).hasSize(1);
        assertThat(instanceA.versionConflicts() + instanceB.versionConflicts()).as("the loser caught up and found it ended")
                .isEqualTo(1);
        assertThat(((ShowState.Show) instanceB.state(id).toCompletionStage().toCompletableFuture().join()).availableSeats()).isEqualTo(3);
    }

    @Test
    void concurrentCommandsToOneShowAreSerialisedAndBatched() {
        var runtime = runtime(settings(Duration.ofMinutes(5), 0));
        accepted(runtime.send(id, new CreateShow(showId, "Hamlet", 40), null));
        // Every seat twice, all at once: one reservation per seat may win.
        List<Future<CommandOutcome<ShowState>>> commands = new ArrayList<>();
        IntStream.range(0, 80).forEach(i -> commands.add(runtime.send(id, new ReserveSeat(showId, i % 40), null)));

        List<CommandOutcome<ShowState>> outcomes = Future.all(commands).map(all -> all.<CommandOutcome<ShowState>>list()).toCompletionStage().toCompletableFuture().join();

        assertThat(outcomes).filteredOn(o -> o instanceof CommandOutcome.Accepted).hasSize(40);
        assertThat(outcomes).filteredOn(o -> o instanceof CommandOutcome.Rejected).hasSize(40);
        assertThat(store.readStream(StreamName.of("show", id), 0).toCompletionStage().toCompletableFuture().join()).hasSize(41);
        assertThat(((ShowState.Show) runtime.state(id).toCompletionStage().toCompletableFuture().join()).availableSeats()).isZero();
    }

    @Test
    void aCommandArrivingWhileAnAppendIsInFlightIsAnsweredAfterTheLogConfirmsIt() throws Exception {
        var runtime = runtime(settings(Duration.ofMinutes(5), 0));
        accepted(runtime.send(id, new CreateShow(showId, "Hamlet", 3), null));
        accepted(runtime.send(id, new ReserveSeat(showId, 2), null));
        CompletableFuture<CommandOutcome<ShowState>> inFlight;
        CompletableFuture<CommandOutcome<ShowState>> refused;
        CompletableFuture<CommandOutcome<ShowState>> dependent;
        try (Connection db = lockedEvents("SHARE")) { // the show's next append waits for this transaction
            inFlight = runtime.send(id, new ReserveSeat(showId, 0), null).toCompletionStage().toCompletableFuture();
            Thread.sleep(200); // the reservation of seat 0 is now appending, blocked on the table lock

            // Seat 2 is taken before and after the append in flight, but another instance may have written since:
            // the refusal waits for a confirmation sent after it arrived, as the cancel that depends on seat 0 does.
            refused = runtime.send(id, new ReserveSeat(showId, 2), null).toCompletionStage().toCompletableFuture();
            dependent = runtime.send(id, new CancelSeatReservation(showId, 0), null).toCompletionStage().toCompletableFuture();
            Thread.sleep(200);
            assertThat(inFlight).isNotDone();
            assertThat(refused).isNotDone();
            assertThat(dependent).isNotDone();
            db.commit();
        }
        assertThat(inFlight.get(10, TimeUnit.SECONDS)).isInstanceOf(CommandOutcome.Accepted.class);
        assertThat(dependent.get(10, TimeUnit.SECONDS)).isInstanceOf(CommandOutcome.Accepted.class);
        assertThat(refused.get(10, TimeUnit.SECONDS)).isInstanceOf(CommandOutcome.Rejected.class);
        assertThat(((ShowState.Show) runtime.state(id).toCompletionStage().toCompletableFuture().join()).availableSeats()).isEqualTo(2);
    }

    /** A connection whose open transaction holds the events table in {@code mode} until it commits or closes. */
    private static Connection lockedEvents(String mode) throws Exception {
        Connection db = TestPostgres.jdbc();
        db.setAutoCommit(false);
        try (var lock = db.prepareStatement("LOCK TABLE events IN " + mode + " MODE")) {
            lock.execute();
        }
        return db;
    }

    private EntityRuntime<ShowCommand, ShowEvent, ShowState> runtime(EntitySettings settings) {
        var runtime = new EntityRuntime<>(vertx, store, snapshots, ShowService.entityType(), settings);
        started.add(runtime);
        return runtime;
    }

    private static EntitySettings settings(Duration idle, int snapshotEvery) {
        return new EntitySettings(idle, 64L << 20, Duration.ofSeconds(10), snapshotEvery, 5, 64);
    }

    private static ShowState accepted(Future<CommandOutcome<ShowState>> outcome) {
        CommandOutcome<ShowState> result = outcome.toCompletionStage().toCompletableFuture().orTimeout(10, TimeUnit.SECONDS).join();
        assertThat(result).isInstanceOf(CommandOutcome.Accepted.class);
        return ((CommandOutcome.Accepted<ShowState>) result).state();
    }

    private static Rejection.Code rejection(Future<CommandOutcome<ShowState>> outcome) {
        CommandOutcome<ShowState> result = outcome.toCompletionStage().toCompletableFuture().orTimeout(10, TimeUnit.SECONDS).join();
        assertThat(result).isInstanceOf(CommandOutcome.Rejected.class);
        return ((CommandOutcome.Rejected<ShowState>) result).rejection().code();
    }
}
