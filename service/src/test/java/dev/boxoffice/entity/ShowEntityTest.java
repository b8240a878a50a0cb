package dev.boxoffice.entity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.boxoffice.domain.CommandOutcome;
import dev.boxoffice.domain.Rejection;
import dev.boxoffice.domain.ShowCommand;
import dev.boxoffice.domain.ShowCommand.AsAdmittedBuyer;
import dev.boxoffice.domain.ShowCommand.CancelSeatReservation;
import dev.boxoffice.domain.ShowCommand.ClaimAdmission;
import dev.boxoffice.domain.ShowCommand.CreateShow;
import dev.boxoffice.domain.ShowCommand.DrawLine;
import dev.boxoffice.domain.ShowCommand.NumberArrivals;
import dev.boxoffice.domain.ShowCommand.OpenPlaces;
import dev.boxoffice.domain.ShowCommand.ReserveSeat;
import dev.boxoffice.domain.ShowEvent;
import dev.boxoffice.domain.ShowState;
import dev.boxoffice.domain.WaitingRoom;
import dev.boxoffice.domain.WaitingRoomSettings;
import dev.boxoffice.eventstore.AppendResult;
import dev.boxoffice.eventstore.EventStore;
import dev.boxoffice.eventstore.ExpectedVersion;
import dev.boxoffice.eventstore.KeyedRecord;
import dev.boxoffice.eventstore.NewEvent;
import dev.boxoffice.eventstore.InMemoryEventStore;
import dev.boxoffice.eventstore.InMemorySnapshotStore;
import dev.boxoffice.eventstore.RecordedEvent;
import dev.boxoffice.eventstore.Snapshot;
import dev.boxoffice.eventstore.SnapshotStore;
import dev.boxoffice.eventstore.StreamName;
import dev.boxoffice.shows.ShowService;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A show entity in the style of Akka's CQRS sample: run commands, stop the runtime, start a new one on the same
 * store, and assert that the show it rebuilds is the show that was left. On the store in memory, which keeps the
 * same contract as PostgreSQL's (EventStoreContract): milliseconds a test, no database.
 */
class ShowEntityTest {

    private static final Vertx VERTX = Vertx.vertx();

    private final EventStore store = new InMemoryEventStore(Clock.systemUTC());
    private final SnapshotStore snapshots = new InMemorySnapshotStore();
    private final UUID showId = UUID.randomUUID();
    private final String id = showId.toString();
    private final List<EntityRuntime<ShowCommand, ShowEvent, ShowState>> started = new ArrayList<>();

    @AfterEach
    void stopRuntimes() {
        started.forEach(EntityRuntime::close);
    }

    @Test
    void reservationsAndCancellationsSurviveARestart() {
        var running = start(store, Duration.ofMinutes(5), 0);
        run(running, new CreateShow(showId, "Hamlet", 10), new ReserveSeat(showId, 3), new ReserveSeat(showId, 4),
                new CancelSeatReservation(showId, 3));
        ShowState before = state(running);
        running.close();

        var restarted = start(store, Duration.ofMinutes(5), 0);

        assertThat(state(restarted)).isEqualTo(before);
        assertThat(((ShowState.Show) state(restarted)).availableSeats()).isEqualTo(9);
        assertThat(restarted.replayedEvents()).isEqualTo(4);
        assertThat(rejection(restarted.send(id, new ReserveSeat(showId, 4), null))).isEqualTo(Rejection.Code.SEAT_NOT_AVAILABLE);
    }

    @Test
    void aRestartReadsTheLatestSnapshotAndOnlyTheEventsAfterIt() {
        var running = start(store, Duration.ofMinutes(5), 3);
        run(running, new CreateShow(showId, "Hamlet", 10));
        for (int seat = 0; seat < 6; seat++) {
            run(running, new ReserveSeat(showId, seat));
        }
        run(running, new CancelSeatReservation(showId, 2)); // version 8; snapshots at 3 and 6
        ShowState before = state(running);
        await().atMost(Duration.ofSeconds(5)).until(() -> snapshotVersion() == 6);
        running.close();

        var restarted = start(store, Duration.ofMinutes(5), 3);

        assertThat(state(restarted)).isEqualTo(before);
        assertThat(restarted.replayedEvents()).as("versions 7 and 8, after the snapshot").isEqualTo(2);
    }

