package dev.boxoffice.variants.eventsourced;

import dev.boxoffice.variants.http.StoreUnavailableException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;

/**
 * The service's event store schema through blocking JDBC: one statement per event, no group commit (PostgreSQL
 * still flushes the commits of concurrent connections together). The same optimistic concurrency as the service:
 * the unique index on (stream_id, version) refuses a second writer of a version.
 */
final class JdbcEventStore {

    /** An event as stored: its type and its Protocol Buffers payload. */
    record StoredEvent(long version, String type, byte[] payload) {
    }

    /** Admits the event only if the stream is at the expected version (or it is the stream's first). */
    private static final String APPEND_SQL = """
            INSERT INTO events (stream_id, version, event_type, payload, correlation_id)
            SELECT ?, ?, ?, ?, ?
            WHERE ? = 0 OR EXISTS (SELECT 1 FROM events WHERE stream_id = ? AND version = ?)
            """;
    private static final String READ_SQL =
            "SELECT version, event_type, payload FROM events WHERE stream_id = ? AND version > ? ORDER BY version";
    private static final String UNIQUE_VIOLATION = "23505";

    private final DataSource database;

    JdbcEventStore(DataSource database) {
        this.database = database;
    }

    /**
     * Appends {@code events} (type, payload) to {@code stream} after {@code expectedVersion}, in one transaction;
     * returns once committed: {@code true}, or {@code false} if the stream is not at that version.
     */
    boolean append(String stream, long expectedVersion, List<StoredEvent> events, String correlationId) {
        try (Connection connection = database.getConnection()) {
            boolean single = events.size() == 1;
            connection.setAutoCommit(single); // one event: one statement, its own transaction
            try (PreparedStatement insert = connection.prepareStatement(APPEND_SQL)) {
                long version = expectedVersion;
                for (StoredEvent event : events) {
                    version++;
                    insert.setString(1, stream);
                    insert.setLong(2, version);
                    insert.setString(3, event.type());
                    insert.setBytes(4, event.payload());
                    insert.setString(5, correlationId);
                    insert.setLong(6, expectedVersion);
                    insert.setString(7, stream);
                    insert.setLong(8, expectedVersion);
                    if (insert.executeUpdate() == 0) {
                        rollback(connection, single);
                        return false;
                    }
                }
                if (!single) {
                    connection.commit();
                }
                return true;
            } catch (SQLException e) {
                rollback(connection, single);
                if (UNIQUE_VIOLATION.equals(e.getSQLState())) {
                    return false;
                }
                throw e;
            }
        } catch (SQLException e) {
            throw new StoreUnavailableException("append to " + stream + " failed", e);
        }
    }

    /** The events of {@code stream} after {@code afterVersion}, in version order. */
    List<StoredEvent> read(String stream, long afterVersion) {
        try (Connection connection = database.getConnection();
                PreparedStatement select = connection.prepareStatement(READ_SQL)) {
            select.setString(1, stream);
            select.setLong(2, afterVersion);
            List<StoredEvent> events = new ArrayList<>();
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    events.add(new StoredEvent(rows.getLong(1), rows.getString(2), rows.getBytes(3)));
                }
            }
            return events;
        } catch (SQLException e) {
            throw new StoreUnavailableException("reading " + stream + " failed", e);
        }
    }

    private static void rollback(Connection connection, boolean autoCommit) throws SQLException {
        if (!autoCommit) {
            connection.rollback();
        }
    }
}
