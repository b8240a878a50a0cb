package dev.boxoffice.variants;

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
import java.util.concurrent.TimeUnit;

/** The service, or one of its variants, packaged and started as its own process on a given database. */
final class VariantProcess implements AutoCloseable {

    static final String REACTIVE = "reactive";

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private final Process process;
    private final int port;
    private final Path log;

    private VariantProcess(Process process, int port, Path log) {
        this.process = process;
        this.port = port;
        this.log = log;
    }

    /** {@code variant} is "reactive" (the service itself) or a profile of the variants application. */
    static VariantProcess start(String variant, String databaseUrl, Path logDirectory) throws Exception {
        int port = freePort();
        boolean service = variant.equals(REACTIVE);
        String jar = System.getProperty(service ? "boxoffice.service.jar" : "boxoffice.variants.jar");
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> command = new ArrayList<>(List.of(java, "-Xmx256m", "-Dquarkus.http.port=" + port,
                "-Ddatabase.url=" + databaseUrl));
        if (!service) {
            command.add("-Dquarkus.profile=" + variant);
        }
        command.addAll(List.of("-jar", jar));
        Files.createDirectories(logDirectory);
        Path log = logDirectory.resolve(variant + "-" + port + ".log");
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        VariantProcess started = new VariantProcess(process, port, log);
        started.awaitReady();
        return started;
    }

    String baseUrl() {
        return "http://127.0.0.1:" + port;
    }

    /** The lines the process logged at WARN or above. */
    List<String> warnings() throws IOException {
        return Files.readAllLines(log).stream().filter(line -> line.contains(" WARN ") || line.contains(" ERROR ")).toList();
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(20, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
        }
    }

    private void awaitReady() throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        URI ready = URI.create(baseUrl() + "/q/health/ready");
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("exited with " + process.exitValue() + ":\n" + Files.readString(log));
            }
            try {
                if (HTTP.send(HttpRequest.newBuilder(ready).build(), HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            }
            Thread.sleep(50);
        }
        close();
        throw new IllegalStateException("not ready within 90 s:\n" + Files.readString(log));
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
