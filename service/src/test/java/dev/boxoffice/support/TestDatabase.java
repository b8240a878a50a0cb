package dev.boxoffice.support;

import dev.boxoffice.database.EmbeddedDatabase;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

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
