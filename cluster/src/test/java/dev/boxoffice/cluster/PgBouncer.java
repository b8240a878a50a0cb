package dev.boxoffice.cluster;

import dev.boxoffice.postgres.PostgresUrl;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * PgBouncer (Debian's package) in front of a server that requires SCRAM over TLS, as most deployments run it: pooling
 * in transaction mode, clients logging in by SCRAM over TLS with the server's own certificate, and its own connections
 * to the server checking that certificate (verify-full). Run as the postgres user when started by root.
 */
final class PgBouncer implements AutoCloseable {

    private static final Path BINARY = Path.of("/usr/sbin/pgbouncer");

    private final Process process;
    private final String url;

    private PgBouncer(Process process, String url) {
        this.process = process;
        this.url = url;
    }

    /** In front of {@code serverUrl} (the embedded cluster database's: its role, password and CA), on {@code port}. */
    static PgBouncer start(String serverUrl, int port, Path directory) throws IOException, InterruptedException {
        if (!Files.isExecutable(BINARY)) {
            throw new IllegalStateException("PgBouncer is needed: apt-get install pgbouncer (./boxoffice test installs it)");
        }
        PostgresUrl server = PostgresUrl.parse(serverUrl);
        Path certificates = Path.of(server.rootCert().orElseThrow()).getParent();
        Files.createDirectories(directory);
        for (String file : List.of("server.crt", "server.key", "ca.crt")) {
            Files.copy(certificates.resolve(file), directory.resolve(file), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        Files.setPosixFilePermissions(directory.resolve("server.key"), PosixFilePermissions.fromString("rw-------"));
        Files.writeString(directory.resolve("userlist.txt"), "\"" + server.user().orElseThrow() + "\" \"" + server.password().orElseThrow() + "\"\n");
        Files.writeString(directory.resolve("pgbouncer.ini"), """
                [databases]
                %s = host=localhost port=%d dbname=%s
                [pgbouncer]
                listen_addr = 127.0.0.1
                listen_port = %d
                unix_socket_dir =
                pool_mode = transaction
                default_pool_size = 20
                max_client_conn = 500
                auth_type = scram-sha-256
                auth_file = %s/userlist.txt
                client_tls_sslmode = require
                client_tls_cert_file = %s/server.crt
                client_tls_key_file = %s/server.key
                server_tls_sslmode = verify-full
                server_tls_ca_file = %s/ca.crt
                logfile = %s/pgbouncer.log
                pidfile = %s/pgbouncer.pid
                """.formatted(server.database(), server.port(), server.database(), port, directory, directory, directory,
                directory, directory, directory));
        List<String> command = new ArrayList<>();
        if ("root".equals(System.getProperty("user.name"))) {
            UserPrincipal postgres = directory.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("postgres");
            try (var files = Files.walk(directory)) {
                for (Path file : files.toList()) {
                    Files.setOwner(file, postgres);
                }
            }
            command.addAll(List.of("runuser", "-u", "postgres", "--"));
        }
        command.addAll(List.of(BINARY.toString(), directory.resolve("pgbouncer.ini").toString()));
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(directory.resolve("pgbouncer.out").toFile()).start();
        String url = "postgresql://" + server.user().orElseThrow() + ":" + server.password().orElseThrow() + "@localhost:" + port
                + "/" + server.database() + "?sslmode=verify-full&sslrootcert=" + directory.resolve("ca.crt");
        awaitListening(port, process, directory);
        return new PgBouncer(process, url);
    }

    /** The pooler's URL: the same role, verify-full against the same CA. */
    String url() {
        return url;
    }

    private static void awaitListening(int port, Process process, Path directory) throws InterruptedException, IOException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("PgBouncer exited: " + Files.readString(directory.resolve("pgbouncer.out")));
            }
            try (var socket = new java.net.Socket("127.0.0.1", port)) {
                return;
            } catch (IOException notYet) {
                Thread.sleep(50);
            }
        }
        throw new IllegalStateException("PgBouncer did not listen on " + port + " within 10 s");
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
    }
}
