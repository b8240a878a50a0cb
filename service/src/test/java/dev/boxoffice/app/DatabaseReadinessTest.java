package dev.boxoffice.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.boxoffice.eventstore.DatabaseLiveness;
import dev.boxoffice.support.TestPostgres;
import io.vertx.pgclient.PgBuilder;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;
import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponse.Status;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class DatabaseReadinessTest {

    private Pool nowhere;

    @AfterEach
    void closePool() {
        if (nowhere != null) {
            nowhere.close();
        }
    }

    @Test
    void atRestItAsksTheDatabase() {
        assertThat(check(TestPostgres.pool(), quiet()).getStatus()).isEqualTo(Status.UP);
    }

    @Test
    void atRestADatabaseThatDoesNotAnswerIsDown() throws IOException {
        HealthCheckResponse answer = check(poolOnAClosedPort(), quiet());
        assertThat(answer.getStatus()).isEqualTo(Status.DOWN);
        assertThat(answer.getData()).hasValueSatisfying(data -> assertThat(data).containsKey("failure"));
    }

    @Test
    void atWorkItAnswersFromMemoryWithoutAStatement() throws IOException {
        // Just heard (a liveness starts so): the pool, which reaches no database, is never asked.
        var justHeard = new DatabaseLiveness(TestPostgres.vertx(), Duration.ofSeconds(5));
        assertThat(check(poolOnAClosedPort(), justHeard).getStatus()).isEqualTo(Status.UP);
    }

    @Test
    void atRestADatabaseThatRefusesWritesIsDown() {
        HealthCheckResponse answer = check(readOnlyPool(), quiet());
        assertThat(answer.getStatus()).isEqualTo(Status.DOWN);
        assertThat(answer.getData()).hasValueSatisfying(data -> assertThat(data.get("failure").toString()).contains("read-only"));
    }

    @Test
    void atWorkARefusedAppendIsCheckedUntilWritesSucceedAgain() {
        var justHeard = new DatabaseLiveness(TestPostgres.vertx(), Duration.ofSeconds(5));
        justHeard.writeRefused();
        assertThat(check(readOnlyPool(), justHeard).getStatus()).isEqualTo(Status.DOWN);
        assertThat(check(TestPostgres.pool(), justHeard).getStatus()).isEqualTo(Status.UP);
        assertThat(justHeard.writesRefused()).isFalse();
    }

    private static HealthCheckResponse check(Pool pool, DatabaseLiveness liveness) {
        return new DatabaseReadiness(pool, liveness).call().await().atMost(Duration.ofSeconds(10));
    }

    /** A liveness that has heard nothing for over a second: a node at rest. */
    private static DatabaseLiveness quiet() {
        var liveness = new DatabaseLiveness(TestPostgres.vertx(), Duration.ofSeconds(5));
        await().atMost(Duration.ofSeconds(3)).until(() -> !liveness.heardWithin(Duration.ofSeconds(1)));
        return liveness;
    }

    /** A server that takes reads only, as a standby does. */
    private Pool readOnlyPool() {
        nowhere = PgBuilder.pool().with(new PoolOptions().setMaxSize(1))
                .connectingTo(TestPostgres.connectOptions().addProperty("default_transaction_read_only", "on"))
                .using(TestPostgres.vertx()).build();
        return nowhere;
    }

    private Pool poolOnAClosedPort() throws IOException {
        int port;
        try (var socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        nowhere = PgBuilder.pool().with(new PoolOptions().setMaxSize(1))
                .connectingTo(TestPostgres.connectOptions().setPort(port)).using(TestPostgres.vertx()).build();
        return nowhere;
    }
}
