package dev.boxoffice.app;

import dev.boxoffice.database.DatabaseBootstrap;
import dev.boxoffice.database.EmbeddedDatabase;
import io.quarkus.runtime.Application;
import io.quarkus.runtime.Quarkus;
import java.time.Duration;
import io.quarkus.runtime.annotations.QuarkusMain;

/**
 * Chooses the database before Quarkus starts: the configured one, or an embedded server, stopped once Quarkus has
 * stopped (after a kill -9 the next start stops the orphan, see EmbeddedDatabase); and fits the connection bound to
 * the open-files limit.
 */
@QuarkusMain
public final class BoxOfficeMain {

    private BoxOfficeMain() {
    }

    /** How long the embedded database waits for the application to stop before it stops anyway. */
    private static final Duration APPLICATION_STOP_WAIT = Duration.ofSeconds(30);

    public static void main(String... args) {
        try {
            DatabaseBootstrap.configure().ifPresent(database ->
                    Runtime.getRuntime().addShutdownHook(new Thread(() -> stopAfterApplication(database), "embedded-postgres-stop")));
        } catch (IllegalArgumentException | IllegalStateException e) {
            System.err.println("boxoffice: " + e.getMessage());
            System.exit(2);
        } catch (DatabaseBootstrap.DatabaseUnreachableException e) {
            System.err.println("boxoffice: " + e.getMessage());
            System.exit(1);
        }
        Quarkus.run(args);
    }

    /**
     * Quarkus stops the application in a shutdown hook of its own, beside this one: the database waits for it, so that
     * the application's connections close before the server does (else PostgreSQL cuts them, and says so in the log).
     */
    private static void stopAfterApplication(EmbeddedDatabase database) {
        Application application = Application.currentApplication();
        if (application != null) {
            Thread waiter = new Thread(application::awaitShutdown, "await-application-stop");
            waiter.setDaemon(true);
            waiter.start();
            try {
                waiter.join(APPLICATION_STOP_WAIT.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        database.close();
    }
}
