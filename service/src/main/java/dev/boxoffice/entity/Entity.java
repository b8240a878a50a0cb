package dev.boxoffice.entity;

import dev.boxoffice.domain.Decider;
import dev.boxoffice.domain.Decision;
import dev.boxoffice.eventstore.AppendResult;
import dev.boxoffice.eventstore.ExpectedVersion;
import dev.boxoffice.eventstore.NewEvent;
import dev.boxoffice.eventstore.RecordedEvent;
import dev.boxoffice.eventstore.Snapshot;
import dev.boxoffice.eventstore.StreamName;
import io.vertx.core.Context;
import io.vertx.core.Promise;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * One aggregate instance in memory. Every field is touched only on its home event-loop context, so commands for
 * one entity run strictly one after another without locks, while entities on other contexts run in parallel.
 *
 * <p>While an append is in flight, new commands queue up; when it commits they are all decided against the
 * resulting state and appended together. A reply is sent only after its events are committed.
 *
 * <p>A command that would be refused whether the append in flight commits or not is refused at once instead of
 * waiting for it: under contention most commands are refusals (a seat someone else holds), and making them wait
 * for a round trip they do not need is what turns a hot show into a queue.
 */
final class Entity<C, E, S> {

    private static final Logger LOG = Logger.getLogger(Entity.class);

    /**
     * The bytes an entity holds besides its state: this object, its queue, its id and stream name, and its entry in
     * the runtime's map (a 64-bit JVM with compressed references; checked by EntityOverheadTest).
     */
    static final long OVERHEAD_BYTES = 400;

    private final String id;
    private final StreamName stream;
    private final Context home;
    private final EntityRuntime<C, E, S> runtime;
    private final Decider<C, E, S> decider;
    private final ArrayDeque<Work<C, S>> queue = new ArrayDeque<>();

    private S state;
    private S stateIfInFlightCommits; // while an append is in flight: the state it leads to
    private long version;
    private boolean stale = true;  // state must be (re)loaded from snapshot and stream before deciding anything
    private boolean behind;        // another writer appended after our version: read the stream's tail first
    private boolean busy;         // a load or an append is in flight
    private boolean passivated;
    private volatile long lastUsedNanos = System.nanoTime();
    private volatile long residentBytes; // what this entity counts for in the runtime's memory budget

    Entity(String id, Context home, EntityRuntime<C, E, S> runtime) {
        this.id = id;
        this.home = home;
        this.runtime = runtime;
        this.decider = runtime.type().decider();
        this.stream = runtime.type().streamOf(id);
        this.state = decider.initialState();
        account();
    }

    Context home() {
        return home;
    }

    long lastUsedNanos() {
        return lastUsedNanos;
    }

    long residentBytes() {
        return residentBytes;
    }

    /** Must run on the home context. */
    void enqueue(Work<C, S> work) {
        if (passivated) {
            runtime.dispatch(id, work); // raced with passivation: a fresh instance takes over
            return;
        }
        long now = System.nanoTime();
        lastUsedNanos = now;
        if (work instanceof Work.Command<C, S> command && refusedEitherWay(command) || refusedAsOverloaded(work, now)) {
            return;
        }
        queue.addLast(work);
        drain();
    }

    /**
     * Refuses {@code work} when the oldest work queued here has already waited longer than the bound: the entity
     * gets through less than arrives, and queueing more would only make every caller wait longer (CoDel's insight:
     * a queue's delay, not its length, tells a standing queue from a burst). A refused command changes nothing.
     */
    private boolean refusedAsOverloaded(Work<C, S> work, long now) {
        Work<C, S> oldest = queue.peekFirst();
        if (oldest == null || now - oldest.enqueuedNanos() < runtime.settings().maxQueueDelay().toNanos()) {
            return false;
        }
        runtime.refusedAsOverloaded();
        work.fail(new EntityOverloadedException(
                "Requests for " + stream + " have waited over " + runtime.settings().maxQueueDelay().toMillis() + " ms"));
        return true;
    }

    /**
     * While an append is in flight: refuses {@code work} now if both the committed state and the state after the
     * append refuse it. That is its answer when ordered right after the append, ahead of the commands still queued;
     * those are concurrent with it (none is acknowledged yet), and a refusal changes no state they depend on.
     */
    private boolean refusedEitherWay(Work.Command<C, S> work) {
        if (!busy || stale || behind || stateIfInFlightCommits == null) {
            return false;
        }
        if (decider.decide(work.command(), stateIfInFlightCommits) instanceof Decision.Rejected<E> ifCommitted
                && decider.decide(work.command(), state) instanceof Decision.Rejected<E>) {
            work.promise().complete(new CommandOutcome.Rejected<>(ifCommitted.rejection()));
            return true;
        }
        return false;
    }

