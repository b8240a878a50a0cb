package dev.boxoffice.support;

import dev.boxoffice.database.EmbeddedDatabase;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.UUID;
import org.flywaydb.core.Flyway;

/** A throwaway embedded PostgreSQL for the whole test run: real PostgreSQL, deleted afterwards. */
public class TestDatabase implements QuarkusTestResourceLifecycleManager {

    private static EmbeddedDatabase database;

    /** Also used by process-level tests that start the packaged service against the same kind of server. */
    public static synchronized EmbeddedDatabase shared() {
        if (database == null) {
            database = EmbeddedDatabase.startThrowaway();
            Runtime.getRuntime().addShutdownHook(new Thread(database::close));
        }
        return database;
    }

    /**
     * A database of its own on the shared server, with the service's migrations applied up to {@code version}
     * (older schemas, for tests of what a migration does to data written before it); its JDBC URL.
     */
    public static String databaseMigratedTo(String version) throws SQLException {
        EmbeddedDatabase server = shared();
        String name = "at_v" + version + "_" + UUID.randomUUID().toString().replace("-", "");
        try (Connection connection = DriverManager.getConnection(server.jdbcUrl(), EmbeddedDatabase.USER, null);
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE DATABASE " + name);
        }
        String jdbcUrl = "jdbc:postgresql://127.0.0.1:" + server.port() + "/" + name;
        Flyway.configure().dataSource(jdbcUrl, EmbeddedDatabase.USER, null).locations("classpath:db/migration")
                .target(version).load().migrate();
        return jdbcUrl;
    }

    @Override
    public Map<String, String> start() {
        EmbeddedDatabase db = shared();
        return Map.of(
                "quarkus.datasource.reactive.url", db.reactiveUrl(),
                "quarkus.datasource.jdbc.url", db.jdbcUrl(),
                "quarkus.datasource.username", EmbeddedDatabase.USER,
                "quarkus.datasource.password", "");
    }

    @Override
    public void stop() {
        // Kept for the rest of the run; the shutdown hook stops it and deletes its directory.
    }
}
