package dev.boxoffice.database;

import dev.boxoffice.postgres.ConnectionProblem;
import dev.boxoffice.postgres.PostgresUrl;
import dev.boxoffice.postgres.StartWait;
import io.vertx.pgclient.SslMode;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.jboss.logging.Logger;

/**
 * Decides, before Quarkus starts, which PostgreSQL the service uses: the one named by {@code DATABASE_URL}, the one
 * set through the standard Quarkus datasource settings, or else a private embedded server with a persistent data
 * directory ({@code boxoffice.embedded-postgres.data-dir}, default {@code data/postgres} under the working directory),
 * unless {@code boxoffice.embedded-postgres.enabled} is false (the image has no embedded server).
 * <p>
 * A {@code DATABASE_URL} is read as libpq reads it ({@link PostgresUrl}: TLS, CA, application name) and tried
 * before anything else starts: a server that is starting, or not reachable yet, is waited for within
 * {@link StartWait}; one that cannot be logged in to, or stays out of reach, stops the service with one line saying
 * why, instead of a framework's stack traces.
 * <p>
 * Behind a pooler in transaction mode (PgBouncer's {@code pool_mode=transaction}), a session does not outlive a
 * transaction: the requests' statements go through it unprepared, and what needs a session of its own (LISTEN, the
 * migrations and their lock, the heartbeat) goes to the server directly, at {@code DATABASE_DIRECT_URL}. Such a pooler
 * is seen at start, and without that URL the service stops, saying so.
 */
public final class DatabaseBootstrap {

    private static final Logger LOG = Logger.getLogger(DatabaseBootstrap.class);
    /** The setting that names the database; the embedded server's URL is set in it too, for the parts that connect. */
    private static final String URL_PROPERTY = "database.url";
    private static final String DIRECT_URL_PROPERTY = "database.direct-url";
    private static final String POOLED_PROPERTY = "database.transaction-pooled";

    private DatabaseBootstrap() {
    }

    /**
     * Sets the datasource system properties, starting the embedded server if no other is configured; returns that
     * server, which the caller stops once the application has stopped.
     *
     * @throws IllegalArgumentException a setting is wrong
     * @throws DatabaseUnreachableException the configured server cannot be connected to
     */
    public static Optional<EmbeddedDatabase> configure() {
        Optional<PostgresUrl> configured = url();
        if (configured.isPresent()) {
            boolean pooled = transactionPooled(configured.get());
            PostgresUrl url = resolved(configured.get(), URL_PROPERTY);
            Optional<PostgresUrl> direct = directUrl();
            if (pooled && direct.isEmpty()) {
                throw new IllegalArgumentException("DATABASE_URL (" + url.describe() + ") goes through a pooler in"
                        + " transaction mode, where LISTEN and the migrations' lock do not hold: set DATABASE_DIRECT_URL"
                        + " to the same database without the pooler");
            }
            if (direct.isPresent()) {
                if (transactionPooled(direct.get())) {
                    throw new IllegalArgumentException("DATABASE_DIRECT_URL (" + direct.get().describe() + ") goes through"
                            + " a pooler in transaction mode too: give the server's own address");
                }
                direct = Optional.of(resolved(direct.get(), DIRECT_URL_PROPERTY));
            }
            use(url, direct.orElse(url), pooled);
            LOG.infof("Using PostgreSQL at %s (DATABASE_URL), sslmode=%s%s", url.describe(), url.sslModeName(),
                    direct.map(session -> pooled ? ", a pooler in transaction mode: its sessions at " + session.describe()
                            + " (DATABASE_DIRECT_URL)" : ", its sessions at " + session.describe()).orElse(""));
            return Optional.empty();
        }
        if (setting("QUARKUS_DATASOURCE_REACTIVE_URL", "quarkus.datasource.reactive.url") != null) {
            LOG.info("Using the PostgreSQL set by quarkus.datasource.* settings");
            return Optional.empty();
        }
        if ("false".equalsIgnoreCase(setting("BOXOFFICE_EMBEDDED_POSTGRES_ENABLED", "boxoffice.embedded-postgres.enabled"))) {
            throw new IllegalArgumentException("no PostgreSQL configured, and the embedded one is off here (as in the image):"
                    + " set DATABASE_URL, for example postgresql://user:password@db.example:5432/boxoffice?sslmode=verify-full&sslrootcert=/ca.crt");
        }
        String dataDir = setting("BOXOFFICE_EMBEDDED_POSTGRES_DATA_DIR", "boxoffice.embedded-postgres.data-dir");
        String port = setting("BOXOFFICE_EMBEDDED_POSTGRES_PORT", "boxoffice.embedded-postgres.port");
        EmbeddedDatabase database = EmbeddedDatabase.startPersistent(
                Path.of(dataDir == null ? "data/postgres" : dataDir), port == null ? 0 : Integer.parseInt(port));
        System.setProperty(URL_PROPERTY, database.url());
        use(url().orElseThrow(), url().orElseThrow(), false);
        return Optional.of(database);
    }

    /**
     * The database this process connects to, as {@code DATABASE_URL} (or the embedded server) names it, with this
     * process's name ({@code BOXOFFICE_PROCESS_NAME}, else boxoffice) as its application name; empty when the
     * quarkus.datasource.* settings name it instead.
     */
    public static Optional<PostgresUrl> url() {
        String url = setting("DATABASE_URL", URL_PROPERTY);
        if (url == null || url.isBlank()) {
            return Optional.empty();
        }
        return Optional.of(PostgresUrl.parse(url).named(processName()));
    }

