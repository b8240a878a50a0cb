package dev.boxoffice.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxoffice.http.CpuThrottling.Counters;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CpuThrottlingTest {

    private static final Path ROOT = Path.of("/sys/fs/cgroup");

    @Test
    void readsTheCountersOfCgroupV1AndV2() {
        assertThat(Counters.parse(List.of("nr_periods 120", "nr_throttled 61", "throttled_time 2990000000")))
                .contains(new Counters(120, 61));
        assertThat(Counters.parse(List.of("usage_usec 8", "user_usec 5", "system_usec 3", "nr_periods 7",
                "nr_throttled 0", "throttled_usec 0"))).contains(new Counters(7, 0));
        assertThat(Counters.parse(List.of("usage_usec 8"))).isEmpty(); // no quota's counters: never throttled
    }

    @Test
    void throttledInAtLeastHalfThePeriodsSinceTheLastReadingIsThrottled() {
        Counters before = new Counters(100, 40);
        assertThat(new Counters(103, 42).mostlyThrottledSince(before)).isTrue();
        assertThat(new Counters(104, 42).mostlyThrottledSince(before)).isTrue();
        assertThat(new Counters(105, 42).mostlyThrottledSince(before)).isFalse();
        assertThat(new Counters(100, 40).mostlyThrottledSince(before)).isFalse(); // idle: no period ran
        assertThat(new Counters(3, 3).mostlyThrottledSince(before)).isFalse(); // counters reset
    }

    @Test
    void findsTheCpuStatOfTheProcesssCgroupInV1V2AndAContainer() {
        assertThat(CpuThrottling.cpuStatsOf(List.of("4:memory:/a", "3:cpu,cpuacct:/kubepods/pod1/c1", "0::/x"), ROOT))
                .containsExactly(Path.of("/sys/fs/cgroup/cpu,cpuacct/kubepods/pod1/c1/cpu.stat"),
                        Path.of("/sys/fs/cgroup/cpu,cpuacct/cpu.stat"));
        assertThat(CpuThrottling.cpuStatsOf(List.of("0::/system.slice/boxoffice.service"), ROOT))
                .containsExactly(Path.of("/sys/fs/cgroup/system.slice/boxoffice.service/cpu.stat"),
                        Path.of("/sys/fs/cgroup/cpu.stat"));
        assertThat(CpuThrottling.cpuStatsOf(List.of("0::/"), ROOT)).first().isEqualTo(Path.of("/sys/fs/cgroup/cpu.stat"));
        assertThat(CpuThrottling.cpuStatsOf(List.of("2:memory:/a"), ROOT)).isEmpty();
    }

    @Test
    void aCgroupWithoutAQuotaIsNotWatched(@TempDir Path v2, @TempDir Path v1, @TempDir Path unknown) throws Exception {
        Files.writeString(v2.resolve("cpu.max"), "max 100000\n");
        assertThat(CpuThrottling.mayHaveQuota(v2.resolve("cpu.stat"))).isFalse();
        Files.writeString(v2.resolve("cpu.max"), "25000 100000\n");
        assertThat(CpuThrottling.mayHaveQuota(v2.resolve("cpu.stat"))).isTrue();
        Files.writeString(v1.resolve("cpu.cfs_quota_us"), "-1\n");
        assertThat(CpuThrottling.mayHaveQuota(v1.resolve("cpu.stat"))).isFalse();
        Files.writeString(v1.resolve("cpu.cfs_quota_us"), "50000\n");
        assertThat(CpuThrottling.mayHaveQuota(v1.resolve("cpu.stat"))).isTrue();
        assertThat(CpuThrottling.mayHaveQuota(unknown.resolve("cpu.stat"))).as("no file tells: watched, as before").isTrue();
    }
}
