package dev.boxoffice.support;

import dev.boxoffice.database.EmbeddedDatabase;
import dev.boxoffice.eventstore.DatabaseLiveness;
import dev.boxoffice.eventstore.EventStoreSettings;
import dev.boxoffice.eventstore.PostgresEventStore;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import org.flywaydb.core.Flyway;

/**
 * The test database with the service's schema, and a Vert.x pool on it, without the framework: what the infrastructure
 * packages (event store, entity runtime, projections) need, built the way the composition root builds it. The same
 * server as {@link TestDatabase}; the migrations are the service's own, applied once.
 */
public final class TestPostgres {

    private static Vertx vertx;
    private static Pool pool;

    private TestPostgres() {
    }

    public static synchronized Vertx vertx() {
        start();
        return vertx;
    }

    public static synchronized Pool pool() {
        start();
        return pool;
    }

    /** An event store with the service's default settings: one statement in flight, up to 1,000 events in it. */
    public static PostgresEventStore eventStore() {
        return new PostgresEventStore(vertx(), pool(), new EventStoreSettings(1, 1000, EventStoreSettings.DEFAULT_TIMEOUT));
    }

    /** Whether the database answers, with the service's default timeout: what a snapshot store's loads are bounded by. */
    public static DatabaseLiveness liveness() {
        return new DatabaseLiveness(vertx(), EventStoreSettings.DEFAULT_TIMEOUT);
    }

    public static Connection jdbc() throws SQLException {
        return DriverManager.getConnection(TestDatabase.shared().jdbcUrl(), EmbeddedDatabase.USER, "");
    }

    /** Options of a connection of its own, as LISTEN needs. */
    public static PgConnectOptions connectOptions() {
        return PgConnectOptions.fromUri(TestDatabase.shared().reactiveUrl()).setUser(EmbeddedDatabase.USER)
                .setCachePreparedStatements(true);
    }

    private static void start() {
        if (pool != null) {
            return;
        }
        EmbeddedDatabase database = TestDatabase.shared();
        Flyway.configure().dataSource(database.jdbcUrl(), EmbeddedDatabase.USER, "").load().migrate();
        vertx = Vertx.vertx();
        // The service's pool size (quarkus.datasource.reactive.max-size).
        pool = PgBuilder.pool().with(new PoolOptions().setMaxSize(8)).connectingTo(connectOptions()).using(vertx).build();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            pool.close();
            vertx.close();
        }));
    }
}
