package dev.boxoffice.entity;

import dev.boxoffice.eventstore.PostgresEventStore;
import dev.boxoffice.eventstore.PostgresSnapshotStore;
import io.smallrye.common.vertx.VertxContext;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Keeps entities of one type in memory and routes every command and query to its entity's single writer.
 *
 * <p>An entity lives on the event loop of the request that brought it into memory (its home): work for it that
 * arrives on another event loop hops there once, work arriving on the home loop runs without any hop. Entities
 * idle longer than the idle timeout are dropped and later rebuilt from the store.
 *
 * <p>Memory is bounded in bytes, not in entities (a hall of 10,000 seats and one of 50 differ by 25 times): each
 * entity counts for an estimate of what it holds. Past the budget the least recently used idle entities are
 * dropped, down to {@value #EVICT_DOWN_TO_PERCENT} % of it; past the budget by a quarter (entities arrive faster
 * than they can be dropped, or all are busy) an entity not in memory is refused at once instead of loaded.
 */
public final class EntityRuntime<C, E, S> implements AutoCloseable {

    private final Vertx vertx;
    private final PostgresEventStore store;
    private final PostgresSnapshotStore snapshots;
    private final EntityType<C, E, S> type;
    private final EntitySettings settings;
    private final ConcurrentHashMap<String, Entity<C, E, S>> entities = new ConcurrentHashMap<>();
    private final LongAdder appendedEvents = new LongAdder();
    private final LongAdder replayedEvents = new LongAdder();
    private final LongAdder conflicts = new LongAdder();
    private final LongAdder overloaded = new LongAdder();
    private final LongAdder evicted = new LongAdder();
    private final AtomicLong residentBytes = new AtomicLong();
    private final AtomicBoolean evicting = new AtomicBoolean();
    private final long sweepTimer;

    static final int EVICT_DOWN_TO_PERCENT = 85;

    public EntityRuntime(Vertx vertx, PostgresEventStore store, PostgresSnapshotStore snapshots, EntityType<C, E, S> type,
            EntitySettings settings) {
        this.vertx = vertx;
        this.store = store;
        this.snapshots = snapshots;
        this.type = type;
        this.settings = settings;
        long sweepMillis = Math.max(100, Math.min(settings.idleTimeout().toMillis() / 2, 10_000));
        this.sweepTimer = vertx.setPeriodic(sweepMillis, id -> passivateIdleEntities());
    }

    /** Runs a command on the entity; completes once its events are committed or the domain refused it. */
    public Future<CommandOutcome<S>> send(String entityId, C command, String correlationId) {
        if (command == null) {
            throw new IllegalArgumentException("command must not be null");
        }
        Promise<CommandOutcome<S>> promise = Promise.promise();
        dispatch(entityId, new Entity.Work.Command<>(command, correlationId, promise, 1, System.nanoTime()));
        return promise.future();
    }

    /** The entity's committed state (its initial state if it has no events), after every command sent before. */
    public Future<S> state(String entityId) {
        Promise<S> promise = Promise.promise();
        dispatch(entityId, new Entity.Work.Read<>(promise, System.nanoTime()));
        return promise.future();
    }

    public int entitiesInMemory() {
        return entities.size();
    }

    /** The estimated bytes of the entities in memory, as counted against the memory budget. */
    public long residentBytes() {
        return residentBytes.get();
    }

    /** Entities dropped from memory to stay within the memory budget. */
    public long evictedEntities() {
        return evicted.sum();
    }

    /** Work refused at once because its entity's queue or the memory for entities was full. */
    public long overloadRefusals() {
        return overloaded.sum();
    }

    public long appendedEvents() {
        return appendedEvents.sum();
    }

    /** Events read back from the store to (re)build entities: loads, and catching up after version conflicts. */
    public long replayedEvents() {
        return replayedEvents.sum();
    }

    public long versionConflicts() {
        return conflicts.sum();
    }

    @Override
    public void close() {
        vertx.cancelTimer(sweepTimer);
    }

    void dispatch(String entityId, Entity.Work<C, S> work) {
        Entity<C, E, S> entity = entities.get(entityId);
        if (entity == null) {
            if (residentBytes.get() > settings.memoryHardLimitBytes()) {
                refusedAsOverloaded();
                work.fail(new EntityOverloadedException("The memory for entities is full"));
                return;
            }
            entity = entities.computeIfAbsent(entityId, id -> new Entity<>(id, homeForNewEntity(), this));
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

    private void passivateIdleEntities() {
        long idleBefore = System.nanoTime() - settings.idleTimeout().toNanos();
        for (Entity<C, E, S> entity : entities.values()) {
            if (entity.lastUsedNanos() < idleBefore) {
                entity.home().runOnContext(v -> entity.passivateIfIdle());
            }
        }
    }

    /** Counts {@code deltaBytes} more (or fewer) resident bytes; past the budget, starts dropping entities. */
    void resident(long deltaBytes) {
        if (residentBytes.addAndGet(deltaBytes) > settings.memoryBudgetBytes() && evicting.compareAndSet(false, true)) {
            vertx.executeBlocking(this::evictLeastRecentlyUsed, false)
                    .onFailure(failure -> evicting.set(false));
        }
    }

    /**
     * On a worker thread (it sorts every entity in memory by last use): asks the least recently used entities to
     * drop out of memory, on their home event loops, until their bytes would bring the total down to the target.
     * Busy entities decline and stay; the next pass, once they are idle, takes them.
     */
    private Void evictLeastRecentlyUsed() {
        long excess = residentBytes.get() - settings.memoryBudgetBytes() * EVICT_DOWN_TO_PERCENT / 100;
        List<Candidate<C, E, S>> candidates = new ArrayList<>(entities.size());
        for (Entity<C, E, S> entity : entities.values()) {
            candidates.add(new Candidate<>(entity, entity.lastUsedNanos()));
        }
        candidates.sort(Comparator.comparingLong(Candidate::lastUsedNanos));
        List<Entity<C, E, S>> chosen = new ArrayList<>();
        for (int i = 0; i < candidates.size() && excess > 0; i++) {
            Entity<C, E, S> entity = candidates.get(i).entity();
            excess -= entity.residentBytes();
            chosen.add(entity);
        }
        if (chosen.isEmpty()) {
            evicting.set(false);
            return null;
        }
        AtomicInteger pending = new AtomicInteger(chosen.size());
        for (Entity<C, E, S> entity : chosen) {
            entity.home().runOnContext(v -> {
                if (entity.passivateIfIdle()) {
                    evicted.increment();
                }
                if (pending.decrementAndGet() == 0) {
                    evicting.set(false); // the next pass sees what this one freed
                }
            });
        }
        return null;
    }

    private record Candidate<C, E, S>(Entity<C, E, S> entity, long lastUsedNanos) {
    }

    void forget(String entityId, Entity<C, E, S> entity) {
        entities.remove(entityId, entity);
    }

    void refusedAsOverloaded() {
        overloaded.increment();
    }

    void appendedEvents(int count) {
        appendedEvents.add(count);
    }

    void replayedEvents(int count) {
        replayedEvents.add(count);
    }

    void conflicted() {
        conflicts.increment();
    }

    PostgresEventStore store() {
        return store;
    }

    PostgresSnapshotStore snapshots() {
        return snapshots;
    }

    EntityType<C, E, S> type() {
        return type;
    }

    EntitySettings settings() {
        return settings;
    }
}
