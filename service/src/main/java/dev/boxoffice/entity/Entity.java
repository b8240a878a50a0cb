package dev.boxoffice.entity;

import dev.boxoffice.entity.Lifecycle.Appending;
import dev.boxoffice.entity.Lifecycle.CatchingUp;
import dev.boxoffice.entity.Lifecycle.Loading;
import dev.boxoffice.entity.Lifecycle.Passivated;
import dev.boxoffice.entity.Lifecycle.Ready;
import dev.boxoffice.entity.Lifecycle.Unloaded;
import dev.boxoffice.eventstore.AppendResult;
import dev.boxoffice.eventstore.DatabaseUnresponsiveException;
import dev.boxoffice.eventstore.ExpectedVersion;
import dev.boxoffice.eventstore.StreamName;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import java.util.ArrayDeque;
import java.util.List;
import java.util.function.Consumer;
import org.jboss.logging.Logger;

/**
 * One aggregate instance in memory: a queue of work and a {@link Lifecycle}. Every field is touched only on its home
 * event-loop context, so commands for one entity run strictly one after another without locks, while entities on
 * other contexts run in parallel.
 *
 * <p>While an append is in flight, new commands queue up; when it commits they are all decided against the
 * resulting state and appended together. A reply is sent only after its events are committed.
 *
 * <p>An answer that appends nothing (a read, a refusal) is given only from a state the log confirmed after the request
 * arrived: a load, an append's commit or a read of the stream's tail sent after it. Another node may have written the
 * show at any moment, unseen (a pause, a ring change), so a copy in memory is never trusted on its own; the answer
 * then holds at that confirmation, which came after the request and before the reply (decision record 0039).
 */
final class Entity<C, E, S> implements Residency.Resident {

    private static final Logger LOG = Logger.getLogger(Entity.class);

    /**
     * The bytes an entity holds besides its state: this object, its queue, its id and stream name, and its entry in
     * the runtime's map (a 64-bit JVM with compressed references; checked by EntityOverheadTest).
     */
    static final long OVERHEAD_BYTES = 432;

    private final String id;
    private final StreamName stream;
    private final Context home;
    private final EntityParts<C, E, S> parts;
    private final ArrayDeque<Work<C, S>> queue = new ArrayDeque<>();

    private Lifecycle<S> lifecycle = new Unloaded<>();
    /** True while {@link #drain} runs: work that a callback of it queues is left to it. */
    private boolean draining;
    /** When the latest load, tail read or append that saw the stream's end was sent; none yet at first. */
    private long confirmedNanos = Long.MIN_VALUE;
    private volatile long lastUsedNanos = System.nanoTime();
    /** When its first load ended ({@link QueueDelay#NOT_SERVING} until then). */
    private long servingSinceNanos = QueueDelay.NOT_SERVING;
    private volatile long residentBytes;

    Entity(String id, Context home, EntityParts<C, E, S> parts) {
        this.id = id;
        this.home = home;
        this.parts = parts;
        this.stream = parts.type().streamOf(id);
        account();
    }

    @Override
    public Context home() {
        return home;
    }

    @Override
    public long lastUsedNanos() {
        return lastUsedNanos;
    }

    @Override
    public long residentBytes() {
        return residentBytes;
    }

    /** Must run on the home context. */
    void enqueue(Work<C, S> work) {
        if (lifecycle instanceof Passivated) {
            parts.host().dispatch(id, work); // raced with passivation: a fresh instance takes over
            return;
        }
        long now = System.nanoTime();
        lastUsedNanos = now;
        if (refusedAsOverloaded(work, now)) {
            return;
        }
        queue.addLast(work);
        drain();
    }

    @Override
    public boolean passivateIfIdle() {
        if (!queue.isEmpty() || !lifecycle.canBecome(new Passivated<>())) {
            return false;
        }
        become(new Passivated<>());
        parts.host().forget(id, this);
        return true;
    }

