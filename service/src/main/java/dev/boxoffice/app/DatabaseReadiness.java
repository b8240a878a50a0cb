package dev.boxoffice.app;

import dev.boxoffice.eventstore.DatabaseLiveness;
import io.smallrye.health.api.AsyncHealthCheck;
import io.smallrye.mutiny.Uni;
import io.vertx.sqlclient.Pool;
import java.time.Duration;
import org.eclipse.microprofile.health.HealthCheckResponse;

/**
 * "database" in /q/health/ready: UP while PostgreSQL takes writes. A node at work has had an answer within the last
 * second and its last append was not refused, and that is the answer, from memory; a node at rest, or one whose last
 * append the server refused (a read-only server, a prepared statement a pooler lost, a privilege missing), sends one
 * statement through its pool that fails wherever an append would ({@value #WRITABLE}: a row lock asked of the events
 * table, in a prepared statement), given up on after the database's timeout. In place of Quarkus's two datasource
 * checks, which sent a statement on each pool (JDBC and reactive) for every check, twice a second from the edge, at
 * work too: at rest they cost a node more than everything else it does (docs/performance.md).
 */
final class DatabaseReadiness implements AsyncHealthCheck {

    static final String NAME = "database";
    private static final Duration RECENT = Duration.ofSeconds(1);
    static final String WRITABLE = "SELECT 1 FROM events WHERE false FOR UPDATE";

    private final Pool pool;
    private final DatabaseLiveness liveness;

    DatabaseReadiness(Pool pool, DatabaseLiveness liveness) {
        this.pool = pool;
        this.liveness = liveness;
    }

    @Override
    public Uni<HealthCheckResponse> call() {
        if (liveness.heardWithin(RECENT) && !liveness.writesRefused()) {
            return Uni.createFrom().item(HealthCheckResponse.up(NAME));
        }
        return Uni.createFrom().completionStage(() -> pool.preparedQuery(WRITABLE).execute().toCompletionStage())
                .ifNoItem().after(liveness.timeout()).fail()
                .map(rows -> {
                    liveness.writesSucceed();
                    return HealthCheckResponse.up(NAME);
                })
                .onFailure().recoverWithItem(failure -> HealthCheckResponse.named(NAME).down()
                        .withData("failure", String.valueOf(failure.getMessage())).build());
    }
}