    @Test
    void aSnapshotOfAnotherSchemaVersionIsNotReadAndTheShowIsRebuiltFromItsEvents() {
        var running = start(store, Duration.ofMinutes(5), 0);
        run(running, new CreateShow(showId, "Hamlet", 10), new ReserveSeat(showId, 4), new ReserveSeat(showId, 5));
        ShowState before = state(running);
        running.close();
        byte[] unreadable = {(byte) 0xFF, 0x01}; // what an old snapshot may look like to the current decoder
        snapshots.save(new Snapshot(StreamName.of("show", id), 3, 1, unreadable)).toCompletionStage().toCompletableFuture().join();

        var restarted = start(store, Duration.ofMinutes(5), 0);

        assertThat(state(restarted)).isEqualTo(before);
        assertThat(restarted.replayedEvents()).as("all three events, the snapshot left aside").isEqualTo(3);
    }

    /** Both ways back: the purchase that the buyer left with replayed, and a snapshot taken after it. */
    @ParameterizedTest
    @ValueSource(ints = {0, 1})
    void anAdmittedBuyerWhoBoughtIsStillGoneAfterARestart(int snapshotEvery) {
        var running = start(store, Duration.ofMinutes(5), snapshotEvery);
        Instant onSale = Instant.parse("2026-12-01T10:00:00Z");
        Instant bought = onSale.plusSeconds(3);
        run(running, new CreateShow(showId, "Tour", 10, Optional.of(new WaitingRoomSettings(onSale, 100, 50))),
                new NumberArrivals(showId, 10), new DrawLine(showId, "seed of 16 bytes".getBytes(), Long.MAX_VALUE, onSale),
                new OpenPlaces(showId, 10, onSale.plusSeconds(1)), new ClaimAdmission(showId, 3, onSale.plusSeconds(2)),
                new ClaimAdmission(showId, 4, onSale.plusSeconds(2)),
                new AsAdmittedBuyer(showId, 4, bought, new ReserveSeat(showId, 9)));
        ShowState before = state(running);
        long version = store.readStream(StreamName.of("show", id), 0).toCompletionStage().toCompletableFuture().join().size();
        await().atMost(Duration.ofSeconds(5)).until(() -> snapshotEvery == 0 || snapshotVersion() == version);
        running.close();

        var restarted = start(store, Duration.ofMinutes(5), snapshotEvery);

        assertThat(state(restarted)).isEqualTo(before);
        assertThat(restarted.replayedEvents()).isEqualTo(snapshotEvery == 0 ? version : 0);
        WaitingRoom room = ((ShowState.Show) state(restarted)).waitingRoom().orElseThrow();
        assertThat(room.standing(4, bought.toEpochMilli())).isEqualTo(WaitingRoom.Standing.EXPIRED);
        assertThat(room.standing(3, bought.toEpochMilli())).isEqualTo(WaitingRoom.Standing.ADMITTED);
        assertThat(rejection(restarted.send(id, new AsAdmittedBuyer(showId, 4, bought, new ReserveSeat(showId, 8)), null)))
                .isEqualTo(Rejection.Code.ADMISSION_REQUIRED);
    }

    @Test
    void aPassivatedShowComesBackAsItWasLeft() {
        var running = start(store, Duration.ofMillis(200), 0);
        run(running, new CreateShow(showId, "Hamlet", 4), new ReserveSeat(showId, 1));
        ShowState before = state(running);

        await().atMost(Duration.ofSeconds(5)).until(() -> running.entitiesInMemory() == 0);

        assertThat(state(running)).isEqualTo(before);
        assertThat(running.entitiesInMemory()).isEqualTo(1);
    }

