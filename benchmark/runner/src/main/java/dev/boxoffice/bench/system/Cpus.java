package dev.boxoffice.bench.system;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * CPU time and resident memory of processes, read from /proc. CPU is in seconds of one core (user + system); a
 * process's own threads are included, and for a parent such as the PostgreSQL postmaster the time of its reaped
 * children as well, so that short-lived backends are not lost between two samples.
 */
public final class Cpus {

    private static final double TICKS_PER_SECOND = 100.0; // USER_HZ: 100 on every Linux build we know of

    private Cpus() {
    }

    /** CPU seconds used by the process itself. */
    public static double cpuSeconds(long pid) {
        long[] fields = statFields(pid);
        return fields == null ? 0 : (fields[13] + fields[14]) / TICKS_PER_SECOND;
    }

    /** CPU seconds of a process tree: the parent with its reaped children, plus every live descendant. */
    public static double treeCpuSeconds(long pid) {
        long[] parent = statFields(pid);
        if (parent == null) {
            return 0;
        }
        double total = (parent[13] + parent[14] + parent[15] + parent[16]) / TICKS_PER_SECOND;
        List<ProcessHandle> children = ProcessHandle.of(pid).map(p -> p.descendants().toList()).orElse(List.of());
        for (ProcessHandle child : children) {
            total += cpuSeconds(child.pid());
        }
        return total;
    }

    /**
     * Per core, seconds since boot (/proc/stat, read once) that were busy (anything but idle and I/O wait, steal
     * included: time the hypervisor kept from the core is time our processes could not run) and that were stolen.
     */
    public record CoreSeconds(double[] busy, double[] steal) {
    }

    /** Both per-core counters from one read of /proc/stat; empty arrays if unreadable. */
    public static CoreSeconds coreSeconds() {
        try {
            List<long[]> cores = Files.readAllLines(Path.of("/proc/stat")).stream().filter(l -> l.matches("^cpu\\d+ .*"))
                    .map(line -> {
                        String[] f = line.trim().split("\\s+");
                        long[] fields = new long[9]; // fields[1..8]: user nice system idle iowait irq softirq steal
                        for (int i = 1; i < f.length && i < fields.length; i++) {
                            fields[i] = Long.parseLong(f[i]);
                        }
                        return fields;
                    }).toList();
            return new CoreSeconds(
                    cores.stream().mapToDouble(f -> (f[1] + f[2] + f[3] + f[6] + f[7] + f[8]) / TICKS_PER_SECOND).toArray(),
                    cores.stream().mapToDouble(f -> f[8] / TICKS_PER_SECOND).toArray());
        } catch (IOException | RuntimeException e) {
            return new CoreSeconds(new double[0], new double[0]);
        }
    }

    /** Resident set size in MiB, or 0 when the process is gone. */
    public static double rssMiB(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024.0;
                }
            }
        } catch (IOException | RuntimeException e) {
            return 0;
        }
        return 0;
    }

    /** Cores of the machine, whatever this process is pinned to (the JVM's own count follows its affinity). */
    public static int onlineCpus() {
        try {
            long processors = Files.readAllLines(Path.of("/proc/cpuinfo")).stream().filter(l -> l.startsWith("processor")).count();
            return processors > 0 ? (int) processors : Runtime.getRuntime().availableProcessors();
        } catch (IOException e) {
            return Runtime.getRuntime().availableProcessors();
        }
    }

    /** Numeric fields of /proc/PID/stat: {@code fields[k]} is field k+1 of proc(5), so utime (field 14) is at 13. */
    private static long[] statFields(long pid) {
        String stat;
        try {
            stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        } catch (IOException e) {
            return null;
        }
        // The command name (field 2) may contain spaces; it is enclosed in the last pair of parentheses.
        String[] rest = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
        long[] fields = new long[rest.length + 2];
        for (int i = 1; i < rest.length; i++) {
            fields[i + 2] = parseOrZero(rest[i]);
        }
        return fields;
    }

    private static long parseOrZero(String value) {
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