    /**
     * The database's own address for what needs a session: {@code DATABASE_DIRECT_URL} when set (behind a pooler in
     * transaction mode), else {@link #url()}.
     */
    public static Optional<PostgresUrl> sessionUrl() {
        return directUrl().or(DatabaseBootstrap::url);
    }

    /** Whether {@code DATABASE_URL} was seen at start to go through a pooler in transaction mode. */
    public static boolean behindTransactionPooler() {
        return Boolean.getBoolean(POOLED_PROPERTY);
    }

    private static Optional<PostgresUrl> directUrl() {
        return Optional.ofNullable(setting("DATABASE_DIRECT_URL", DIRECT_URL_PROPERTY)).filter(url -> !url.isBlank())
                .map(url -> PostgresUrl.parse(url).named(processName()));
    }

    /**
     * Quarkus's reactive pool takes the requests' URL, whose TLS and the rest {@link ConfiguredPoolCreator} sets; JDBC
     * (the migrations, the heartbeat) the sessions' URL. Behind a transaction pooler, no statement stays prepared.
     */
    private static void use(PostgresUrl requests, PostgresUrl sessions, boolean pooled) {
        Map.of("quarkus.datasource.reactive.url", "postgresql://" + requests.host() + ":" + requests.port() + "/" + requests.database(),
                "quarkus.datasource.jdbc.url", sessions.jdbcUrl()).forEach(System::setProperty);
        if (pooled) {
            System.setProperty(POOLED_PROPERTY, "true");
            System.setProperty("quarkus.datasource.reactive.cache-prepared-statements", "false");
        }
        sessions.jdbcProperties().forEach((key, value) -> System.setProperty(switch ((String) key) {
            case "user" -> "quarkus.datasource.username";
            case "password" -> "quarkus.datasource.password";
            default -> "quarkus.datasource.jdbc.additional-jdbc-properties." + key;
        }, (String) value));
    }

    /**
     * {@code sslmode=prefer} (libpq's default) or {@code allow}, settled once at start for every connection after
     * it: {@code require} if the server takes TLS, else {@code disable}. The reactive client would otherwise try TLS
     * and then plain text on two connections, each time, against a server without TLS. The settled URL is kept in
     * {@code property}, which the other parts read.
     */
    private static PostgresUrl resolved(PostgresUrl url, String property) {
        if (url.sslMode() != SslMode.PREFER && url.sslMode() != SslMode.ALLOW) {
            return url;
        }
        PostgresUrl encrypted = url.withSslMode(SslMode.REQUIRE);
        boolean takesTls;
        try (Connection connection = DriverManager.getConnection(encrypted.jdbcUrl(), encrypted.jdbcProperties())) {
            takesTls = true;
        } catch (SQLException noTls) {
            takesTls = false;
        }
        PostgresUrl settled = takesTls ? encrypted : url.withSslMode(SslMode.DISABLE);
        System.setProperty(property, settled.url());
        return settled;
    }

    /**
     * Connects twice, waiting for the database within {@link StartWait} while a failure passes, then naming it; and
     * tells whether a pooler in transaction mode stands in between: a session that keeps its server process across
     * transactions (the server itself, or a pooler in session mode) never changes process; behind a transaction
     * pooler the first connection's process, freed after its statement, is handed to the second's open transaction,
     * and the first is served by another (or waits: a pool of one). Either sign is enough: which server process the
     * pooler hands the second depends on its pool's order, so the first may or may not be moved.
     */
    private static boolean transactionPooled(PostgresUrl url) {
        Duration wait = StartWait.configured();
        try {
            // Said on the standard error: the logging is not set up before Quarkus starts
            return StartWait.retry(url, wait, () -> comparePids(url), System.err::println);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DatabaseUnreachableException(ConnectionProblem.explain(url, e));
        } catch (Exception e) {
            throw new DatabaseUnreachableException(ConnectionProblem.explain(url, e));
        }
    }

    private static boolean comparePids(PostgresUrl url) throws SQLException {
        Properties unprepared = url.jdbcProperties(); // no statement of the driver's outlives a pooled transaction
        unprepared.setProperty("prepareThreshold", "0");
        try (Connection first = DriverManager.getConnection(url.jdbcUrl(), unprepared);
                Connection second = DriverManager.getConnection(url.jdbcUrl(), unprepared)) {
            int before = backendPid(first, url);
            second.setAutoCommit(false);
            int secondsProcess = backendPid(second, url);
            if (secondsProcess == before) {
                return true; // the first's process, freed after its statement, serves the second's transaction
            }
            try {
                return backendPid(first, url) != before;
            } catch (SQLException waitedForTheOther) {
                return true;
            } finally {
                second.rollback();
            }
        }
    }

    private static int backendPid(Connection connection, PostgresUrl url) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.setQueryTimeout((int) url.connectTimeout().toSeconds());
            try (ResultSet row = statement.executeQuery("SELECT pg_backend_pid()")) {
                row.next();
                return row.getInt(1);
            }
        }
    }

    private static String processName() {
        String name = System.getenv("BOXOFFICE_PROCESS_NAME");
        return name == null || name.isBlank() ? "boxoffice" : name.strip();
    }

    /** A system property wins over an environment variable, as in Quarkus itself. */
    private static String setting(String environmentVariable, String systemProperty) {
        String value = System.getProperty(systemProperty);
        return value != null ? value : System.getenv(environmentVariable);
    }

    /** The configured database cannot be connected to: the message says why, in one line. */
    public static final class DatabaseUnreachableException extends RuntimeException {
        DatabaseUnreachableException(String message) {
            super(message, null, false, false);
        }
    }
}
