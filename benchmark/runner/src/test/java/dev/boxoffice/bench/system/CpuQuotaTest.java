package dev.boxoffice.bench.system;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A process started under a quota of a fifth of a core gets about that, busy as it is; its cgroup goes with it. */
class CpuQuotaTest {

    @Test
    void aBusyProcessGetsItsQuotaAndNoMore() throws Exception {
        try (CpuQuota quota = CpuQuota.create(0.2)) {
            List<String> command = new ArrayList<>(quota.prefix());
            command.addAll(List.of("sh", "-c", "while :; do :; done"));
            Process busy = new ProcessBuilder(command).start();
            try {
                double before = Cpus.cpuSeconds(busy.pid());
                long start = System.nanoTime();
                Thread.sleep(2000);
                double used = Cpus.cpuSeconds(busy.pid()) - before;
                double elapsed = (System.nanoTime() - start) / 1e9;
                assertThat(used / elapsed).as("cores used").isBetween(0.1, 0.3);
                assertThat(Files.readString(quota.base().resolve(Long.toString(busy.pid())).resolve("cgroup.procs")).strip())
                        .isEqualTo(Long.toString(busy.pid()));
            } finally {
                busy.destroyForcibly().waitFor();
            }
            assertThat(quota.describe()).isEqualTo("0.2 cores per service process (CFS quota 20 ms per 100 ms period, cgroup "
                    + (quota.v2() ? "v2" : "v1") + ")");
            quota.close();
            assertThat(quota.base()).doesNotExist();
        }
    }
}