    /** The one move of the lifecycle: checked against its table; what the entity counts for in memory follows. */
    private void become(Lifecycle<S> next) {
        if (!lifecycle.canBecome(next)) {
            throw new IllegalStateException(stream + ": no move from " + lifecycle + " to " + next);
        }
        lifecycle = next;
        account();
    }

    /**
     * Moves queued work on as far as the lifecycle allows; the only place that starts a load or an append. Not again
     * from within itself: an answer it gives (a read's) may send this entity more work at once, on this context,
     * which must wait for the decision under way (it takes the queue's commands too) rather than start its own.
     */
    private void drain() {
        if (draining) {
            return; // queued: the drain under way decides it
        }
        draining = true;
        try {
            drainQueue();
        } finally {
            draining = false;
        }
    }

    private void drainQueue() {
        while (!queue.isEmpty() && !lifecycle.awaitsIo()) {
            switch (lifecycle) {
                case Unloaded<S> unloaded -> {
                    long sent = System.nanoTime();
                    become(new Loading<>());
                    read(parts.replay().load(stream), sent);
                }
                case Ready<S> ready -> decideNext(ready);
                default -> throw new IllegalStateException(stream + ": work queued while " + lifecycle);
            }
        }
        if (queue.isEmpty() && lifecycle instanceof Ready<S> ready && !parts.type().exists().test(ready.state())) {
            passivateIfIdle(); // nothing worth keeping: a lookup of an entity that does not exist
        }
    }

    /**
     * Answers the reads at the head of the queue, then decides the commands after them and appends their events; what
     * would be answered without an append and arrived after the last confirmation waits for the stream's tail first.
     */
    private void decideNext(Ready<S> ready) {
        while (queue.peekFirst() instanceof Work.Read<C, S> read && confirmedSince(read)) {
            queue.pollFirst();
            read.promise().complete(new Versioned<>(ready.state(), ready.version()));
        }
        if (queue.peekFirst() instanceof Work.Read<C, S>) {
            readTail(ready);
            return;
        }
        Batch<C, E, S> batch = Batch.decide(queue, parts.type().decider(), ready.state(), parts.settings().maxBatch());
        if (batch.eventCount() == 0) {
            if (batch.arrivedBefore(confirmedNanos)) {
                batch.complete(ready.version());
            } else {
                batch.requeue(queue);
                readTail(ready);
            }
            return;
        }
        Appending<S> appending = new Appending<>(ready.state(), ready.version(), batch.state());
        become(appending);
        long sent = System.nanoTime();
        parts.store().append(stream, ExpectedVersion.of(ready.version()), batch.newEvents(parts.type().events()),
                        batch.keyedAnswers())
                .onComplete(onHome(result -> appended(appending, batch, result, sent)),
                        onHome(failure -> appendFailed(batch, failure)));
    }

    /** Whether the log confirmed this entity's version after {@code work} arrived. */
    private boolean confirmedSince(Work<C, S> work) {
        return work.enqueuedNanos() < confirmedNanos;
    }

    /** Confirms the version in memory, or brings it up to date, by reading the stream after it. */
    private void readTail(Ready<S> ready) {
        parts.counters().tailReads.increment();
        long sent = System.nanoTime();
        CatchingUp<S> catchingUp = new CatchingUp<>(ready.state(), ready.version());
        become(catchingUp);
        read(parts.replay().catchUp(stream, catchingUp.state(), catchingUp.version()), sent);
    }

