package dev.boxoffice.database;

import io.vertx.pgclient.PgConnectOptions;
import java.util.Optional;

/** LISTEN needs a connection of its own, outside the pool, to the datasource's database. */
public final class ListenConnection {

    private ListenConnection() {
    }

    /** Options for it from the datasource's settings ({@code quarkus.datasource.reactive.url}, user, password). */
    public static PgConnectOptions options(String reactiveUrl, Optional<String> user, Optional<String> password) {
        PgConnectOptions options = PgConnectOptions.fromUri(reactiveUrl.replaceFirst("^vertx-reactive:", ""));
        options.setMetricsName("boxoffice-listen"); // its own pool metrics, not the request pool's
        user.ifPresent(options::setUser);
        password.ifPresent(options::setPassword);
        return options;
    }
}