    @Test
    void afterAnAppendWhoseOutcomeIsUnknownTheShowIsReadAgainBeforeTheNextCommand() {
        var losesOneReply = new LosesOneReply(store);
        var running = start(losesOneReply, Duration.ofMinutes(5), 0);
        run(running, new CreateShow(showId, "Hamlet", 4));
        losesOneReply.armed.set(true);

        // The reservation commits, but its reply is lost: the caller hears of a failure, and the entity cannot know.
        assertThat(running.send(id, new ReserveSeat(showId, 1), null).toCompletionStage().toCompletableFuture())
                .failsWithin(Duration.ofSeconds(10)).withThrowableThat().havingCause().isInstanceOf(EntityUnavailableException.class)
                .matches(failure -> ((EntityUnavailableException) failure).outcomeUnknown(), "told as an unknown outcome");

        // The next command is decided against the show as stored, where seat 1 is taken: no second reservation.
        assertThat(rejection(running.send(id, new ReserveSeat(showId, 1), null))).isEqualTo(Rejection.Code.SEAT_NOT_AVAILABLE);
        assertThat(store.readStream(StreamName.of("show", id), 0).toCompletionStage().toCompletableFuture().join()).hasSize(2);
    }

    /**
     * A read answered while commands wait behind it may send the show a command at once, from its callback, on the
     * show's own context: it is decided in turn with the others, and none is lost or decided against a state twice.
     */
    @Test
    void aCommandSentWhileAReadIsAnsweredIsDecidedWithTheOthers() throws Exception {
        var holdsOneAppend = new HoldsOneAppend(store);
        var running = start(holdsOneAppend, Duration.ofMinutes(5), 0);
        run(running, new CreateShow(showId, "Hamlet", 10));
        holdsOneAppend.armed.set(true);
        List<Future<CommandOutcome<ShowState>>> sent = new java.util.concurrent.CopyOnWriteArrayList<>();
        sent.add(running.send(id, new ReserveSeat(showId, 0), null)); // its append waits until released
        running.state(id).onSuccess(state -> sent.add(running.send(id, new ReserveSeat(showId, 1), null)));
        sent.add(running.send(id, new ReserveSeat(showId, 2), null));
        running.state(id).onSuccess(state -> sent.add(running.send(id, new ReserveSeat(showId, 3), null)));
        sent.add(running.send(id, new ReserveSeat(showId, 4), null));
        Thread.sleep(300); // all of them queued behind the held append

        holdsOneAppend.release.complete();

        await().atMost(Duration.ofSeconds(10)).until(() -> sent.size() == 5 && sent.stream().allMatch(Future::isComplete));
        assertThat(sent).allSatisfy(outcome -> assertThat(outcome.result()).isInstanceOf(CommandOutcome.Accepted.class));
        assertThat(((ShowState.Show) state(running)).availableSeats()).isEqualTo(5);
    }

    /** An event store whose next append, once armed, waits until released. */
    private record HoldsOneAppend(EventStore store, AtomicBoolean armed, io.vertx.core.Promise<Void> release) implements EventStore {

        HoldsOneAppend(EventStore store) {
            this(store, new AtomicBoolean(), io.vertx.core.Promise.promise());
        }

        @Override
        public Future<AppendResult> append(StreamName stream, ExpectedVersion expected, List<NewEvent> events,
                List<KeyedRecord> answers) {
            return armed.compareAndSet(true, false)
                    ? release.future().compose(released -> store.append(stream, expected, events, answers))
                    : store.append(stream, expected, events, answers);
        }

        @Override
        public Future<List<RecordedEvent>> readStream(StreamName stream, long afterVersion) {
            return store.readStream(stream, afterVersion);
        }
    }

    /** An event store whose next append, once armed, commits but fails as a lost connection would. */
    private record LosesOneReply(EventStore store, AtomicBoolean armed) implements EventStore {

        LosesOneReply(EventStore store) {
            this(store, new AtomicBoolean());
        }

        @Override
        public Future<AppendResult> append(StreamName stream, ExpectedVersion expected, List<NewEvent> events,
                List<KeyedRecord> answers) {
            Future<AppendResult> result = store.append(stream, expected, events, answers);
            return armed.compareAndSet(true, false)
                    ? result.compose(committed -> Future.failedFuture(new IllegalStateException("connection lost")))
                    : result;
        }

