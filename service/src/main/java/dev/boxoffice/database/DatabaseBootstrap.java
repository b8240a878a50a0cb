package dev.boxoffice.database;

import dev.boxoffice.postgres.ConnectionProblem;
import dev.boxoffice.postgres.PostgresUrl;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Map;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * Decides, before Quarkus starts, which PostgreSQL the service uses: the one named by {@code DATABASE_URL}, the one
 * set through the standard Quarkus datasource settings, or else a private embedded server with a persistent data
 * directory ({@code boxoffice.embedded-postgres.data-dir}, default {@code data/postgres} under the working directory),
 * unless {@code boxoffice.embedded-postgres.enabled} is false (the image has no embedded server).
 * <p>
 * A {@code DATABASE_URL} is read as libpq reads it ({@link PostgresUrl}: TLS, CA, application name) and tried once
 * before anything else starts: a server that cannot be reached or logged in to stops the service within the connect
 * timeout with one line saying why, instead of a framework's stack traces.
 */
public final class DatabaseBootstrap {

    private static final Logger LOG = Logger.getLogger(DatabaseBootstrap.class);
    /** The setting that names the database; the embedded server's URL is set in it too, for the parts that connect. */
    private static final String URL_PROPERTY = "database.url";

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
            PostgresUrl url = configured.get();
            tryConnecting(url);
            use(url);
            LOG.infof("Using PostgreSQL at %s (DATABASE_URL), sslmode=%s", url.describe(), url.sslModeName());
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
        use(url().orElseThrow());
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
        String name = System.getenv("BOXOFFICE_PROCESS_NAME");
        return Optional.of(PostgresUrl.parse(url).named(name == null || name.isBlank() ? "boxoffice" : name.strip()));
    }

    /** Quarkus's pools take the address and credentials; TLS and the rest are set on the reactive pool's options. */
    private static void use(PostgresUrl url) {
        Map.of("quarkus.datasource.reactive.url", "postgresql://" + url.host() + ":" + url.port() + "/" + url.database(),
                "quarkus.datasource.jdbc.url", url.jdbcUrl()).forEach(System::setProperty);
        url.jdbcProperties().forEach((key, value) -> System.setProperty(switch ((String) key) {
            case "user" -> "quarkus.datasource.username";
            case "password" -> "quarkus.datasource.password";
            default -> "quarkus.datasource.jdbc.additional-jdbc-properties." + key;
        }, (String) value));
    }

    private static void tryConnecting(PostgresUrl url) {
        try (Connection connection = DriverManager.getConnection(url.jdbcUrl(), url.jdbcProperties())) {
            connection.isValid((int) url.connectTimeout().toSeconds());
        } catch (SQLException e) {
            throw new DatabaseUnreachableException(ConnectionProblem.explain(url, e));
        }
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
