package dev.boxoffice.database;

import dev.boxoffice.postgres.PostgresUrl;
import io.vertx.pgclient.PgConnectOptions;
import java.util.Optional;

/** LISTEN needs a connection of its own, outside the pool, to the datasource's database. */
public final class ListenConnection {

    private ListenConnection() {
    }

    /**
     * Options for it: the database's own address ({@code DATABASE_DIRECT_URL} behind a transaction pooler, else
     * {@code DATABASE_URL}), else from the datasource's settings
     * ({@code quarkus.datasource.reactive.url}, user, password).
     */
    public static PgConnectOptions options(String reactiveUrl, Optional<String> user, Optional<String> password) {
        PgConnectOptions options = DatabaseBootstrap.sessionUrl().map(PostgresUrl::pgConnectOptions).orElseGet(() -> {
            PgConnectOptions fromSettings = PgConnectOptions.fromUri(reactiveUrl.replaceFirst("^vertx-reactive:", ""));
            user.ifPresent(fromSettings::setUser);
            password.ifPresent(fromSettings::setPassword);
            return fromSettings;
        });
        return options.setMetricsName("boxoffice-listen"); // its own pool metrics, not the request pool's
    }
}
