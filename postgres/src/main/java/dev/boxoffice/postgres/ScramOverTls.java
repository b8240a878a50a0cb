package dev.boxoffice.postgres;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A PostgreSQL server configured as production servers are, for the processes and tests that run one here: it admits
 * the application's role only over TLS ({@code hostssl}) with SCRAM-SHA-256 password authentication, its certificate
 * (for {@code localhost} and {@code 127.0.0.1}) signed by a CA made for it, so that clients connect with
 * {@code sslmode=verify-full}. The superuser keeps a password-less way in from the loopback only (the embedded server's own
 * start-up check and administration), which the application's role cannot take.
 * <p>
 * Use: {@link #prepare} before the server starts (certificates, {@code pg_hba.conf}), {@link #serverConfig} on its
 * command line (the data directory keeps no trace of it, so the same data also serves a trusting server), then
 * {@link #createRole} once it runs. Certificates are made with {@code openssl}.
 */
public final class ScramOverTls {

    public static final String ROLE = "boxoffice";

    private final Path directory;
    private final String password;

    private ScramOverTls(Path directory, String password) {
        this.directory = directory;
        this.password = password;
    }

    /** Makes a CA, the server's key and certificate signed by it, and the server's {@code pg_hba.conf}, in {@code directory}. */
    public static ScramOverTls prepare(Path directory) {
        try {
            Files.createDirectories(directory);
            Files.writeString(directory.resolve("server.ext"), "subjectAltName=DNS:localhost,IP:127.0.0.1\n");
            openssl(directory, "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                    "-keyout", "ca.key", "-out", "ca.crt", "-days", "30", "-subj", "/CN=BoxOffice test CA");
            openssl(directory, "req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                    "-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=localhost");
            openssl(directory, "x509", "-req", "-in", "server.csr", "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial",
                    "-out", "server.crt", "-days", "30", "-extfile", "server.ext");
            Files.setPosixFilePermissions(directory.resolve("server.key"), PosixFilePermissions.fromString("rw-------"));
            Files.writeString(directory.resolve("pg_hba.conf"), """
                    # Made by BoxOffice for a server configured as in production: the application over TLS with SCRAM only.
                    host      postgres      postgres 127.0.0.1/32 trust
                    host      postgres      postgres ::1/128      trust
                    hostssl   all           all      127.0.0.1/32 scram-sha-256
                    hostssl   all           all      ::1/128      scram-sha-256
                    hostssl   replication   all      127.0.0.1/32 scram-sha-256
                    """);
        } catch (IOException e) {
            throw new UncheckedIOException("could not write the server's certificates in " + directory, e);
        }
        byte[] secret = new byte[18];
        new SecureRandom().nextBytes(secret);
        return new ScramOverTls(directory, HexFormat.of().formatHex(secret));
    }

    /** The server's settings for it, to give on its command line. */
    public Map<String, String> serverConfig() {
        return Map.of("ssl", "on",
                "ssl_cert_file", directory.resolve("server.crt").toString(),
                "ssl_key_file", directory.resolve("server.key").toString(),
                "hba_file", directory.resolve("pg_hba.conf").toString(),
                "password_encryption", "scram-sha-256");
    }

    /**
     * Creates (or gives a new password to) the application's role, which acts with the superuser's rights on the
     * data, so that the same data serves a trusting server's superuser and this role alike.
     */
    public void createRole(Connection superuser) {
        try (Statement statement = superuser.createStatement()) {
            statement.execute("SET password_encryption = 'scram-sha-256'");
            statement.execute("DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '" + ROLE + "')"
                    + " THEN CREATE ROLE " + ROLE + " LOGIN; END IF; END $$");
            statement.execute("ALTER ROLE " + ROLE + " LOGIN PASSWORD '" + password + "'");
            statement.execute("GRANT postgres TO " + ROLE);
        } catch (SQLException e) {
            throw new IllegalStateException("could not create the role " + ROLE + ": " + e.getMessage(), e);
        }
    }

    /** The CA's PEM file, for {@code sslrootcert}. */
    public Path caFile() {
        return directory.resolve("ca.crt");
    }

    public String password() {
        return password;
    }

    /** The application's URL: the role and its password, {@code sslmode=verify-full} against the CA. */
    public String url(int port, String database) {
        return "postgresql://" + ROLE + ":" + password + "@localhost:" + port + "/" + database
                + "?sslmode=verify-full&sslrootcert=" + caFile();
    }

    private static void openssl(Path directory, String... arguments) throws IOException {
        List<String> command = new java.util.ArrayList<>(List.of("openssl"));
        command.addAll(List.of(arguments));
        Process process;
        try {
            process = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true).start();
        } catch (IOException missing) {
            throw new IllegalStateException("openssl is needed to make the server's certificates (apt-get install openssl)");
        }
        try {
            String output = new String(process.getInputStream().readAllBytes());
            if (!process.waitFor(30, TimeUnit.SECONDS) || process.exitValue() != 0) {
                throw new IllegalStateException("openssl " + arguments[0] + " failed: " + output.strip());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