        @Override
        public Future<List<RecordedEvent>> readStream(StreamName stream, long afterVersion) {
            return store.readStream(stream, afterVersion);
        }
    }

    /**
     * A keyed command's answer is committed with its events; the same key again appends nothing and fails only its
     * own command, while the commands decided in the same batch are decided again and go through.
     */
    @Test
    void aCommandUnderAKeyUsedAlreadyWritesNothingAndTheRestOfItsBatchGoesThrough() {
        var running = start(store, Duration.ofMinutes(5), 0);
        run(running, new CreateShow(showId, "Hamlet", 10));
        var first = keyed("key-" + id);
        running.send(id, new ReserveSeat(showId, 1), null, first).toCompletionStage().toCompletableFuture().join();
        assertThat(first.committed()).hasValueSatisfying(answer -> assertThat(answer.key()).isEqualTo("key-" + id));
        run(running, new CancelSeatReservation(showId, 1));

        // Sent together, so that they are decided in one batch: seat 2, the retry of seat 1 under its key, seat 3.
        var seat2 = running.send(id, new ReserveSeat(showId, 2), null);
        var retry = running.send(id, new ReserveSeat(showId, 1), null, keyed("key-" + id));
        var seat3 = running.send(id, new ReserveSeat(showId, 3), null);

        assertThat(retry.toCompletionStage().toCompletableFuture()).failsWithin(Duration.ofSeconds(10))
                .withThrowableThat().havingCause().isInstanceOf(IdempotencyKeyTakenException.class);
        assertThat(seat2.toCompletionStage().toCompletableFuture().join()).isInstanceOf(CommandOutcome.Accepted.class);
        assertThat(seat3.toCompletionStage().toCompletableFuture().join()).isInstanceOf(CommandOutcome.Accepted.class);
        ShowState.Show show = (ShowState.Show) state(running);
        assertThat(show.availableSeats()).as("seats 2 and 3 reserved, seat 1 free again").isEqualTo(8);
        assertThat(store.readStream(StreamName.of("show", id), 0).toCompletionStage().toCompletableFuture().join()).hasSize(5);
    }

    private static KeyedAnswer<ShowState> keyed(String key) {
        return new KeyedAnswer<>(key, state -> new KeyedRecord(key, new byte[] {2}));
    }

    private EntityRuntime<ShowCommand, ShowEvent, ShowState> start(EventStore eventStore, Duration idle, int snapshotEvery) {
        var runtime = new EntityRuntime<>(VERTX, eventStore, snapshots, ShowService.entityType(),
                new EntitySettings(idle, 64L << 20, Duration.ofSeconds(10), snapshotEvery, 5, 64));
        started.add(runtime);
        return runtime;
    }

    private void run(EntityRuntime<ShowCommand, ShowEvent, ShowState> runtime, ShowCommand... commands) {
        for (ShowCommand command : commands) {
            assertThat(runtime.send(id, command, null).toCompletionStage().toCompletableFuture().orTimeout(10, TimeUnit.SECONDS).join())
                    .as("%s", command).isInstanceOf(CommandOutcome.Accepted.class);
        }
    }

    private ShowState state(EntityRuntime<ShowCommand, ShowEvent, ShowState> runtime) {
        return runtime.state(id).toCompletionStage().toCompletableFuture().orTimeout(10, TimeUnit.SECONDS).join();
    }

    private long snapshotVersion() {
        return snapshots.load(StreamName.of("show", id)).toCompletionStage().toCompletableFuture().join()
                .map(snapshot -> snapshot.version()).orElse(0L);
    }

    private static Rejection.Code rejection(Future<CommandOutcome<ShowState>> outcome) {
        CommandOutcome<ShowState> result = outcome.toCompletionStage().toCompletableFuture().orTimeout(10, TimeUnit.SECONDS).join();
        assertThat(result).isInstanceOf(CommandOutcome.Rejected.class);
        return ((CommandOutcome.Rejected<ShowState>) result).rejection().code();
    }
}
