package dev.boxoffice.shows;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxoffice.support.TestPostgres;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.sql.Connection;
import java.sql.Statement;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The expiry's claims on due holds: a lease in a table of its own, never a write to the read model. Run in a schema of
 * its own, a copy of the service's tables, so that the services of other tests, which expire holds on the same
 * database, never see these holds.
 */
class HoldExpiryClaimsTest {

    private static final OffsetDateTime NOW = OffsetDateTime.of(2030, 1, 1, 12, 0, 0, 0, ZoneOffset.UTC);
    private static final long LEASE_MILLIS = 10_000;

    private final Pool pool = TestPostgres.pool();
    private final List<UUID> holds = List.of(UUID.randomUUID(), UUID.randomUUID(), UUID.randomUUID());

    @BeforeEach
    void holdsDueOneSecondApart() throws Exception {
        try (Connection jdbc = TestPostgres.jdbc(); Statement sql = jdbc.createStatement()) {
            sql.execute("DROP SCHEMA IF EXISTS claims_test CASCADE");
            sql.execute("CREATE SCHEMA claims_test");
            sql.execute("CREATE TABLE claims_test.hold_view (LIKE public.hold_view INCLUDING ALL)");
            sql.execute("CREATE TABLE claims_test.hold_expiry_claims (LIKE public.hold_expiry_claims INCLUDING ALL)");
            for (int i = 0; i < holds.size(); i++) {
                sql.execute("INSERT INTO claims_test.hold_view (hold_id, show_id, seats, expires_at, status, updated_at) VALUES ('"
                        + holds.get(i) + "', gen_random_uuid(), '{1}', '" + NOW.minusSeconds(10 - i) + "', 'HELD', '" + NOW.minusMinutes(5) + "')");
            }
        }
    }

    @Test
    void eachDueHoldIsClaimedOnceUntilItsLeaseLapses() {
        assertThat(claim(NOW, 2)).containsExactly(holds.get(0), holds.get(1));
        assertThat(claim(NOW, 2)).as("another node, at once").containsExactly(holds.get(2));
        assertThat(claim(NOW.plusSeconds(9), 10)).as("within the lease").isEmpty();

        assertThat(claim(NOW.plusSeconds(11), 10)).as("the leases lapsed: the first node died, say")
                .containsExactly(holds.get(0), holds.get(1), holds.get(2));
    }

    @Test
    void theReadModelIsNeverWrittenAndTheClaimsOfEndedHoldsGo() {
        String versions = "SELECT string_agg(xmin::text, ',' ORDER BY hold_id) FROM hold_view";
        String before = text(versions);
        claim(NOW, 10);
        assertThat(text(versions)).as("no row of the read model written").isEqualTo(before);

        run("UPDATE hold_view SET status = 'EXPIRED' WHERE hold_id = '" + holds.get(0) + "'"); // as its projection would
        assertThat(claim(NOW.plusSeconds(11), 10)).containsExactly(holds.get(1), holds.get(2));
        assertThat(text("SELECT count(*)::text FROM hold_expiry_claims")).as("the lapsed claim of the ended hold is gone")
                .isEqualTo("2");
    }

    private List<UUID> claim(OffsetDateTime now, int batch) {
        return inSchema(pool.withConnection(connection -> connection.query("SET search_path TO claims_test").execute()
                .compose(v -> connection.preparedQuery(HoldExpiry.CLAIM_SQL).execute(Tuple.of(LEASE_MILLIS, batch, now)))
                .compose(v -> connection.query("RESET search_path").execute().map(v)))).stream()
                .map(row -> row.getUUID(0)).sorted((a, b) -> Integer.compare(holds.indexOf(a), holds.indexOf(b))).toList();
    }

    private void run(String statement) {
        inSchema(pool.withConnection(connection -> connection.query("SET search_path TO claims_test").execute()
                .compose(v -> connection.query(statement).execute())
                .compose(v -> connection.query("RESET search_path").execute().map(v))));
    }

    private String text(String query) {
        return inSchema(pool.withConnection(connection -> connection.query("SET search_path TO claims_test").execute()
                .compose(v -> connection.query(query).execute())
                .compose(rows -> connection.query("RESET search_path").execute().map(rows))))
                .get(0).getString(0);
    }

    private static List<Row> inSchema(Future<? extends Iterable<Row>> rows) {
        List<Row> list = new ArrayList<>();
        rows.toCompletionStage().toCompletableFuture().join().forEach(list::add);
        return list;
    }
}
