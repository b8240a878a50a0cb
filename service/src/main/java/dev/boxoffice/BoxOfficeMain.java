package dev.boxoffice;

import dev.boxoffice.database.DatabaseBootstrap;
import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.annotations.QuarkusMain;

/**
 * Chooses the database before Quarkus starts: the configured one, or an embedded server (which zonky stops with
 * a JVM shutdown hook; after a kill -9 the next start stops the orphan, see EmbeddedDatabase). Also sizes the
 * event-loop pool to one loop per core, unless configured.
 */
@QuarkusMain
public final class BoxOfficeMain {

    private static final String EVENT_LOOPS = "quarkus.vertx.event-loops-pool-size";

    private BoxOfficeMain() {
    }

    public static void main(String... args) {
        try {
            DatabaseBootstrap.configure();
        } catch (IllegalArgumentException | IllegalStateException e) {
            System.err.println("boxoffice: " + e.getMessage());
            System.exit(2);
        }
        oneEventLoopPerCore();
        Quarkus.run(args);
    }

    /**
     * Vert.x defaults to two event loops per core, headroom for code that blocks a loop now and then. Nothing here
     * blocks, and a second loop on the same core only adds hand-offs: a request, its entity and its database
     * connection then live on different threads that wait for each other's time slice. Measured on one core at
     * 4,000-6,000 req/s: 17 % less service CPU and a lower p99 with one loop (docs/benchmarks.md, "Speed work").
     */
    private static void oneEventLoopPerCore() {
        if (System.getProperty(EVENT_LOOPS) == null && System.getenv("QUARKUS_VERTX_EVENT_LOOPS_POOL_SIZE") == null) {
            System.setProperty(EVENT_LOOPS, Integer.toString(Runtime.getRuntime().availableProcessors()));
        }
    }
}
