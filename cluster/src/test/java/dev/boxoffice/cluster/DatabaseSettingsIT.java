package dev.boxoffice.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The packaged node and line service against a PostgreSQL that requires SCRAM over TLS, given each wrong setting a
 * user can make: each stops within 5 s of its start, exits non-zero, and says why in one line, with no stack trace.
 * A database not reachable yet is waited for, saying so, within the start's wait (BOXOFFICE_DATABASE_START_WAIT).
 */
class DatabaseSettingsIT {

    private static final Path REPO = TestClusters.REPO;
    private static final Duration BOUND = Duration.ofSeconds(5);

    static ClusterDatabase database;
    static String url;
    static ServerSocket silent;
    static final List<Socket> heldOpen = Collections.synchronizedList(new ArrayList<>());

    @BeforeAll
    static void start() throws IOException {
        database = ClusterDatabase.embedded(Files.createTempDirectory("boxoffice-settings-"), true);
        url = database.url();
        // A server that accepts connections and never answers: a partition after the TCP handshake
        silent = new ServerSocket(0);
        Thread.ofVirtual().start(() -> {
            while (!silent.isClosed()) {
                try {
                    heldOpen.add(silent.accept());
                } catch (IOException closed) {
                    return;
                }
            }
        });
    }

    @AfterAll
    static void stop() throws IOException {
        silent.close();
        database.close();
    }

    @Test
    void aWrongPasswordIsNamed() throws Exception {
        String wrong = url.replaceFirst("boxoffice:[^@]+@", "boxoffice:not-the-password@");
        assertStopsSaying(wrong, "wrong password for user boxoffice");
    }

    @Test
    void aConnectionWithoutTlsIsToldToUseIt() throws Exception {
        assertStopsSaying(url.replaceFirst("\\?.*", "?sslmode=disable"), "accepts only encrypted connections");
    }

    @Test
    void aCaThatDidNotSignTheServersCertificateIsNamed() throws Exception {
        Path otherCa = dev.boxoffice.postgres.ScramOverTls.prepare(Files.createTempDirectory("boxoffice-other-ca-")).caFile();
        assertStopsSaying(url.replaceFirst("sslrootcert=.*", "sslrootcert=" + otherCa), "not signed by a CA in sslrootcert=" + otherCa);
    }

    @Test
    void anAddressWhereNothingListensIsWaitedForWithinTheStartsWaitThenNamed() throws Exception {
        assertStopsSaying(url.replaceFirst("@localhost:\\d+", "@localhost:" + freePort()), "connection refused");
        for (String name : List.of("node", "line")) {
            assertThat(Files.readString(log(name))).as(name).contains("waiting for PostgreSQL at localhost:");
        }
    }

    @Test
    void aDatabaseThatComesUpWithinTheWaitIsWaitedFor() throws Exception {
        int port = freePort();
        String later = url.replaceFirst("@localhost:\\d+", "@localhost:" + port);
        int target = Integer.parseInt(url.replaceFirst(".*@localhost:(\\d+).*", "$1"));
        Process node = start("node", later, Map.of());
        Process line = start("line", later, Map.of());
        try (ServerSocket opened = forwardAfter(Duration.ofSeconds(3), port, target)) {
            awaitSaid(node, "node", "Listening on");
            awaitSaid(line, "line", "line service on port");
            assertThat(Files.readString(log("node"))).contains("waiting for PostgreSQL at localhost:" + port);
            assertThat(Files.readString(log("line"))).contains("waiting for PostgreSQL at localhost:" + port);
        } finally {
            for (Process process : List.of(node, line)) {
                process.destroy();
                process.waitFor(30, TimeUnit.SECONDS);
            }
        }
    }

    @Test
    void aServerThatNeverAnswersIsNamedWithinTheBound() throws Exception {
        assertStopsSaying(url.replaceFirst("@localhost:\\d+", "@127.0.0.1:" + silent.getLocalPort()), "no answer from 127.0.0.1");
    }

