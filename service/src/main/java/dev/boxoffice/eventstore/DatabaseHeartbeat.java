package dev.boxoffice.eventstore;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Properties;
import org.jboss.logging.Logger;

/**
 * Asks the database {@code SELECT 1} every {@code every} while statements are owed, on a thread of its own, over a
 * JDBC connection of its own, and tells {@link DatabaseLiveness} each time it answers. The event loops read the
 * answers to statements only when they get to them: a service whose CPU is exhausted reads them late, and would take
 * a database that answers for one that stopped. This thread needs a few microseconds a tick, which it gets even then;
 * while the database answers it, nobody is given up on for silence. While nothing is owed there is no silence to
 * tell apart, so an idle service asks nothing: the thread only wakes each tick to look.
 */
public final class DatabaseHeartbeat implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(DatabaseHeartbeat.class);

    private final String jdbcUrl;
    private final Properties properties = new Properties();
    private final long everyMillis;
    private final DatabaseLiveness liveness;
    private final Thread thread;
    private volatile boolean closed;

    public DatabaseHeartbeat(String jdbcUrl, String user, String password, Duration every, DatabaseLiveness liveness) {
        this.jdbcUrl = jdbcUrl;
        this.everyMillis = every.toMillis();
        this.liveness = liveness;
        properties.setProperty("user", user);
        properties.setProperty("password", password == null ? "" : password);
        // A database that stopped answering without closing the connection (a partition) frees the thread within seconds.
        properties.setProperty("connectTimeout", "1");
        properties.setProperty("socketTimeout", "2");
        properties.setProperty("ApplicationName", "boxoffice-heartbeat");
        this.thread = Thread.ofPlatform().daemon().name("database-heartbeat").unstarted(this::run);
    }

    public DatabaseHeartbeat start() {
        thread.start();
        return this;
    }

    private void run() {
        while (!closed) {
            try (Connection connection = DriverManager.getConnection(jdbcUrl, properties);
                    Statement statement = connection.createStatement()) {
                while (!closed) {
                    if (liveness.owing()) {
                        statement.execute("SELECT 1");
                        liveness.heard();
                    }
                    Thread.sleep(everyMillis);
                }
            } catch (SQLException lost) {
                LOG.debugf("Database heartbeat: %s", lost.getMessage());
                pause();
            } catch (InterruptedException interrupted) {
                return;
            }
        }
    }

    private void pause() {
        try {
            Thread.sleep(everyMillis);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            closed = true;
        }
    }

    @Override
    public void close() {
        closed = true;
        thread.interrupt();
    }
}
