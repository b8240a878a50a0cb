package dev.boxoffice.bench.system;

import dev.boxoffice.postgres.PostgresUrl;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgBuilder;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;
import io.vertx.sqlclient.Tuple;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Optional;

/**
 * The PostgreSQL the benchmark runs against: a private embedded server (real binaries, default durability: fsync and
 * synchronous commit on, as in production) on its own cores, or an external server given by URL, which is neither
 * pinned nor measured.
 */
public final class Database implements AutoCloseable {

    /** The embedded server's own log, in the log directory given to {@link #startEmbedded}, unless named otherwise. */
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
     * Starts a private server in a new temporary data directory; its own log goes to {@code logFileName} in
     * {@code logDirectory}, with a line per checkpoint and per autovacuum run, whose disk writes and CPU can stall
     * commits; {@code walSegmentsAhead} WAL segments are made ready for reuse before it serves ({@link #ageWal}).
     */
    public static Database startEmbedded(Path logDirectory, String logFileName, Pinning pinning, int walSegmentsAhead) {
        String logPath = logDirectory.toAbsolutePath().toString();
        if (logPath.chars().anyMatch(Character::isWhitespace)) {
            // The embedded server's start command passes settings unquoted: it would wait 60 s, then fail obscurely.
            throw new IllegalArgumentException("the run folder " + logPath + " has a space in its path, which the"
                    + " embedded PostgreSQL cannot log to; choose another with --out");
        }
        Path dataDirectory;
        try {
            dataDirectory = Files.createTempDirectory("boxoffice-bench-pg-");
        } catch (IOException e) {
            throw new UncheckedIOException("could not create a data directory for the embedded PostgreSQL", e);
        }
        try {
            EmbeddedPostgres postgres = EmbeddedPostgres.builder()
                    .setDataDirectory(dataDirectory)
                    .setCleanDataDirectory(true)
                    .setPGStartupWait(Duration.ofSeconds(60))
                    .setServerConfig("fsync", "on")
                    .setServerConfig("synchronous_commit", "on")
                    .setServerConfig("max_connections", "200")
                    .setServerConfig("logging_collector", "on")
                    .setServerConfig("log_directory", logPath)
                    .setServerConfig("log_filename", logFileName)
                    .setServerConfig("log_checkpoints", "on")
                    .setServerConfig("log_autovacuum_min_duration", "0")
                    // Keeps up to 2 GB of used WAL segments for reuse at each checkpoint (default 80 MB): see ageWal
                    .setServerConfig("min_wal_size", "2GB")
                    .start();
            Database database = new Database(postgres, dataDirectory, "postgresql://postgres:postgres@127.0.0.1:" + postgres.getPort() + "/postgres?sslmode=disable");
            StopOnExit.started(database);
            database.postmasterPid().ifPresent(pid -> pinning.pinTree(pid, pinning.postgres()));
            try {
                ageWal(postgres, walSegmentsAhead);
            } catch (RuntimeException e) {
                database.close();
                throw e;
            }
            return database;
        } catch (IOException e) {
            throw new IllegalStateException("could not start the embedded PostgreSQL in " + dataDirectory, e);
        }
    }

    /**
     * Puts the new server's WAL in the state of one that has been running for a while. A new cluster has no used
     * segment to reuse, so every 16 MB of WAL one commit creates and zero-fills a new file, and fsyncs it, while every
     * commit behind it waits (22-36 ms on this project's machine, every 4-7 s under load); a running server renames
     * segments that a checkpoint has released instead. Switching {@code segments} times, then a checkpoint, creates
     * them up front and releases them for reuse (--wal-segments-ahead). Durability is untouched: every commit still
     * waits for its flush.
     */
    private static void ageWal(EmbeddedPostgres postgres, int segments) {
        if (segments == 0) {
            return;
        }
        try (Connection connection = postgres.getPostgresDatabase().getConnection();
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE wal_ageing (n int)");
            statement.execute("DO $$ BEGIN FOR n IN 1.." + segments + " LOOP"
                    + " INSERT INTO wal_ageing VALUES (n); PERFORM pg_switch_wal(); COMMIT; END LOOP; END $$");
            statement.execute("DROP TABLE wal_ageing");
            statement.execute("CHECKPOINT");
        } catch (SQLException e) {
            throw new IllegalStateException("could not prepare the embedded PostgreSQL's WAL", e);
        }
    }

    /** The server's version, for the report. */
    public String serverVersion(Vertx vertx) {
        return firstValue(vertx, "SHOW server_version", Tuple.tuple()).toString();
    }

    /** The first column of the first row {@code sql} answers with {@code parameters}, over a connection of its own. */
    public Object firstValue(Vertx vertx, String sql, Tuple parameters) {
        Pool pool = PgBuilder.pool().with(new PoolOptions().setMaxSize(1)).connectingTo(PostgresUrl.parse(url).pgConnectOptions())
                .using(vertx).build();
        try {
            return pool.preparedQuery(sql).execute(parameters).toCompletionStage().toCompletableFuture().join()
                    .iterator().next().getValue(0);
        } finally {
            pool.close().toCompletionStage().toCompletableFuture().join();
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
    public String toString() {
        return embedded != null ? "the embedded PostgreSQL in " + dataDirectory : "an external PostgreSQL";
    }

    @Override
    public void close() {
        if (embedded != null && StopOnExit.stopping(this)) {
            postmasterPid().ifPresent(ProcessTree::resume); // held still by a variants run stopped mid-turn, it could not shut down
            try {
                embedded.close();
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
