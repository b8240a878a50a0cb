package dev.boxoffice.http;

import io.vertx.core.Vertx;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * Whether the process's CPU quota held it back in most of its recent scheduling periods: the service is then at its
 * capacity, and a request kept waiting longer is served no sooner. The quota is the one a container's CPU limit sets
 * (the cgroup's CFS bandwidth); its counters are read from the cgroup's {@code cpu.stat}, which has the same two lines
 * in cgroup v1 and v2, a few times a second and off the event loop. Without a quota, or a readable file, the service
 * is never taken for throttled.
 */
public final class CpuThrottling implements AutoCloseable {

    /** How often the counters are read: a few CFS periods (100 ms by default) each time. */
    public static final Duration READ_EVERY = Duration.ofMillis(250);

    private static final Logger LOG = Logger.getLogger(CpuThrottling.class);

    private final Vertx vertx;
    private final Optional<Path> stat;
    private final Duration interval;
    private volatile boolean throttled;
    private Counters last;
    private long timer = -1;

    /** A cgroup's CFS counters: scheduling periods so far, and in how many of them the quota ran out. */
    record Counters(long periods, long throttledPeriods) {

        static Optional<Counters> parse(List<String> cpuStat) {
            long periods = -1;
            long throttledPeriods = -1;
            for (String line : cpuStat) {
                String[] field = line.strip().split("\\s+");
                if (field.length == 2 && field[0].equals("nr_periods")) {
                    periods = Long.parseLong(field[1]);
                } else if (field.length == 2 && field[0].equals("nr_throttled")) {
                    throttledPeriods = Long.parseLong(field[1]);
                }
            }
            return periods < 0 || throttledPeriods < 0 ? Optional.empty() : Optional.of(new Counters(periods, throttledPeriods));
        }

        /** Whether the quota ran out in at least half the periods since {@code before}. */
        boolean mostlyThrottledSince(Counters before) {
            long periodsSince = periods - before.periods;
            return periodsSince > 0 && 2 * (throttledPeriods - before.throttledPeriods) >= periodsSince;
        }
    }

    /**
     * @param stat     the cgroup's cpu.stat; empty: never throttled
     * @param interval how often it is read (a CFS period is 100 ms by default: a few periods each time)
     */
    public CpuThrottling(Vertx vertx, Optional<Path> stat, Duration interval) {
        this.vertx = vertx;
        this.stat = stat;
        this.interval = interval;
    }

    /** Whether the quota held the process back in most periods of the last interval. */
    public boolean throttled() {
        return throttled;
    }

    /**
     * The cpu.stat of the process's own CPU cgroup, found from /proc/self/cgroup; empty when there is none to read, or
     * when that cgroup sets no quota (its counters would never move, and reading them would be idle work for nothing).
     */
    public static Optional<Path> ownCpuStat() {
        try {
            return cpuStatsOf(Files.readAllLines(Path.of("/proc/self/cgroup")), Path.of("/sys/fs/cgroup")).stream()
                    .filter(Files::isReadable).findFirst().filter(CpuThrottling::mayHaveQuota);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * Whether the cgroup of {@code cpuStat} sets a CPU quota: cgroup v2's {@code cpu.max} starts with a number rather
     * than "max", v1's {@code cpu.cfs_quota_us} is positive. True when neither file can be read: then the counters
     * are read, as before a quota could be told apart.
     */
    static boolean mayHaveQuota(Path cpuStat) {
        Path group = cpuStat.getParent();
        try {
            Path max = group.resolve("cpu.max");
            if (Files.isReadable(max)) {
                return !Files.readString(max).strip().startsWith("max");
            }
            Path quota = group.resolve("cpu.cfs_quota_us");
            if (Files.isReadable(quota)) {
                return Long.parseLong(Files.readString(quota).strip()) > 0;
            }
        } catch (IOException | RuntimeException e) {
            return true;
        }
        return true;
    }

    /**
     * Where the cpu.stat of the cgroup that /proc/self/cgroup's lines name may be, in order: in the v1 hierarchy holding
     * the cpu controller, else in the unified (v2) one; at the group's path, then at the hierarchy's root (a container
     * without its own cgroup namespace sees its group's path, but has its group mounted at the root).
     */
    static List<Path> cpuStatsOf(List<String> procSelfCgroup, Path cgroupRoot) {
        Optional<Path> hierarchy = Optional.empty();
        String group = "";
        for (String line : procSelfCgroup) {
            String[] part = line.split(":", 3);
            if (part.length < 3) {
                continue;
            }
            if (Arrays.asList(part[1].split(",")).contains("cpu")) {
                hierarchy = Optional.of(cgroupRoot.resolve(part[1]));
                group = part[2];
                break;
            }
            if (part[0].equals("0") && part[1].isEmpty()) {
                hierarchy = Optional.of(cgroupRoot);
                group = part[2];
            }
        }
        String relative = group.startsWith("/") ? group.substring(1) : group;
        return hierarchy.map(root -> List.of(root.resolve(relative).resolve("cpu.stat"), root.resolve("cpu.stat")))
                .orElse(List.of());
    }

    public void start() {
        if (stat.isEmpty()) {
            LOG.info("No CPU quota (or no counters of one to read): admission never tightens for a throttled CPU");
            return;
        }
        timer = vertx.setPeriodic(Math.max(1, interval.toMillis()), t -> vertx.executeBlocking(this::sample, true));
    }

    private Void sample() {
        Optional<Counters> now = read();
        throttled = now.isPresent() && last != null && now.get().mostlyThrottledSince(last);
        last = now.orElse(null);
        return null;
    }

    private Optional<Counters> read() {
        try {
            return Counters.parse(Files.readAllLines(stat.orElseThrow()));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    @Override
    public void close() {
        if (timer >= 0) {
            vertx.cancelTimer(timer);
        }
        throttled = false;
    }
}
