package dev.boxoffice.process;

import java.io.IOException;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The packaged service (target/quarkus-app) as a separate process, started, stopped or killed like in production. */
final class ServiceProcess implements AutoCloseable {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private static final Pattern LISTENING = Pattern.compile("Listening on: http://[^:]+:(\\d+)");

    private final Process process;
    private final Path log;
    private int port;

    private ServiceProcess(Process process, Path log) {
        this.process = process;
        this.log = log;
    }

    static ServiceProcess start(Map<String, String> properties, Path logDirectory) throws Exception {
        return start("256m", properties, logDirectory);
    }

    /** With a maximum heap of {@code maxHeap} (for example "64m"), and the service's exit on OutOfMemoryError. */
    static ServiceProcess start(String maxHeap, Map<String, String> properties, Path logDirectory) throws Exception {
        String jar = System.getProperty("boxoffice.service.jar", "target/quarkus-app/quarkus-run.jar");
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> command = new ArrayList<>(List.of(java, "-Xmx" + maxHeap, "-XX:+ExitOnOutOfMemoryError",
                // The service binds a port the system picks, and logs it: a port picked here, then handed over, can be
                // taken meanwhile (a parallel fork's service or an outgoing connection's local port).
                "-Dquarkus.http.port=0"));
        properties.forEach((key, value) -> command.add("-D" + key + "=" + value));
        command.addAll(List.of("-jar", jar));
        Files.createDirectories(logDirectory);
        Path log = Files.createTempFile(logDirectory, "service-", ".log");
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile())
                .directory(logDirectory.toFile()).start();
        ServiceProcess service = new ServiceProcess(process, log);
        service.awaitReady();
        return service;
    }

    /** What the service has logged so far. */
    List<String> logLines() throws IOException {
        return Files.readAllLines(log);
    }

    boolean isAlive() {
        return process.isAlive();
    }

    String url(String path) {
        return "http://localhost:" + port + path;
    }

    /** SIGTERM: Quarkus shuts down in order (and stops the embedded PostgreSQL it started). */
    void stop() throws Exception {
        process.destroy();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            throw new IllegalStateException("service did not stop within 60 s; log: " + log);
        }
    }

    /** SIGKILL: no shutdown hook runs; whatever was acknowledged must already be committed. */
    void kill() throws Exception {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    @Override
    public void close() throws Exception {
        if (process.isAlive()) {
            stop();
        }
    }

    private void awaitReady() throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("service exited with " + process.exitValue() + ":\n" + Files.readString(log));
            }
            if (port == 0) {
                Matcher listening = LISTENING.matcher(Files.readString(log));
                if (listening.find()) {
                    port = Integer.parseInt(listening.group(1));
                }
            }
            if (port == 0) {
                Thread.sleep(100);
                continue;
            }
            try {
                HttpResponse<String> ready = HTTP.send(HttpRequest.newBuilder(URI.create(url("/q/health/ready"))).build(),
                        HttpResponse.BodyHandlers.ofString());
                if (ready.statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // still starting
            }
            Thread.sleep(100);
        }
        process.destroyForcibly();
        throw new IllegalStateException("service not ready within 90 s:\n" + Files.readString(log));
    }
}