    /** Must run on the home context. Drops the entity from memory unless it has work; true if it did. */
    boolean passivateIfIdle() {
        if (passivated || busy || !queue.isEmpty()) {
            return false;
        }
        passivated = true;
        runtime.forget(id, this);
        account();
        return true;
    }

    /** Tells the runtime what this entity now holds; called whenever its state is replaced by one of another size. */
    private void account() {
        long bytes = passivated ? 0 : OVERHEAD_BYTES + runtime.type().bytesOfState().applyAsLong(state);
        runtime.resident(bytes - residentBytes);
        residentBytes = bytes;
    }

    private void drain() {
        while (!busy && !queue.isEmpty()) {
            if (stale) {
                load();
                return;
            }
            if (behind) {
                catchUp();
                return;
            }
            List<Decided<C, E, S>> batch = decideBatch();
            if (batch.isEmpty()) {
                continue;
            }
            if (newEventCount(batch) == 0) {
                batch.forEach(d -> d.work.promise().complete(d.outcome(version)));
            } else {
                append(batch);
            }
        }
        if (!busy && queue.isEmpty() && !runtime.type().exists().test(state)) {
            passivateIfIdle(); // nothing worth keeping: a lookup of a show that does not exist
        }
    }

    /** Answers reads ahead of any command, and decides consecutive commands against the pending state. */
    private List<Decided<C, E, S>> decideBatch() {
        List<Decided<C, E, S>> batch = new ArrayList<>();
        S pending = state;
        while (!queue.isEmpty() && batch.size() < runtime.settings().maxBatch()) {
            switch (queue.peekFirst()) {
                case Work.Read<C, S> read -> {
                    if (!batch.isEmpty()) {
                        return batch; // a read sees only committed state: it waits for the commands before it
                    }
                    queue.pollFirst();
                    read.promise().complete(state);
                }
                case Work.Command<C, S> command -> {
                    queue.pollFirst();
                    Decision<E> decision = decider.decide(command.command(), pending);
                    if (decision instanceof Decision.Accepted<E> accepted) {
                        for (E event : accepted.events()) {
                            pending = decider.evolve(pending, event);
                        }
                    }
                    batch.add(new Decided<>(command, decision, pending));
                }
            }
        }
        return batch;
    }

    private void append(List<Decided<C, E, S>> batch) {
        busy = true;
        EventCodec<E> codec = runtime.type().events();
        List<NewEvent> newEvents = new ArrayList<>();
        for (Decided<C, E, S> decided : batch) {
            for (E event : decided.events()) {
                newEvents.add(new NewEvent(codec.typeOf(event), codec.encode(event), decided.work.correlationId()));
            }
        }
        long expected = version;
        stateIfInFlightCommits = batch.getLast().state; // once every accepted command's events are committed
        runtime.store().append(stream, ExpectedVersion.of(expected), newEvents).onComplete(
                result -> home.runOnContext(v -> appended(batch, expected, result)),
                failure -> home.runOnContext(v -> appendFailed(batch, failure)));
    }

    private void appended(List<Decided<C, E, S>> batch, long expected, AppendResult result) {
        busy = false;
        S committedState = stateIfInFlightCommits;
        stateIfInFlightCommits = null;
        switch (result) {
            case AppendResult.Appended appended -> {
                state = committedState;
                long committed = expected;
                for (Decided<C, E, S> decided : batch) {
                    committed += decided.events().size();
                    decided.work.promise().complete(decided.outcome(committed));
                }
                version = appended.nextExpectedVersion();
                account();
                runtime.appendedEvents(newEventCount(batch));
                maybeSnapshot(expected, version);
            }
            case AppendResult.WrongExpectedVersion conflict -> retryAfterCatchingUp(batch);
        }
        drain();
    }

    /**
     * Another writer (another instance) appended to the stream: read the events after our version and decide the same
     * commands again. The committed state in memory is still right up to its version, so only the tail is read, not
     * the snapshot and the stream since it.
     */
    private void retryAfterCatchingUp(List<Decided<C, E, S>> batch) {
        behind = true;
        runtime.conflicted();
        for (int i = batch.size() - 1; i >= 0; i--) {
            Work.Command<C, S> work = batch.get(i).work;
            if (work.attempt() > runtime.settings().maxConflictRetries()) {
                work.promise().fail(new EntityUnavailableException(
                        "Gave up on " + stream + " after " + work.attempt() + " version conflicts", null));
            } else {
                queue.addFirst(work.nextAttempt());
            }
        }
    }

