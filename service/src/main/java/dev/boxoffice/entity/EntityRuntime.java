package dev.boxoffice.entity;

import dev.boxoffice.domain.CommandOutcome;
import dev.boxoffice.eventstore.EventStore;
import dev.boxoffice.eventstore.SnapshotStore;
import io.smallrye.common.vertx.VertxContext;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Keeps entities of one type in memory and routes every command and query to its entity's single writer.
 *
 * <p>An entity lives on the event loop of the request that brought it into memory (its home): work for it that
 * arrives on another event loop hops there once, work arriving on the home loop runs without any hop. Which
 * entities stay in memory is {@link Residency}'s call.
 */
public final class EntityRuntime<C, E, S> implements AutoCloseable {

    private final Vertx vertx;
    private final ConcurrentHashMap<String, Entity<C, E, S>> entities = new ConcurrentHashMap<>();
    private final Residency residency;
    private final Replay<C, E, S> replay;
    private final EntityParts.Counters counters = new EntityParts.Counters();
    private final EntityParts<C, E, S> parts;

    public EntityRuntime(Vertx vertx, EventStore store, SnapshotStore snapshots, EntityType<C, E, S> type,
            EntitySettings settings) {
        this.vertx = vertx;
        this.residency = new Residency(vertx, settings, entities::values);
        this.replay = new Replay<>(store, snapshots, type);
        this.parts = new EntityParts<>(type, settings, store, replay,
                new Snapshotting<>(snapshots, type.snapshots(), settings.snapshotEvery()), residency, counters,
                new EntityParts.Host<>() {
                    @Override
                    public void dispatch(String entityId, Work<C, S> work) {
                        EntityRuntime.this.dispatch(entityId, work);
                    }

                    @Override
                    public void forget(String entityId, Entity<C, ?, S> entity) {
                        entities.remove(entityId, entity);
                    }
                });
    }

    /** Reports the time of each load of an entity into memory (its snapshot and the events after it), in nanoseconds. */
    public void reportLoadsTo(java.util.function.LongConsumer nanos) {
        replay.reportLoadsTo(nanos);
    }

    /** Runs a command on the entity; completes once its events are committed or the domain refused it. */
    public Future<CommandOutcome<S>> send(String entityId, C command, String correlationId) {
        return send(entityId, command, correlationId, null);
    }

    /**
     * The same, under an idempotency key: if the command is accepted with events, {@code answer} (may be null) is
     * committed with them.
     */
    public Future<CommandOutcome<S>> send(String entityId, C command, String correlationId, KeyedAnswer<S> answer) {
        if (command == null) {
            throw new IllegalArgumentException("command must not be null");
        }
        Promise<CommandOutcome<S>> promise = Promise.promise();
        dispatch(entityId, new Work.Command<>(command, correlationId, answer, promise, 1, System.nanoTime()));
        return promise.future();
    }

    /** The entity's committed state (its initial state if it has no events), after every command sent before. */
    public Future<S> state(String entityId) {
        return versionedState(entityId).map(Versioned::state);
    }

    /** The same, with the version of the entity's stream that state is at. */
    public Future<Versioned<S>> versionedState(String entityId) {
        Promise<Versioned<S>> promise = Promise.promise();
        dispatch(entityId, new Work.Read<>(promise, System.nanoTime()));
        return promise.future();
    }

    public int entitiesInMemory() {
        return entities.size();
    }

    /** The estimated bytes of the entities in memory, as counted against the memory budget. */
    public long residentBytes() {
        return residency.bytes();
    }

    /** Entities dropped from memory to stay within the memory budget. */
    public long evictedEntities() {
        return residency.evicted();
    }

    /** Work refused at once because its entity's queue or the memory for entities was full. */
    public long overloadRefusals() {
        return counters.overloaded.sum();
    }

    public long appendedEvents() {
        return counters.appendedEvents.sum();
    }

    /** Events read back from the store to (re)build entities: loads, and catching up after version conflicts. */
    public long replayedEvents() {
        return replay.replayedEvents();
    }

    public long versionConflicts() {
        return counters.conflicts.sum();
    }

    /** Reads of a stream's tail to confirm a version before an answer that appends nothing (a read, a refusal). */
    public long tailReads() {
        return counters.tailReads.sum();
    }

    @Override
    public void close() {
        residency.close();
    }

    private void dispatch(String entityId, Work<C, S> work) {
        Entity<C, E, S> entity = entities.get(entityId);
        if (entity == null) {
            if (residency.full()) {
                counters.overloaded.increment();
                work.fail(new EntityOverloadedException("The memory for entities is full"));
                return;
            }
            entity = entities.computeIfAbsent(entityId, id -> new Entity<>(id, homeForNewEntity(), parts));
        }
        Entity<C, E, S> target = entity;
        Context current = Vertx.currentContext();
        if (current != null && Context.isOnEventLoopThread() && VertxContext.getRootContext(current) == target.home()) {
            target.enqueue(work);
        } else {
            target.home().runOnContext(v -> target.enqueue(work));
        }
    }

    private Context homeForNewEntity() {
        Context current = Vertx.currentContext();
        if (current != null && current.isEventLoopContext()) {
            return VertxContext.getRootContext(current);
        }
        return vertx.getOrCreateContext();
    }
}
