package dev.boxoffice.bench.run;

import dev.boxoffice.bench.system.Cpus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** What the run was measured on. */
public record Machine(String cpuModel, int cpus, double memoryGiB, String kernel, String jdk, String postgres) {

    public static Machine describe(String postgresVersion) {
        return new Machine(readCpuModel(), Cpus.onlineCpus(), readMemoryGiB(),
                System.getProperty("os.name") + " " + System.getProperty("os.version"),
                System.getProperty("java.vm.name") + " " + Runtime.version(), postgresVersion);
    }

    private static String readCpuModel() {
        try {
            return Files.readAllLines(Path.of("/proc/cpuinfo")).stream().filter(l -> l.startsWith("model name"))
                    .map(l -> l.substring(l.indexOf(':') + 1).trim()).findFirst().orElse("unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }

    private static double readMemoryGiB() {
        try {
            return Files.readAllLines(Path.of("/proc/meminfo")).stream().filter(l -> l.startsWith("MemTotal:"))
                    .mapToLong(l -> Long.parseLong(l.replaceAll("[^0-9]", ""))).findFirst().orElse(0) / 1048576.0;
        } catch (IOException e) {
            return 0;
        }
    }
}
