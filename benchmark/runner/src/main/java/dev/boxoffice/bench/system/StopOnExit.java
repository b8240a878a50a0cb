package dev.boxoffice.bench.system;

import java.util.Deque;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedDeque;

/**
 * The servers the runner started and has not stopped yet. When the runner itself is stopped early (Ctrl-C, a kill,
 * a CI timeout) a shutdown hook stops them, newest first (the service before its database), instead of leaving
 * them running on the cores and ports of the next run.
 */
public final class StopOnExit {

    private static final Deque<AutoCloseable> RUNNING = new ConcurrentLinkedDeque<>();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(StopOnExit::stopAll, "bench-stop-on-exit"));
    }

    private StopOnExit() {
    }

    public static void started(AutoCloseable server) {
        RUNNING.push(server);
    }

    /** True the first time it is called for a started server: only then does it still need stopping. */
    public static boolean stopping(AutoCloseable server) {
        return RUNNING.remove(server);
    }

    private static void stopAll() {
        for (AutoCloseable server : List.copyOf(RUNNING)) {
            try {
                server.close();
            } catch (Exception e) {
                System.err.println("bench: could not stop " + server + ": " + e.getMessage());
            }
        }
    }
}
