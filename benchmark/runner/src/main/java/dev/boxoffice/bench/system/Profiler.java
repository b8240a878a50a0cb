package dev.boxoffice.bench.system;

import com.sun.tools.attach.VirtualMachine;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * CPU flame graphs of the service with async-profiler, attached to the running JVM only for the measured steps
 * (warm-up and start-up stay out of the picture). The agent's native library ships inside the async-profiler jar.
 */
public final class Profiler {

    private static final String LIBRARY_RESOURCE = "/linux-x64/libasyncProfiler.so";

    private final long pid;
    private final Path library;
    private boolean running;

    private Profiler(long pid, Path library) {
        this.pid = pid;
        this.library = library;
    }

    /** A profiler for the JVM with {@code pid}; the library is unpacked into {@code workDirectory}. */
    public static Profiler attachTo(long pid, Path workDirectory) {
        String arch = System.getProperty("os.arch");
        if (!System.getProperty("os.name").toLowerCase().contains("linux") || !(arch.equals("amd64") || arch.equals("x86_64"))) {
            throw new IllegalStateException("--profile needs Linux on x86-64 (async-profiler's bundled library)");
        }
        try (InputStream in = Profiler.class.getResourceAsStream(LIBRARY_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("async-profiler library missing from the classpath");
            }
            Files.createDirectories(workDirectory);
            Path library = workDirectory.resolve("libasyncProfiler.so");
            Files.copy(in, library, StandardCopyOption.REPLACE_EXISTING);
            return new Profiler(pid, library);
        } catch (IOException e) {
            throw new IllegalStateException("could not unpack async-profiler", e);
        }
    }

    /** Starts sampling on-CPU stacks of every thread, Java and native, every millisecond of CPU time. */
    public void start() {
        command("start,event=cpu,interval=1ms");
        running = true;
    }

    /**
     * Stops sampling and writes everything sampled since {@link #start()} twice: a self-contained HTML flame graph,
     * and the same stacks as text (collapsed: one stack per line with its sample count) next to it for grep and diff.
     */
    public void stopInto(Path flameGraphHtml) {
        if (!running) {
            return;
        }
        running = false;
        String collapsed = flameGraphHtml.toAbsolutePath().toString().replaceFirst("\\.html$", "") + ".collapsed.txt";
        command("dump,collapsed,file=" + collapsed);
        command("stop,title=" + flameGraphHtml.getFileName() + ",file=" + flameGraphHtml.toAbsolutePath());
    }

    private void command(String arguments) {
        try {
            VirtualMachine vm = VirtualMachine.attach(Long.toString(pid));
            try {
                vm.loadAgentPath(library.toAbsolutePath().toString(), arguments);
            } finally {
                vm.detach();
            }
        } catch (Exception e) {
            throw new IllegalStateException("async-profiler '" + arguments + "' on pid " + pid + " failed: " + e, e);
        }
    }
}
