package dev.boxoffice.entity;

import dev.boxoffice.eventstore.PostgresEventStore;
import io.smallrye.common.vertx.VertxContext;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Keeps entities of one type in memory and routes every command and query to its entity's single writer.
 *
 * <p>An entity lives on the event loop of the request that brought it into memory (its home): work for it that
 * arrives on another event loop hops there once, work arriving on the home loop runs without any hop. Entities
 * idle longer than the idle timeout, or beyond the maximum count, are dropped and later rebuilt from the store.
 */
public final class EntityRuntime<C, E, S> implements AutoCloseable {

    private final Vertx vertx;
    private final PostgresEventStore store;
    private final EntityType<C, E, S> type;
    private final EntitySettings settings;
    private final ConcurrentHashMap<String, Entity<C, E, S>> entities = new ConcurrentHashMap<>();
    private final LongAdder appendedEvents = new LongAdder();
    private final LongAdder conflicts = new LongAdder();
    private final long sweepTimer;

    public EntityRuntime(Vertx vertx, PostgresEventStore store, EntityType<C, E, S> type, EntitySettings settings) {
        this.vertx = vertx;
        this.store = store;
        this.type = type;
        this.settings = settings;
        long sweepMillis = Math.max(100, Math.min(settings.idleTimeout().toMillis() / 2, 10_000));
        this.sweepTimer = vertx.setPeriodic(sweepMillis, id -> passivateIdleEntities());
    }

    /** Runs a command on the entity; completes once its events are committed or the domain refused it. */
    public Uni<CommandOutcome<S>> send(String entityId, C command, String correlationId) {
        if (command == null) {
            throw new IllegalArgumentException("command must not be null");
        }
        return submit(entityId, command, correlationId);
    }

    /** The entity's committed state (its initial state if it has no events), after every command sent before. */
    public Uni<S> state(String entityId) {
        return submit(entityId, null, null).map(outcome -> ((CommandOutcome.Accepted<S>) outcome).state());
    }

    public int entitiesInMemory() {
        return entities.size();
    }

    public long appendedEvents() {
        return appendedEvents.sum();
    }

    public long versionConflicts() {
        return conflicts.sum();
    }

    @Override
    public void close() {
        vertx.cancelTimer(sweepTimer);
    }

    private Uni<CommandOutcome<S>> submit(String entityId, C command, String correlationId) {
        return Uni.createFrom().deferred(() -> {
            Promise<CommandOutcome<S>> promise = Promise.promise();
            dispatch(entityId, new Entity.Work<>(command, correlationId, promise, 1));
            return Uni.createFrom().completionStage(promise.future().toCompletionStage());
        });
    }

    void dispatch(String entityId, Entity.Work<C, S> work) {
        Entity<C, E, S> entity = entities.computeIfAbsent(entityId, id -> new Entity<>(id, homeForNewEntity(), this));
        Context current = Vertx.currentContext();
        if (current != null && Context.isOnEventLoopThread() && VertxContext.getRootContext(current) == entity.home()) {
            entity.enqueue(work);
        } else {
            entity.home().runOnContext(v -> entity.enqueue(work));
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
        List<Entity<C, E, S>> all = List.copyOf(entities.values());
        int excess = all.size() - settings.maxInMemory();
        if (excess > 0) {
            all.stream().sorted(Comparator.comparingLong(Entity::lastUsedNanos)).limit(excess)
                    .forEach(e -> e.home().runOnContext(v -> e.passivateIfIdle()));
        }
        for (Entity<C, E, S> entity : all) {
            if (entity.lastUsedNanos() < idleBefore) {
                entity.home().runOnContext(v -> entity.passivateIfIdle());
            }
        }
    }

    void forget(String entityId, Entity<C, E, S> entity) {
        entities.remove(entityId, entity);
    }

    void appendedEvents(int count) {
        appendedEvents.add(count);
    }

    void conflicted() {
        conflicts.increment();
    }

    PostgresEventStore store() {
        return store;
    }

    EntityType<C, E, S> type() {
        return type;
    }

    EntitySettings settings() {
        return settings;
    }
}
