package dev.boxoffice.bench.system;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * The PostgreSQL the benchmark runs against: a private embedded server (real binaries, default durability: fsync and
 * synchronous commit on, as in production) on its own cores, or an external server given by URL, which is neither
 * pinned nor measured.
 */
public final class Database implements AutoCloseable {

    /** The embedded server's own log, in the log directory given to {@link #startEmbedded}. */
    public static final String LOG_FILE_NAME = "postgresql.log";

    private final EmbeddedPostgres embedded;
    private final Path dataDirectory;
    private final String url;

    private Database(EmbeddedPostgres embedded, Path dataDirectory, String url) {
        this.embedded = embedded;
        this.dataDirectory = dataDirectory;
        this.url = url;
    }

    /** URL form {@code postgresql://user:password@host:port/database}, as the service's DATABASE_URL. */
    public static Database external(String url) {
        URI.create(url.replaceFirst("^postgres(ql)?://", "http://")); // fail early on a malformed URL
        return new Database(null, null, url);
    }

    /**
     * Starts a private server in {@code dataDirectory}; its own log goes to {@value #LOG_FILE_NAME} in
     * {@code logDirectory}, with a line per checkpoint and per autovacuum run, whose disk writes and CPU can stall
     * commits.
     */
    public static Database startEmbedded(Path dataDirectory, Path logDirectory, Pinning pinning) {
        try {
            Files.createDirectories(dataDirectory);
            EmbeddedPostgres postgres = EmbeddedPostgres.builder()
                    .setDataDirectory(dataDirectory)
                    .setCleanDataDirectory(true)
                    .setPGStartupWait(Duration.ofSeconds(60))
                    .setServerConfig("fsync", "on")
                    .setServerConfig("synchronous_commit", "on")
                    .setServerConfig("max_connections", "200")
                    .setServerConfig("logging_collector", "on")
                    .setServerConfig("log_directory", logDirectory.toAbsolutePath().toString())
                    .setServerConfig("log_filename", LOG_FILE_NAME)
                    .setServerConfig("log_checkpoints", "on")
                    .setServerConfig("log_autovacuum_min_duration", "0")
                    .start();
            Database database = new Database(postgres, dataDirectory, "postgresql://postgres:postgres@127.0.0.1:" + postgres.getPort() + "/postgres");
            database.postmasterPid().ifPresent(pid -> pinning.pinTree(pid, pinning.postgres()));
            return database;
        } catch (IOException e) {
            throw new IllegalStateException("could not start the embedded PostgreSQL in " + dataDirectory, e);
        }
    }

    /** The URL the service is given as DATABASE_URL. */
    public String url() {
        return url;
    }

    public boolean isEmbedded() {
        return embedded != null;
    }

    /** The embedded server's data directory (its WAL is on that file system); empty for an external server. */
    public Optional<Path> dataDirectory() {
        return Optional.ofNullable(dataDirectory);
    }

    /** The postmaster of the embedded server, whose process tree is the database's CPU use. */
    public Optional<Long> postmasterPid() {
        if (embedded == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(Long.parseLong(Files.readAllLines(dataDirectory.resolve("postmaster.pid")).get(0).trim()));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    @Override
    public void close() {
        if (embedded != null) {
            try {
                embedded.close();
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
