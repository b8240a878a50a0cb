package dev.boxoffice.bench.system;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** A packaged Quarkus application started as its own JVM on its own cores, timed from spawn to first served request. */
public final class JavaService implements AutoCloseable {

    private static final HttpClient PROBE = BlockingHttp.client(Duration.ofMillis(500));

    private final String name;
    private final Process process;
    private final int port;
    private final Path log;
    private final long spawnedAtNanos;
    private double startMillis = Double.NaN;

    private JavaService(String name, Process process, int port, Path log, long spawnedAtNanos) {
        this.name = name;
        this.process = process;
        this.port = port;
        this.log = log;
        this.spawnedAtNanos = spawnedAtNanos;
    }

    /**
     * Starts {@code java [jvmOptions] -Dquarkus.http.port=P [-Dk=v...] -jar jar} under taskset and waits until
     * {@code readyPath} answers {@code 200}; the time from spawn to that answer is the start time.
     */
    public static JavaService start(String name, Path jar, List<String> jvmOptions, Map<String, String> properties,
            Map<String, String> environment, List<String> pinPrefix, Path logDirectory, String readyPath) {
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(name + ": " + jar + " is missing; build it with ./boxoffice build");
        }
        int port = freePort();
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> command = new ArrayList<>(pinPrefix);
        command.add(java);
        command.addAll(jvmOptions);
        command.add("-Dquarkus.http.port=" + port);
        properties.forEach((key, value) -> command.add("-D" + key + "=" + value));
        command.addAll(List.of("-jar", jar.toAbsolutePath().toString()));
        try {
            Files.createDirectories(logDirectory);
            Path log = logDirectory.resolve(name + ".log");
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile())
                    .directory(logDirectory.toFile());
            builder.environment().putAll(environment);
            long spawned = System.nanoTime();
            JavaService service = new JavaService(name, builder.start(), port, log, spawned);
            StopOnExit.started(service);
            service.awaitFirstAnswer(readyPath);
            return service;
        } catch (IOException e) {
            throw new IllegalStateException("could not start " + name, e);
        }
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + port;
    }

    public long pid() {
        return process.pid();
    }

    /** Milliseconds from spawning the JVM to the first 200 answer on the ready path. */
    public double startMillis() {
        return startMillis;
    }

    public Path log() {
        return log;
    }

    @Override
    public String toString() {
        return name + " (pid " + process.pid() + ")";
    }

    private void awaitFirstAnswer(String path) {
        URI uri = URI.create(baseUrl() + path);
        long deadline = spawnedAtNanos + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException(name + " exited with " + process.exitValue() + "; see " + log);
            }
            try {
                HttpResponse<Void> response = PROBE.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(2)).build(),
                        HttpResponse.BodyHandlers.discarding());
                if (response.statusCode() == 200) {
                    startMillis = (System.nanoTime() - spawnedAtNanos) / 1e6;
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            sleep(5);
        }
        close();
        throw new IllegalStateException(name + " did not answer " + path + " within 120 s; see " + log);
    }

    /** SIGTERM, then SIGKILL if it does not stop within 30 s. */
    @Override
    public void close() {
        if (!StopOnExit.stopping(this) || !process.isAlive()) {
            return;
        }
        ProcessTree.resume(process.pid()); // held still by a variants run stopped mid-turn, it would not see SIGTERM
        process.destroy();
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A port nothing listens on now, for a server about to start. */
    public static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Runs a full collection in the JVM {@code pid} (jcmd GC.run), so that its heap figures hold no garbage; false if that failed. */
    public static boolean collectGarbage(long pid) {
        try {
            return new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(), Long.toString(pid),
                    "GC.run").redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Sleeps, turning an interrupt into an unchecked failure (the benchmark has no use for interrupts). */
    public static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
