package dev.boxoffice.bench.system;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Which cores the service, PostgreSQL and the load generator run on. On a shared machine they otherwise fight for
 * the same cores without anyone seeing it; pinned, each one's CPU use is its own and the report can say who ran where.
 *
 * @param service cpu list for the service under test (taskset syntax, e.g. {@code 0} or {@code 0-1})
 * @param postgres cpu list for the PostgreSQL server and its backends
 * @param loadGenerator cpu list for this process, the load generator
 * @param enabled false when pinning was switched off or taskset is missing
 * @param serviceQuota the CPU quota of each service process (--service-cpus); null: none
 */
@JsonInclude(JsonInclude.Include.NON_NULL) // a run without a quota reads and writes as before quotas existed
public record Pinning(String service, String postgres, String loadGenerator, boolean enabled, CpuQuota serviceQuota) {

    /** Service alone on the first half of the cores, PostgreSQL and the (light) generator share the rest. */
    public static Pinning defaults(int cpus) {
        if (cpus < 2) {
            return new Pinning("0", "0", "0", true, null);
        }
        int half = cpus / 2;
        String first = half == 1 ? "0" : "0-" + (half - 1);
        String second = cpus - half == 1 ? Integer.toString(half) : half + "-" + (cpus - 1);
        return new Pinning(first, second, second, true, null);
    }

    public static Pinning disabled() {
        return new Pinning("all", "all", "all", false, null);
    }

    /** The same, each service process under {@code quota} (null: none). */
    public Pinning withServiceQuota(CpuQuota quota) {
        return new Pinning(service, postgres, loadGenerator, enabled, quota);
    }

    /** The command prefix that starts a service process: under its CPU quota if any, on the service's cores. */
    public List<String> servicePrefix() {
        List<String> prefix = new ArrayList<>(serviceQuota == null ? List.of() : serviceQuota.prefix());
        prefix.addAll(prefix(service));
        return prefix;
    }

    /** The command prefix that starts the edge (HAProxy): on the service's cores, outside its CPU quota. */
    public List<String> edgePrefix() {
        return prefix(service);
    }

    /** The command prefix that starts a process on the given cores. */
    public List<String> prefix(String cpus) {
        return enabled ? List.of("taskset", "-c", cpus) : List.of();
    }

    /**
     * The command prefix for work that is not measured and should have every core (a build before the run): this
     * process runs on the load generator's cores, and its children would inherit them.
     */
    public List<String> everyCorePrefix() {
        int cpus = Cpus.onlineCpus();
        return prefix(cpus == 1 ? "0" : "0-" + (cpus - 1));
    }

    /** Moves every thread of a running process (and, through inheritance, its future children) to the cores. */
    public void pin(long pid, String cpus) {
        if (!enabled) {
            return;
        }
        List<String> command = new ArrayList<>(List.of("taskset", "-a", "-p", "-c", cpus, Long.toString(pid)));
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes());
            if (!process.waitFor(10, TimeUnit.SECONDS) || process.exitValue() != 0) {
                throw new IllegalStateException("taskset failed for pid " + pid + ": " + output.trim());
            }
        } catch (IOException e) {
            throw new IllegalStateException("taskset is not available; install util-linux or pass --no-pin", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Pins a process and every descendant it already has (PostgreSQL forks its helpers at start-up). */
    public void pinTree(long pid, String cpus) {
        pin(pid, cpus);
        ProcessHandle.of(pid).ifPresent(p -> p.descendants().forEach(child -> pin(child.pid(), cpus)));
    }

    public static boolean tasksetAvailable() {
        try {
            Process process = new ProcessBuilder("taskset", "-V").redirectErrorStream(true).start();
            process.getInputStream().readAllBytes();
            return process.waitFor(5, TimeUnit.SECONDS) && process.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    public String describe() {
        return (enabled
                ? "service on cpu " + service + ", PostgreSQL on cpu " + postgres + ", load generator on cpu " + loadGenerator
                : "not pinned (every process may run on every core)")
                + (serviceQuota == null ? "" : "; service limited to " + serviceQuota.describe());
    }
}