    @Test
    void theRightSettingsServe() throws Exception {
        Process node = start("node", url, Map.of());
        try {
            awaitSaid(node, "node", "Listening on");
        } finally {
            node.destroy();
            node.waitFor(30, TimeUnit.SECONDS);
        }
    }

    private static void awaitSaid(Process process, String name, String text) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        boolean said = false;
        while (!said && System.nanoTime() < deadline && process.isAlive()) {
            said = Files.readString(log(name)).contains(text);
            Thread.sleep(100);
        }
        assertThat(said).as("%s said %s; log: %s", name, text, Files.readString(log(name))).isTrue();
    }

    /** After {@code delay}, listens on {@code port} and joins each connection to {@code target}'s. */
    private static ServerSocket forwardAfter(Duration delay, int port, int target) throws Exception {
        Thread.sleep(delay.toMillis());
        ServerSocket server = new ServerSocket(port);
        Thread.ofVirtual().start(() -> {
            while (!server.isClosed()) {
                try {
                    Socket client = server.accept();
                    Socket upstream = new Socket("localhost", target);
                    heldOpen.add(client);
                    heldOpen.add(upstream);
                    Thread.ofVirtual().start(() -> pipe(client, upstream));
                    Thread.ofVirtual().start(() -> pipe(upstream, client));
                } catch (IOException closed) {
                    return;
                }
            }
        });
        return server;
    }

    private static void pipe(Socket from, Socket to) {
        try {
            from.getInputStream().transferTo(to.getOutputStream());
        } catch (IOException ended) {
            // either side closed
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static void assertStopsSaying(String wrongUrl, String cause) throws Exception {
        for (String name : List.of("node", "line")) {
            long started = System.nanoTime();
            // A connection refused is waited for: 2 s here, as BOXOFFICE_DATABASE_START_WAIT may set it
            Process process = start(name, wrongUrl, Map.of("BOXOFFICE_DATABASE_START_WAIT", "2s"));
            assertThat(process.waitFor(BOUND.toMillis() + 5_000, TimeUnit.MILLISECONDS)).as(name + " stopped").isTrue();
            Duration took = Duration.ofNanos(System.nanoTime() - started);
            String output = Files.readString(log(name));
            List<String> said = output.lines().filter(line -> line.startsWith("boxoffice: ")).toList();
            assertThat(process.exitValue()).as(name + " exit code; output:\n" + output).isNotZero();
            assertThat(said).as(name + " output:\n" + output).hasSize(1);
            assertThat(said.get(0)).contains("cannot connect to PostgreSQL at").contains(cause);
            assertThat(output).as(name + " printed a stack trace").doesNotContain("\tat ");
            // The JVM's own start is included: a loaded CI host starts one in up to a few seconds
            assertThat(took).as(name + " stopped after " + took.toMillis() + " ms").isLessThan(BOUND.plusSeconds(3));
        }
    }

    private static List<String> command(String name) {
        return name.equals("node") ? List.of(java(), "@" + REPO.resolve("service/jvm.options"), "-Dquarkus.http.port=0",
                "-jar", REPO.resolve("service/target/quarkus-app/quarkus-run.jar").toString())
                : List.of(java(), "@" + REPO.resolve(Cluster.LINE_JVM_OPTIONS), "-Dline.port=0",
                "-jar", REPO.resolve(Cluster.LINE_JAR).toString());
    }

    private static Process start(String name, String databaseUrl, Map<String, String> environment) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command(name)).redirectErrorStream(true)
                .redirectOutput(log(name).toFile());
        builder.environment().put("DATABASE_URL", databaseUrl);
        builder.environment().putAll(environment);
        builder.environment().remove("BOXOFFICE_WAITING_ROOM_SIGNING_KEY");
        return builder.start();
    }

    private static Path log(String name) throws IOException {
        return Files.createDirectories(REPO.resolve("cluster/target/database-settings")).resolve(name + ".log");
    }

    private static String java() {
        return ProcessHandle.current().info().command().orElse("java");
    }
}
