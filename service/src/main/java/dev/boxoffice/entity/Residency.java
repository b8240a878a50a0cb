package dev.boxoffice.entity;

import io.vertx.core.Context;
import io.vertx.core.Vertx;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;

/**
 * Which entities stay in memory. Memory is bounded in bytes, not in entities (a hall of 10,000 seats and one of 50
 * differ by 25 times): each entity counts for an estimate of what it holds. Past the budget the least recently used
 * idle entities are dropped, down to {@value #EVICT_DOWN_TO_PERCENT} % of it; past the budget by a quarter (entities
 * arrive faster than they can be dropped, or all are busy) the runtime refuses entities not in memory instead of
 * loading them. Entities idle longer than the idle timeout are dropped too.
 */
final class Residency implements AutoCloseable {

    static final int EVICT_DOWN_TO_PERCENT = 85;

    /** What residency needs of an entity; its methods other than the two getters run on the entity's home context. */
    interface Resident {
        Context home();

        long lastUsedNanos();

        long residentBytes();

        /** Drops the entity from memory unless it has work; true if it did. */
        boolean passivateIfIdle();
    }

    private final Vertx vertx;
    private final EntitySettings settings;
    private final Supplier<Collection<? extends Resident>> residents;
    private final AtomicLong bytes = new AtomicLong();
    private final AtomicBoolean evicting = new AtomicBoolean();
    private final LongAdder evicted = new LongAdder();
    private final long sweepTimer;

    Residency(Vertx vertx, EntitySettings settings, Supplier<Collection<? extends Resident>> residents) {
        this.vertx = vertx;
        this.settings = settings;
        this.residents = residents;
        long sweepMillis = Math.max(100, Math.min(settings.idleTimeout().toMillis() / 2, 10_000));
        this.sweepTimer = vertx.setPeriodic(sweepMillis, id -> passivateIdle());
    }

    /** Counts {@code deltaBytes} more (or fewer) resident bytes; past the budget, starts dropping entities. */
    void resize(long deltaBytes) {
        if (bytes.addAndGet(deltaBytes) > settings.memoryBudgetBytes() && evicting.compareAndSet(false, true)) {
            vertx.executeBlocking(this::evictLeastRecentlyUsed, false).onFailure(failure -> evicting.set(false));
        }
    }

    /** Past the hard limit: no entity may be loaded until some are dropped. */
    boolean full() {
        return bytes.get() > settings.memoryHardLimitBytes();
    }

    long bytes() {
        return bytes.get();
    }

    long evicted() {
        return evicted.sum();
    }

    private void passivateIdle() {
        long idleBefore = System.nanoTime() - settings.idleTimeout().toNanos();
        for (Resident resident : residents.get()) {
            if (resident.lastUsedNanos() < idleBefore) {
                resident.home().runOnContext(v -> resident.passivateIfIdle());
            }
        }
    }

    /**
     * On a worker thread (it sorts every entity in memory by last use): asks the least recently used entities to
     * drop out of memory, on their home event loops, until their bytes would bring the total down to the target.
     * Busy entities decline and stay; the next pass, once they are idle, takes them.
     */
    private Void evictLeastRecentlyUsed() {
        long excess = bytes.get() - settings.memoryBudgetBytes() * EVICT_DOWN_TO_PERCENT / 100;
        List<Candidate> candidates = new ArrayList<>();
        for (Resident resident : residents.get()) {
            candidates.add(new Candidate(resident, resident.lastUsedNanos()));
        }
        candidates.sort(Comparator.comparingLong(Candidate::lastUsedNanos));
        List<Resident> chosen = new ArrayList<>();
        for (int i = 0; i < candidates.size() && excess > 0; i++) {
            excess -= candidates.get(i).resident().residentBytes();
            chosen.add(candidates.get(i).resident());
        }
        if (chosen.isEmpty()) {
            evicting.set(false);
            return null;
        }
        AtomicInteger pending = new AtomicInteger(chosen.size());
        for (Resident resident : chosen) {
            resident.home().runOnContext(v -> {
                if (resident.passivateIfIdle()) {
                    evicted.increment();
                }
                if (pending.decrementAndGet() == 0) {
                    evicting.set(false); // the next pass sees what this one freed
                }
            });
        }
        return null;
    }

    private record Candidate(Resident resident, long lastUsedNanos) {
    }

    @Override
    public void close() {
        vertx.cancelTimer(sweepTimer);
    }
}
