package dev.boxoffice.line;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;
import java.net.URI;
import java.time.Clock;
import java.util.Base64;
import java.util.concurrent.TimeUnit;

/**
 * Starts a line service from its environment (or the system properties line.port and line.nodes), on one event loop:
 * LINE_PORT (8090), LINE_NODES (the edge or a node, http://127.0.0.1:8080), and the rooms' signing key, the nodes'
 * own: BOXOFFICE_WAITING_ROOM_SIGNING_KEY (base64) or, without it, the one kept in the database at DATABASE_URL.
 */
public final class LineMain {

    private LineMain() {
    }

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(System.getProperty("line.port", env("LINE_PORT", "8090")));
        URI nodes = URI.create(System.getProperty("line.nodes", env("LINE_NODES", "http://127.0.0.1:8080")));
        Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(1).setWorkerPoolSize(1));
        byte[] key = signingKey(vertx).toCompletionStage().toCompletableFuture().get(60, TimeUnit.SECONDS);
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

    private static Future<byte[]> signingKey(Vertx vertx) {
        String configured = System.getenv("BOXOFFICE_WAITING_ROOM_SIGNING_KEY");
        if (configured != null && !configured.isBlank()) {
            return Future.succeededFuture(Base64.getDecoder().decode(configured.strip()));
        }
        String url = System.getenv("DATABASE_URL");
        if (url == null || url.isBlank()) {
            throw new IllegalArgumentException("set BOXOFFICE_WAITING_ROOM_SIGNING_KEY (the nodes' key, base64) "
                    + "or DATABASE_URL (the nodes' database, which keeps it)");
        }
        Pool pool = PgBuilder.pool().connectingTo(PgConnectOptions.fromUri(url.strip()))
                .with(new PoolOptions().setMaxSize(1)).using(vertx).build();
        return SigningKeys.shared(pool, SigningKeys.WAITING_ROOM).eventually(() -> pool.close());
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value.strip();
    }
}
