package dev.boxoffice.bench.system;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Holds a process and its descendants still (SIGSTOP) and lets them go on (SIGCONT). A variant waiting for its
 * turn is held still, so that the background work of its JVM and its PostgreSQL server (the JIT, the collector,
 * autovacuum, checkpoints, timers) runs in its own turn instead of in another variant's step.
 */
public final class ProcessTree {

    private ProcessTree() {
    }

    /** Stops the process first, so that it forks no child the list of descendants would miss, then every descendant. */
    public static void stop(long pid) {
        kill("-STOP", List.of(pid));
        kill("-STOP", descendants(pid));
    }

    public static void resume(long pid) {
        List<Long> all = new ArrayList<>(descendants(pid));
        all.add(pid);
        kill("-CONT", all);
    }

    private static List<Long> descendants(long pid) {
        return ProcessHandle.of(pid).map(p -> p.descendants().map(ProcessHandle::pid).toList()).orElse(List.of());
    }

    /** A process gone meanwhile is no error here: the variant's next request reports a dead variant far more clearly. */
    private static void kill(String signal, List<Long> pids) {
        if (pids.isEmpty()) {
            return;
        }
        List<String> command = new ArrayList<>(List.of("kill", signal));
        pids.forEach(pid -> command.add(Long.toString(pid)));
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            process.getInputStream().readAllBytes();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException("kill " + signal + " did not return within 10 s");
            }
        } catch (IOException e) {
            throw new IllegalStateException("kill is not available (procps): variants measured in turns need it", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
