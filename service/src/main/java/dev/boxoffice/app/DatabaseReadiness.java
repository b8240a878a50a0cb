package dev.boxoffice.app;

import dev.boxoffice.eventstore.DatabaseLiveness;
import io.smallrye.health.api.AsyncHealthCheck;
import io.smallrye.mutiny.Uni;
import io.vertx.sqlclient.Pool;
import java.time.Duration;
import org.eclipse.microprofile.health.HealthCheckResponse;

/**
 * "database" in /q/health/ready: UP while PostgreSQL answers. A node at work has had an answer within the last
 * second, and that is the answer, from memory; a node at rest sends one {@code SELECT 1} through its pool, given up
 * on after the database's timeout. In place of Quarkus's two datasource checks, which sent a statement on each pool
 * (JDBC and reactive) for every check, twice a second from the edge, at work too: at rest they cost a node more
 * than everything else it does (docs/performance.md).
 */
final class DatabaseReadiness implements AsyncHealthCheck {

    static final String NAME = "database";
    private static final Duration RECENT = Duration.ofSeconds(1);

    private final Pool pool;
    private final DatabaseLiveness liveness;

    DatabaseReadiness(Pool pool, DatabaseLiveness liveness) {
        this.pool = pool;
        this.liveness = liveness;
    }

    @Override
    public Uni<HealthCheckResponse> call() {
        if (liveness.heardWithin(RECENT)) {
            return Uni.createFrom().item(HealthCheckResponse.up(NAME));
        }
        return Uni.createFrom().completionStage(() -> pool.query("SELECT 1").execute().toCompletionStage())
                .ifNoItem().after(liveness.timeout()).fail()
                .map(rows -> HealthCheckResponse.up(NAME))
                .onFailure().recoverWithItem(failure -> HealthCheckResponse.named(NAME).down()
                        .withData("failure", String.valueOf(failure.getMessage())).build());
    }
}
