package dev.boxoffice.bench.scenario;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * Runs several tasks in turns: each on a thread of its own, exactly one of them running at any moment, handing over
 * only where a task calls {@link #pass}, round-robin in the order given.
 *
 * <p>A variants run measures its variants this way, a step each in turn, so that a slow hour of a shared host falls
 * on every variant alike instead of on whichever one was measured in it. The fair lock is the whole mechanism: it
 * goes to the thread that has waited longest, so a task that passes queues behind every other one.
 */
public final class Turns {

    private final ReentrantLock turn = new ReentrantLock(true);
    private volatile Throwable failure;

    /** Runs every task to its end, in turns; returns their results in order, or throws the first failure. */
    public <T> List<T> run(List<String> names, List<Supplier<T>> tasks) {
        List<T> results = new ArrayList<>(Collections.nCopies(tasks.size(), null));
        List<Thread> threads = new ArrayList<>();
        turn.lock(); // held while the tasks queue up, so that the first round goes in the order given
        try {
            for (int i = 0; i < tasks.size(); i++) {
                int index = i;
                Thread thread = new Thread(() -> runInTurns(tasks.get(index), results, index), "turn-" + names.get(i));
                threads.add(thread);
                thread.start();
                while (!turn.hasQueuedThread(thread) && thread.isAlive()) {
                    Thread.onSpinWait();
                }
            }
        } finally {
            turn.unlock();
        }
        for (Thread thread : threads) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while the tasks ran in turns", e);
            }
        }
        if (failure != null) {
            throw failure instanceof RuntimeException runtime ? runtime : new IllegalStateException(failure);
        }
        return results;
    }

    /** Called by a task at a point where another may run: returns when its turn has come round again. */
    public void pass() {
        turn.unlock();
        turn.lock();
        if (failure != null) {
            throw new Abandoned();
        }
    }

    private <T> void runInTurns(Supplier<T> task, List<T> results, int index) {
        turn.lock();
        try {
            if (failure == null) {
                results.set(index, task.get());
            }
        } catch (Abandoned abandoned) {
            // another task failed; its failure is the one reported
        } catch (Throwable e) {
            if (failure == null) {
                failure = e;
            }
        } finally {
            turn.unlock();
        }
    }

    /** Stops a task at its next turn once another has failed: what the rest would measure is thrown away anyway. */
    private static final class Abandoned extends RuntimeException {
        Abandoned() {
            super("stopped: another task failed", null, false, false);
        }
    }
}
