package dev.boxoffice.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
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

/**
 * One JVM of a cluster (a service node, or a line service), on a port of its own; it can be stopped, killed and started
 * again.
 */
public final class ServiceNode implements AutoCloseable {

    private static final HttpClient PROBE = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofMillis(500)).build();

    private final String name;
    private final int port;
    private final Launch launch;
    private Process process;

    /**
     * How nodes are started: {@code commandPrefix java jvmOptions -DportProperty=P -Dk=v... -jar jar}, in
     * {@code workingDirectory}, with {@code environment} added, each writing {@code logDirectory/NAME.log}. A line
     * service is started the same way, with its jar and its port's property.
     */
    public record Launch(Path jar, List<String> commandPrefix, List<String> jvmOptions, Map<String, String> properties,
            Map<String, String> environment, Path workingDirectory, Path logDirectory, String portProperty) {

        /** A service node's launch: its port is quarkus.http.port. */
        public Launch(Path jar, List<String> commandPrefix, List<String> jvmOptions, Map<String, String> properties,
                Map<String, String> environment, Path workingDirectory, Path logDirectory) {
            this(jar, commandPrefix, jvmOptions, properties, environment, workingDirectory, logDirectory, "quarkus.http.port");
        }

        /** The same launch with {@code replaced} as its environment. */
        public Launch withEnvironment(Map<String, String> replaced) {
            return new Launch(jar, commandPrefix, jvmOptions, properties, replaced, workingDirectory, logDirectory, portProperty);
        }
    }

    private ServiceNode(String name, int port, Launch launch) {
        this.name = name;
        this.port = port;
        this.launch = launch;
    }

    /** Starts the node without waiting for it: see {@link #awaitReady}. */
    public static ServiceNode start(String name, int port, Launch launch) {
        ServiceNode node = new ServiceNode(name, port, launch);
        node.spawn();
        return node;
    }

    public String name() {
        return name;
    }

    public int port() {
        return port;
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + port;
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    public Path log() {
        return launch.logDirectory().resolve(name + ".log");
    }

    /** Waits until {@code /q/health/ready} answers 200; fails at once if the JVM exits first. */
    public ServiceNode awaitReady(Duration timeout) {
        URI ready = URI.create(baseUrl() + "/q/health/ready");
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException(name + " exited with " + process.exitValue() + reason() + "; see " + log());
            }
            try {
                if (PROBE.send(HttpRequest.newBuilder(ready).timeout(Duration.ofSeconds(1)).build(),
                        HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return this;
                }
            } catch (IOException notYet) {
                // not listening yet
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            sleep(50);
        }
        throw new IllegalStateException(name + " was not ready within " + timeout.toSeconds() + " s; see " + log());
    }

    /** The one line a process that stops at start says why in (its last line starting "boxoffice: "), if any. */
    private String reason() {
        try (var lines = Files.lines(log())) {
            return lines.filter(line -> line.startsWith("boxoffice: ")).reduce((first, second) -> second)
                    .map(line -> ": " + line.substring("boxoffice: ".length())).orElse("");
        } catch (IOException | UncheckedIOException unreadable) {
            return "";
        }
    }

    /** SIGKILL: the node dies mid-request, as on a lost machine. */
    public void kill() {
        process.destroyForcibly();
        waitForExit(10);
    }

    /** Starts the node again on the same port (after a kill or a stop). */
    public ServiceNode restart() {
        if (process.isAlive()) {
            throw new IllegalStateException(name + " is still running");
        }
        spawn();
        return this;
    }

    /** SIGTERM, the graceful stop (readiness DOWN, a drain delay, in-flight requests finished); SIGKILL after 30 s. */
    @Override
    public void close() {
        if (process == null || !process.isAlive()) {
            return;
        }
        process.destroy();
        if (!waitForExit(30)) {
            kill();
        }
    }

    private void spawn() {
        List<String> command = new ArrayList<>(launch.commandPrefix());
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.addAll(launch.jvmOptions());
        command.add("-D" + launch.portProperty() + "=" + port);
        launch.properties().forEach((key, value) -> command.add("-D" + key + "=" + value));
        command.addAll(List.of("-jar", launch.jar().toAbsolutePath().toString()));
        try {
            Files.createDirectories(launch.logDirectory());
            ProcessBuilder builder = new ProcessBuilder(command).directory(launch.workingDirectory().toFile())
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log().toFile()));
            builder.environment().putAll(launch.environment());
            builder.environment().put("BOXOFFICE_PROCESS_NAME", name); // its application_name in pg_stat_activity
            process = builder.start();
        } catch (IOException e) {
            throw new UncheckedIOException("could not start " + name, e);
        }
    }

    private boolean waitForExit(int seconds) {
        try {
            return process.waitFor(seconds, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Override
    public String toString() {
        return name + " (pid " + (process == null ? "-" : process.pid()) + ", port " + port + ")";
    }
}
