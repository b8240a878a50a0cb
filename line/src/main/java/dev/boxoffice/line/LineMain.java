package dev.boxoffice.line;

import dev.boxoffice.postgres.ConnectionProblem;
import dev.boxoffice.postgres.PostgresUrl;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.pgclient.PgConnection;
import java.net.URI;
import java.time.Clock;
import java.util.Base64;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Starts a line service from its environment (or the system properties line.port and line.nodes), on one event loop:
 * LINE_PORT (8090), LINE_NODES (the edge or a node, http://127.0.0.1:8080), and the rooms' signing key, the nodes'
 * own: BOXOFFICE_WAITING_ROOM_SIGNING_KEY (base64) or, without it, the one kept in the database at DATABASE_URL
 * (connected to as the nodes connect: {@link PostgresUrl}; named BOXOFFICE_PROCESS_NAME in pg_stat_activity). A
 * database it cannot reach stops it at once with one line saying why.
 */
public final class LineMain {

    private LineMain() {
    }

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(System.getProperty("line.port", env("LINE_PORT", "8090")));
        URI nodes = URI.create(System.getProperty("line.nodes", env("LINE_NODES", "http://127.0.0.1:8080")));
        Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(1).setWorkerPoolSize(1));
        byte[] key;
        try {
            // The client bounds the TCP connect; a server that accepts and then says nothing is bounded here
            key = signingKey(vertx).toCompletionStage().toCompletableFuture()
                    .get(keyFromDatabase() ? databaseUrl().connectTimeout().toMillis() + 500 : 1000, TimeUnit.MILLISECONDS);
        } catch (IllegalArgumentException e) {
            System.err.println("boxoffice: line service: " + e.getMessage());
            System.exit(2);
            return;
        } catch (ExecutionException | TimeoutException e) {
            System.err.println("boxoffice: line service: " + ConnectionProblem.explain(databaseUrl(),
                    e instanceof ExecutionException ? e.getCause() : e));
            System.exit(1);
            return;
        }
        LineService line = LineService.start(vertx, LineService.Settings.of(port, nodes), new LineTokens(key), Clock.systemUTC())
                .toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
        System.out.println("line service on port " + line.port() + ", nodes at " + nodes);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                line.close().toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
            } catch (Exception ignored) {
                // stopping anyway
            }
        }));
    }

    private static boolean keyFromDatabase() {
        String configured = System.getenv("BOXOFFICE_WAITING_ROOM_SIGNING_KEY");
        return configured == null || configured.isBlank();
    }

    private static Future<byte[]> signingKey(Vertx vertx) {
        if (!keyFromDatabase()) {
            return Future.succeededFuture(Base64.getDecoder().decode(System.getenv("BOXOFFICE_WAITING_ROOM_SIGNING_KEY").strip()));
        }
        return PgConnection.connect(vertx, databaseUrl().pgConnectOptions()).compose(connection ->
                SigningKeys.shared(connection, SigningKeys.WAITING_ROOM).eventually(() -> connection.close()));
    }

    private static PostgresUrl databaseUrl() {
        String url = System.getenv("DATABASE_URL");
        if (url == null || url.isBlank()) {
            throw new IllegalArgumentException("set BOXOFFICE_WAITING_ROOM_SIGNING_KEY (the nodes' key, base64) "
                    + "or DATABASE_URL (the nodes' database, which keeps it)");
        }
        return PostgresUrl.parse(url).named(env("BOXOFFICE_PROCESS_NAME", "boxoffice-line"));
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value.strip();
    }
}
