package dev.boxoffice.eventstore;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxoffice.database.EmbeddedDatabase;
import dev.boxoffice.support.TestDatabase;
import dev.boxoffice.support.TestPostgres;
import io.vertx.core.Promise;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * While the heartbeat hears the database, a statement it is slow to answer is not taken for a lost database; while
 * nothing is owed, it asks nothing.
 */
class DatabaseHeartbeatTest {

    @Test
    void aHeardDatabaseKeepsItsSlowCallersAndASilentOneDoesNot() throws Exception {
        var liveness = new DatabaseLiveness(TestPostgres.vertx(), Duration.ofMillis(200));
        long since = liveness.now();
        liveness.owe(Promise.<Void>promise().future()); // a statement never answered
        try (var heartbeat = new DatabaseHeartbeat(TestDatabase.shared().jdbcUrl(), EmbeddedDatabase.USER, "",
                Duration.ofMillis(25), liveness).start()) {
            Thread.sleep(500);
            assertThat(liveness.givesUp(since, liveness.now())).as("heard meanwhile").isFalse();
        }
        Thread.sleep(400);
        assertThat(liveness.givesUp(since, liveness.now())).as("silent since the heartbeat stopped").isTrue();
    }

    @Test
    void anIdleServiceAsksNothingUntilAStatementIsOwed() throws Exception {
        var liveness = new DatabaseLiveness(TestPostgres.vertx(), Duration.ofMillis(200));
        String since = databaseNow();
        try (var heartbeat = new DatabaseHeartbeat(TestDatabase.shared().jdbcUrl(), EmbeddedDatabase.USER, "",
                Duration.ofMillis(25), liveness).start()) {
            Thread.sleep(400);
            assertThat(heartbeatsThatAsked(since)).as("heartbeat sessions that ran a statement while idle").isZero();
            liveness.owe(Promise.<Void>promise().future()); // a statement never answered
            Thread.sleep(200);
            assertThat(heartbeatsThatAsked(since)).as("heartbeat sessions that ran one once one was owed").isOne();
        }
    }

    /** Heartbeat sessions opened after {@code since} whose last statement was the heartbeat's (pg_stat_activity knows it). */
    private static int heartbeatsThatAsked(String since) throws Exception {
        return Integer.parseInt(query("SELECT count(*) FROM pg_stat_activity WHERE application_name = 'boxoffice-heartbeat'"
                + " AND backend_start > '" + since + "' AND query = 'SELECT 1'"));
    }

    private static String databaseNow() throws Exception {
        return query("SELECT clock_timestamp()::text");
    }

    private static String query(String sql) throws Exception {
        try (var connection = DriverManager.getConnection(TestDatabase.shared().jdbcUrl(), EmbeddedDatabase.USER, "");
                ResultSet rows = connection.createStatement().executeQuery(sql)) {
            rows.next();
            return rows.getString(1);
        }
    }
}
