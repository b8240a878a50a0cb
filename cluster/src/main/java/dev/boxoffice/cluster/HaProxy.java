package dev.boxoffice.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** HAProxy (the Debian package's binary) running in the foreground with a configuration of its own. */
public final class HaProxy implements AutoCloseable {

    private static final List<Path> KNOWN_LOCATIONS = List.of(Path.of("/usr/sbin/haproxy"), Path.of("/usr/local/sbin/haproxy"));

    private final Process process;
    private final int port;
    private final int statsPort;

    private HaProxy(Process process, int port, int statsPort) {
        this.process = process;
        this.port = port;
        this.statsPort = statsPort;
    }

    /** The haproxy binary on the PATH or where Debian installs it. */
    public static Optional<Path> binary() {
        Stream<Path> onPath = Stream.of(System.getenv().getOrDefault("PATH", "").split(":"))
                .filter(dir -> !dir.isEmpty()).map(dir -> Path.of(dir, "haproxy"));
        return Stream.concat(onPath, KNOWN_LOCATIONS.stream()).filter(Files::isExecutable).findFirst();
    }

    /**
     * Writes {@code config} to {@code configFile}, checks it, starts HAProxy on it with {@code commandPrefix} (a
     * taskset, say) and waits until it accepts connections on {@code port}; its counters answer on {@code statsPort}.
     * Its alerts (nodes going down and up) go to {@code output}.
     */
    public static HaProxy start(String config, Path configFile, int port, int statsPort, List<String> commandPrefix,
            ProcessBuilder.Redirect output) {
        Path binary = binary().orElseThrow(() -> new IllegalStateException(
                "HAProxy is not installed (Debian/Ubuntu: apt-get install haproxy)"));
        try {
            Files.createDirectories(configFile.toAbsolutePath().getParent());
            Files.writeString(configFile, config);
            Process check = new ProcessBuilder(binary.toString(), "-c", "-q", "-f", configFile.toString()).redirectErrorStream(true).start();
            String checkOutput = new String(check.getInputStream().readAllBytes());
            if (check.waitFor() != 0) {
                throw new IllegalStateException("HAProxy rejected " + configFile + ":\n" + checkOutput);
            }
            List<String> command = new ArrayList<>(commandPrefix);
            command.addAll(List.of(binary.toString(), "-db", "-f", configFile.toString()));
            HaProxy haProxy = new HaProxy(new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output).start(), port, statsPort);
            haProxy.awaitListening();
            return haProxy;
        } catch (IOException e) {
            throw new UncheckedIOException("could not start HAProxy", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public long pid() {
        return process.pid();
    }

    public int port() {
        return port;
    }

    /** The edge's counters (requests, queues, refusals), read from its statistics page. */
    public HaProxyStats stats() {
        return HaProxyStats.read(statsPort);
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    private void awaitListening() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline && process.isAlive()) {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", port), 200);
                return;
            } catch (IOException notYet) {
                Thread.sleep(20);
            }
        }
        boolean exited = !process.isAlive();
        close();
        throw new IllegalStateException(exited ? "HAProxy exited with code " + process.exitValue() + " (see its messages)"
                : "HAProxy did not listen on port " + port + " within 10 s");
    }

    /** Stops it at once (SIGTERM: HAProxy's hard stop; connections still open are closed). */
    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
