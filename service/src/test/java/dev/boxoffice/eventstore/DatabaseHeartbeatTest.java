package dev.boxoffice.eventstore;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxoffice.database.EmbeddedDatabase;
import dev.boxoffice.support.TestDatabase;
import dev.boxoffice.support.TestPostgres;
import io.vertx.core.Promise;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** While the heartbeat hears the database, a statement it is slow to answer is not taken for a lost database. */
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
}