    private void appendFailed(List<Decided<C, E, S>> batch, Throwable failure) {
        busy = false;
        stateIfInFlightCommits = null;
        stale = true; // the outcome is unknown: the events may or may not be committed
        LOG.warnf(failure, "Append to %s failed", stream);
        batch.forEach(d -> d.work.promise().fail(new EntityUnavailableException("Event store append failed", failure)));
        drain();
    }

    private void load() {
        busy = true;
        runtime.snapshots().load(stream)
                .compose(snapshot -> runtime.store().readStream(stream, snapshot.map(Snapshot::version).orElse(0L))
                        .map(events -> new Loaded(snapshot, events)))
                .onComplete(
                        loaded -> home.runOnContext(v -> replay(loaded.snapshotState(), loaded.snapshotVersion(), loaded.events)),
                        failure -> home.runOnContext(v -> loadFailed(failure)));
    }

    private void catchUp() {
        busy = true;
        runtime.store().readStream(stream, version).onComplete(
                events -> home.runOnContext(v -> replay(state, version, events)),
                failure -> home.runOnContext(v -> loadFailed(failure)));
    }

    /** Makes {@code from}, the state at {@code fromVersion}, current by applying the events recorded after it. */
    private void replay(S from, long fromVersion, List<RecordedEvent> events) {
        S rebuilt = from;
        long rebuiltVersion = fromVersion;
        EventCodec<E> codec = runtime.type().events();
        for (RecordedEvent event : events) {
            rebuilt = decider.evolve(rebuilt, codec.decode(event.type(), event.payload()));
            rebuiltVersion = event.version();
        }
        runtime.replayedEvents(events.size());
        state = rebuilt;
        version = rebuiltVersion;
        stale = false;
        behind = false;
        busy = false;
        account();
        drain();
    }

    private void loadFailed(Throwable failure) {
        busy = false;
        LOG.warnf(failure, "Loading %s failed", stream);
        while (!queue.isEmpty()) {
            queue.pollFirst().fail(new EntityUnavailableException("Event store read failed", failure));
        }
    }

    private void maybeSnapshot(long before, long after) {
        int every = runtime.settings().snapshotEvery();
        if (every == 0 || before / every == after / every) {
            return;
        }
        Snapshot snapshot = new Snapshot(stream, after, runtime.type().snapshots().encode(state));
        runtime.snapshots().save(snapshot).onFailure(failure -> LOG.warnf(failure,
                "Snapshot of %s at version %d failed (it is only an optimisation)", stream, after));
    }

    private static int newEventCount(List<? extends Decided<?, ?, ?>> batch) {
        int count = 0;
        for (Decided<?, ?, ?> decided : batch) {
            count += decided.events().size();
        }
        return count;
    }

    /** What waits for the entity: a command to decide, or a read of its committed state. */
    sealed interface Work<C, S> {

        long enqueuedNanos();

        void fail(Throwable failure);

        /** A command, and the promise that answers it once settled; {@code attempt} counts version conflicts. */
        record Command<C, S>(C command, String correlationId, Promise<CommandOutcome<S>> promise, int attempt,
                long enqueuedNanos) implements Work<C, S> {

            Command<C, S> nextAttempt() {
                return new Command<>(command, correlationId, promise, attempt + 1, enqueuedNanos);
            }

            @Override
            public void fail(Throwable failure) {
                promise.fail(failure);
            }
        }

        /** A read of the committed state, after every command sent before it. */
        record Read<C, S>(Promise<S> promise, long enqueuedNanos) implements Work<C, S> {

            @Override
            public void fail(Throwable failure) {
                promise.fail(failure);
            }
        }
    }

    /** A command decided against the pending state; {@code state} is the state after it (unchanged if rejected). */
    private record Decided<C, E, S>(Work.Command<C, S> work, Decision<E> decision, S state) {

        List<E> events() {
            return decision instanceof Decision.Accepted<E> accepted ? accepted.events() : List.of();
        }

        CommandOutcome<S> outcome(long versionAfter) {
            return switch (decision) {
                case Decision.Accepted<E> accepted -> new CommandOutcome.Accepted<>(state, versionAfter);
                case Decision.Rejected<E> rejected -> new CommandOutcome.Rejected<>(rejected.rejection());
            };
        }
    }

    private final class Loaded {
        final Optional<Snapshot> snapshot;
        final List<RecordedEvent> events;

        Loaded(Optional<Snapshot> snapshot, List<RecordedEvent> events) {
            this.snapshot = snapshot;
            this.events = events;
        }

        S snapshotState() {
            return snapshot.map(s -> runtime.type().snapshots().decode(s.payload())).orElse(decider.initialState());
        }

        long snapshotVersion() {
            return snapshot.map(Snapshot::version).orElse(0L);
        }
    }
}
