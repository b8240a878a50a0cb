package dev.boxoffice.database;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * Decides, before Quarkus starts, which PostgreSQL the service uses: the one named by {@code DATABASE_URL}, the one
 * set through the standard Quarkus datasource settings, or else a private embedded server with a persistent data
 * directory ({@code boxoffice.embedded-postgres.data-dir}, default {@code data/postgres} under the working directory),
 * unless {@code boxoffice.embedded-postgres.enabled} is false (the image has no embedded server).
 */
public final class DatabaseBootstrap {

    private static final Logger LOG = Logger.getLogger(DatabaseBootstrap.class);

    private DatabaseBootstrap() {
    }

    /**
     * Sets the datasource system properties, starting the embedded server if no other is configured; returns that
     * server, which the caller stops once the application has stopped.
     */
    public static Optional<EmbeddedDatabase> configure() {
        String databaseUrl = setting("DATABASE_URL", "database.url");
        if (databaseUrl != null && !databaseUrl.isBlank()) {
            DatabaseUrl url = DatabaseUrl.parse(databaseUrl);
            url.quarkusProperties().forEach(System::setProperty);
            LOG.infof("Using PostgreSQL at %s:%d/%s (DATABASE_URL)", url.host(), url.port(), url.database());
            return Optional.empty();
        }
        if (setting("QUARKUS_DATASOURCE_REACTIVE_URL", "quarkus.datasource.reactive.url") != null) {
            LOG.info("Using the PostgreSQL set by quarkus.datasource.* settings");
            return Optional.empty();
        }
        if ("false".equalsIgnoreCase(setting("BOXOFFICE_EMBEDDED_POSTGRES_ENABLED", "boxoffice.embedded-postgres.enabled"))) {
            throw new IllegalStateException("no PostgreSQL configured, and the embedded one is off here (as in the image):"
                    + " set DATABASE_URL, for example postgresql://user:password@db.example:5432/boxoffice");
        }
        String dataDir = setting("BOXOFFICE_EMBEDDED_POSTGRES_DATA_DIR", "boxoffice.embedded-postgres.data-dir");
        String port = setting("BOXOFFICE_EMBEDDED_POSTGRES_PORT", "boxoffice.embedded-postgres.port");
        EmbeddedDatabase database = EmbeddedDatabase.startPersistent(
                Path.of(dataDir == null ? "data/postgres" : dataDir), port == null ? 0 : Integer.parseInt(port));
        Map.of("quarkus.datasource.reactive.url", database.reactiveUrl(),
                "quarkus.datasource.jdbc.url", database.jdbcUrl(),
                "quarkus.datasource.username", EmbeddedDatabase.USER,
                "quarkus.datasource.password", "").forEach(System::setProperty);
        return Optional.of(database);
    }

    /** A system property wins over an environment variable, as in Quarkus itself. */
    private static String setting(String environmentVariable, String systemProperty) {
        String value = System.getProperty(systemProperty);
        return value != null ? value : System.getenv(environmentVariable);
    }
}
