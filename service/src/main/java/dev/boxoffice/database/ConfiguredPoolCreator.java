package dev.boxoffice.database;

import io.quarkus.reactive.pg.client.PgPoolCreator;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlConnectOptions;
import java.util.ArrayList;
import java.util.List;

/**
 * Quarkus's reactive pool, connecting as {@code DATABASE_URL} says (address and credentials, TLS mode and CA,
 * application name, a bounded connect: {@link dev.boxoffice.postgres.PostgresUrl#configure}), exactly as the JDBC
 * connections and the LISTEN connection do. Quarkus's own TLS settings would say the same thing a second way.
 */
public final class ConfiguredPoolCreator implements PgPoolCreator {

    @Override
    public Pool create(Input input) {
        List<SqlConnectOptions> options = new ArrayList<>(input.pgConnectOptionsList());
        boolean pooled = DatabaseBootstrap.behindTransactionPooler();
        DatabaseBootstrap.url().ifPresent(url -> options.forEach(each ->
                // Behind a transaction pooler a statement is parsed, bound and run in one round, never kept prepared
                url.configure((PgConnectOptions) each).setUseLayer7Proxy(pooled)));
        return PgBuilder.pool().with(input.poolOptions()).connectingTo(options).using(input.vertx()).build();
    }
}
