package dev.boxoffice.bench.measure;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.function.Supplier;

/**
 * Runs several tasks in turns: each on a thread of its own, exactly one of them running at any moment, handing over
 * only where a task calls {@link #pass}, round-robin in the order given.
 *
 * <p>A variants run measures its variants this way, a step each in turn, one scenario at a time, so that a slow hour of
 * a shared host falls on every variant alike instead of on whichever one was measured in it. The order is a queue of threads: a task that
 * passes goes to its end in the same moment as it lets go, so none can overtake another (a fair lock does not promise
 * that: between its release and its next request a thread can take the lock back before the one it woke).
 */
public final class Turns {

    private final Object monitor = new Object();
    private final Deque<Thread> waiting = new ArrayDeque<>(); // guarded by monitor, like running
    private Thread running;
    private volatile Throwable failure;

    /** Runs every task to its end, in turns; returns their results in order, or throws the first failure. */
    public <T> List<T> run(List<String> names, List<Supplier<T>> tasks) {
        List<T> results = new ArrayList<>(Collections.nCopies(tasks.size(), null));
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < tasks.size(); i++) {
            int index = i;
            threads.add(new Thread(() -> runInTurns(tasks.get(index), results, index), "turn-" + names.get(i)));
        }
        synchronized (monitor) {
            waiting.addAll(threads);
        }
        threads.forEach(Thread::start);
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
        synchronized (monitor) {
            waiting.addLast(Thread.currentThread());
            running = null;
            monitor.notifyAll();
            awaitTurn();
        }
        if (failure != null) {
            throw new Abandoned();
        }
    }

    private <T> void runInTurns(Supplier<T> task, List<T> results, int index) {
        try {
            synchronized (monitor) {
                awaitTurn();
            }
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
            synchronized (monitor) {
                if (running == Thread.currentThread()) {
                    running = null;
                }
                monitor.notifyAll();
            }
        }
    }

    /** Waits, holding the monitor, until no task runs and this thread is first in the queue; then runs. */
    private void awaitTurn() {
        Thread self = Thread.currentThread();
        try {
            while (running != null || waiting.peekFirst() != self) {
                monitor.wait();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            waiting.remove(self);
            throw new IllegalStateException("interrupted while waiting for its turn", e);
        }
        waiting.removeFirst();
        running = self;
    }

    /** Stops a task at its next turn once another has failed: what the rest would measure is thrown away anyway. */
    private static final class Abandoned extends RuntimeException {
        Abandoned() {
            super("stopped: another task failed", null, false, false);
        }
    }
}
