package dev.boxoffice.app;

import dev.boxoffice.database.DatabaseBootstrap;
import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.annotations.QuarkusMain;

/**
 * Chooses the database before Quarkus starts: the configured one, or an embedded server (which zonky stops with
 * a JVM shutdown hook; after a kill -9 the next start stops the orphan, see EmbeddedDatabase).
 */
@QuarkusMain
public final class BoxOfficeMain {

    private BoxOfficeMain() {
    }

    public static void main(String... args) {
        try {
            DatabaseBootstrap.configure();
        } catch (IllegalArgumentException | IllegalStateException e) {
            System.err.println("boxoffice: " + e.getMessage());
            System.exit(2);
        }
        Quarkus.run(args);
    }
}
