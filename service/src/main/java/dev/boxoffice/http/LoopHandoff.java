package dev.boxoffice.http;

import io.vertx.core.Context;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Hands work to the event loops, one task per loop for all the work queued for it meanwhile: a change sent to a
 * thousand streams wakes each loop once, not a thousand times (a wake-up of another thread's loop is a system call).
 * Work is queued by the thread of its event loop; any context on that thread runs it there.
 */
final class LoopHandoff {

    private final Map<Thread, Loop> loops = new ConcurrentHashMap<>();

    /** Runs {@code work} on the event loop of {@code thread}, whose context {@code context} is. */
    void run(Thread thread, Context context, Runnable work) {
        Loop loop = loops.computeIfAbsent(thread, t -> new Loop(context));
        loop.queued.add(work);
        if (loop.scheduled.compareAndSet(false, true)) {
            loop.context.runOnContext(v -> loop.drain());
        }
    }

    private static final class Loop {
        final Context context;
        final ConcurrentLinkedQueue<Runnable> queued = new ConcurrentLinkedQueue<>();
        final AtomicBoolean scheduled = new AtomicBoolean();

        Loop(Context context) {
            this.context = context;
        }

        void drain() {
            scheduled.set(false); // work queued from here on schedules another drain, or is taken by this one
            for (Runnable work = queued.poll(); work != null; work = queued.poll()) {
                work.run();
            }
        }
    }
}
