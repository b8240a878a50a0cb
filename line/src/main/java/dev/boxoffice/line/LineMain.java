package dev.boxoffice.line;

import dev.boxoffice.postgres.ConnectionProblem;
import dev.boxoffice.postgres.PostgresUrl;
import dev.boxoffice.postgres.StartWait;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.pgclient.PgConnection;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

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
        byte[] key = signingKey(vertx);
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

    /**
     * The nodes' key: configured, or read from their database, waited for within {@link StartWait} while a failure
     * passes (a server starting or restarting, a proxy moving to a new primary); any other failure, or one that
     * outlasts the bound, stops the service with one line saying why.
     */
    private static byte[] signingKey(Vertx vertx) throws InterruptedException {
        String configured = System.getenv("BOXOFFICE_WAITING_ROOM_SIGNING_KEY");
        if (configured != null && !configured.isBlank()) {
            return Base64.getDecoder().decode(configured.strip());
        }
        PostgresUrl url;
        Duration wait;
        try {
            url = databaseUrl();
            wait = StartWait.configured();
        } catch (IllegalArgumentException e) {
            return exit(2, e.getMessage());
        }
        try {
            // The client bounds the TCP connect; a server that accepts and then says nothing is bounded here.
            // Two statements once: unprepared, as a pooler in transaction mode needs (PgBouncer's default).
            return StartWait.retry(url, wait, () -> PgConnection.connect(vertx, url.pgConnectOptions().setUseLayer7Proxy(true))
                    .compose(connection -> SigningKeys.shared(connection, SigningKeys.WAITING_ROOM).eventually(() -> connection.close()))
                    .toCompletionStage().toCompletableFuture()
                    .get(url.connectTimeout().toMillis() + 500, TimeUnit.MILLISECONDS), message -> System.err.println("line service: " + message));
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            return exit(1, ConnectionProblem.explain(url, e instanceof ExecutionException ? e.getCause() : e));
        }
    }

    private static byte[] exit(int status, String why) {
        System.err.println("boxoffice: line service: " + why);
        System.exit(status);
        throw new IllegalStateException(why);
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
