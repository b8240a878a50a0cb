package dev.boxoffice.bench.system;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * A CPU limit for each service process, set as a container's CPU limit sets it (a Kubernetes {@code limits.cpu},
 * {@code docker run --cpus}): a CFS quota in a cgroup of the process's own, {@code cpus} cores' worth of time per
 * 100 ms period. On a machine whose cores the load generator needs too, this is how a scenario overloads the service
 * and not the generator. cgroup v2 ({@code cpu.max}) where the unified hierarchy has the cpu controller, else v1's
 * cpu hierarchy ({@code cpu.cfs_quota_us}); each process joins its cgroup before it execs, so its every thread is in.
 *
 * @param cpus the quota, in cores
 * @param base the run's cgroup folder; each process gets a sub-folder named after its pid
 * @param v2   whether it is cgroup v2
 */
public record CpuQuota(double cpus, Path base, boolean v2) implements AutoCloseable {

    static final long PERIOD_MICROS = 100_000;
    private static final Path ROOT = Path.of("/sys/fs/cgroup");

    /** Makes the run's cgroup folder; fails with one line saying what is missing where no cgroup is writable. */
    public static CpuQuota create(double cpus) {
        if (!(cpus > 0)) {
            throw new IllegalArgumentException("--service-cpus must be above 0, for example 0.5");
        }
        String name = "boxoffice-bench-" + ProcessHandle.current().pid();
        try {
            if (Files.isRegularFile(ROOT.resolve("cgroup.controllers"))
                    && Files.readString(ROOT.resolve("cgroup.controllers")).contains("cpu")) {
                Files.writeString(ROOT.resolve("cgroup.subtree_control"), "+cpu");
                Path base = Files.createDirectories(ROOT.resolve(name));
                Files.writeString(base.resolve("cgroup.subtree_control"), "+cpu");
                return new CpuQuota(cpus, base, true);
            }
            if (Files.isRegularFile(ROOT.resolve("cpu/cpu.cfs_quota_us"))) {
                return new CpuQuota(cpus, Files.createDirectories(ROOT.resolve("cpu").resolve(name)), false);
            }
        } catch (IOException e) {
            throw new IllegalStateException("--service-cpus needs a writable cgroup under " + ROOT + " (" + e.getMessage()
                    + "): run as root, or in a container whose cgroup is writable");
        }
        throw new IllegalStateException("--service-cpus needs the cgroup cpu controller (v2, or v1's cpu hierarchy) under "
                + ROOT + "; this machine has neither");
    }

    /** The command prefix that starts a process in a cgroup of its own under the quota. */
    public List<String> prefix() {
        long quota = Math.max(1000, Math.round(cpus * PERIOD_MICROS));
        String limit = v2
                ? "echo '" + quota + " " + PERIOD_MICROS + "' > \"$d/cpu.max\""
                : "echo " + PERIOD_MICROS + " > \"$d/cpu.cfs_period_us\" && echo " + quota + " > \"$d/cpu.cfs_quota_us\"";
        String script = "d='" + base + "'/$$ && mkdir \"$d\" && " + limit + " && echo $$ > \"$d/cgroup.procs\" && exec \"$@\"";
        return List.of("sh", "-c", script, "sh");
    }

    public String describe() {
        return String.format("%.2f", cpus).replaceAll("\\.?0+$", "") + " cores per service process (CFS quota "
                + Math.round(cpus * PERIOD_MICROS / 1000) + " ms per " + PERIOD_MICROS / 1000 + " ms period, cgroup "
                + (v2 ? "v2" : "v1") + ")";
    }

    /** Removes the cgroups, once their processes are gone (a cgroup with a process in it stays). */
    @Override
    public void close() {
        try (Stream<Path> children = Files.list(base)) {
            children.filter(Files::isDirectory).forEach(CpuQuota::removeQuietly);
        } catch (IOException e) {
            // gone already
        }
        removeQuietly(base);
    }

    private static void removeQuietly(Path cgroup) {
        try {
            Files.deleteIfExists(cgroup);
        } catch (IOException e) {
            // still has a process, or gone
        }
    }
}