    private void appended(Appending<S> appending, Batch<C, E, S> batch, AppendResult result, long sent) {
        switch (result) {
            case AppendResult.Appended appended -> {
                confirmedNanos = sent; // the commit's expected version was the stream's end
                become(new Ready<>(appending.ifCommitted(), appended.nextExpectedVersion()));
                batch.complete(appending.version());
                parts.counters().appendedEvents.add(batch.eventCount());
                parts.snapshotting().appended(stream, appending.version(), appended.nextExpectedVersion(),
                        appending.ifCommitted());
            }
            case AppendResult.KeyTaken taken -> {
                become(new Ready<>(appending.state(), appending.version())); // nothing was written
                List<Work.Command<C, S>> again = batch.withoutTakenKeys(taken.keys());
                for (int i = again.size() - 1; i >= 0; i--) {
                    queue.addFirst(again.get(i));
                }
            }
            case AppendResult.WrongExpectedVersion conflict -> {
                requeueAfterConflict(batch);
                long tailSent = System.nanoTime();
                CatchingUp<S> catchingUp = new CatchingUp<>(appending.state(), appending.version());
                become(catchingUp);
                read(parts.replay().catchUp(stream, catchingUp.state(), catchingUp.version()), tailSent);
            }
        }
        drain();
    }

    /**
     * Another writer (another instance) appended to the stream: the same commands are decided again once the events
     * after our version are read. The committed state in memory is still right up to its version, so only the tail is
     * read, not the snapshot and the stream since it.
     */
    private void requeueAfterConflict(Batch<C, E, S> batch) {
        parts.counters().conflicts.increment();
        for (int i = batch.decided().size() - 1; i >= 0; i--) {
            Work.Command<C, S> work = batch.decided().get(i).work();
            if (work.attempt() > parts.settings().maxConflictRetries()) {
                work.fail(new EntityUnavailableException(
                        "Gave up on " + stream + " after " + work.attempt() + " version conflicts", null));
            } else {
                queue.addFirst(work.nextAttempt());
            }
        }
    }

    private void appendFailed(Batch<C, E, S> batch, Throwable failure) {
        become(new Unloaded<>()); // the outcome is unknown: the events may or may not be committed
        LOG.warnf(failure, "Append to %s failed", stream);
        // Unknown unless the store says the statement was never sent
        boolean unknown = !(failure instanceof DatabaseUnresponsiveException silent) || silent.outcomeUnknown();
        batch.fail(new EntityUnavailableException("Event store append failed", failure, unknown));
        drain();
    }

    /**
     * Ends a load or a read of the tail sent at {@code sent}: ready with what was read, confirmed as of then, or
     * unloaded with every queued request failed.
     */
    private void read(Future<Ready<S>> reading, long sent) {
        reading.onComplete(onHome(ready -> {
            confirmedNanos = sent;
            become(ready);
            if (servingSinceNanos == QueueDelay.NOT_SERVING) {
                servingSinceNanos = System.nanoTime();
            }
            drain();
        }), onHome(failure -> {
            become(new Unloaded<>());
            LOG.warnf(failure, "Loading %s failed", stream);
            queue.forEach(work -> work.fail(new EntityUnavailableException("Event store read failed", failure)));
            queue.clear();
        }));
    }

    /** Runs {@code handler} on the home context, where every field of this entity is touched. */
    private <T> Handler<T> onHome(Consumer<T> handler) {
        return value -> home.runOnContext(v -> handler.accept(value));
    }

    /** The bound on this entity's queueing delay ({@link QueueDelay}); a refused command changes nothing. */
    private boolean refusedAsOverloaded(Work<C, S> work, long now) {
        Work<C, S> oldest = queue.peekFirst();
        if (oldest == null || !QueueDelay.exceeded(now, oldest.enqueuedNanos(), servingSinceNanos,
                parts.settings().maxQueueDelay().toNanos())) {
            return false;
        }
        parts.counters().overloaded.increment();
        work.fail(new EntityOverloadedException(
                "Requests for " + stream + " have waited over " + parts.settings().maxQueueDelay().toMillis() + " ms"));
        return true;
    }

    /** Tells the runtime what this entity now holds: its state's estimate plus the overhead, nothing once passivated. */
    private void account() {
        S held = lifecycle.held();
        long bytes = lifecycle instanceof Passivated ? 0
                : OVERHEAD_BYTES + (held == null ? 0 : parts.type().bytesOfState().applyAsLong(held));
        parts.residency().resize(bytes - residentBytes);
        residentBytes = bytes;
    }
}
