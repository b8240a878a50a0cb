package dev.boxoffice.variants.eventsourced;

import dev.boxoffice.eventstore.AppendResult;
import dev.boxoffice.eventstore.EventStore;
import dev.boxoffice.eventstore.ExpectedVersion;
import dev.boxoffice.eventstore.KeyedRecord;
import dev.boxoffice.eventstore.NewEvent;
import dev.boxoffice.eventstore.RecordedEvent;
import dev.boxoffice.eventstore.StreamName;
import dev.boxoffice.variants.http.StoreUnavailableException;
import io.vertx.core.Future;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;

/**
 * The service's event store schema through blocking JDBC, for the variants on worker and virtual threads: every
 * method does its I/O on the calling thread and returns a completed future. One statement per event, no group commit
 * (PostgreSQL still flushes the commits of concurrent connections together). The same optimistic concurrency as the
 * service: the unique index on (stream_id, version) refuses a second writer of a version.
 */
final class JdbcEventStore implements EventStore {

    /** Admits the event only if the stream is at the expected version (or it is the stream's first). */
    private static final String APPEND_SQL = """
            INSERT INTO events (stream_id, version, event_type, schema_version, payload, correlation_id)
            SELECT ?, ?, ?, ?, ?, ?
            WHERE ? = 0 OR EXISTS (SELECT 1 FROM events WHERE stream_id = ? AND version = ?)
            RETURNING position
            """;
    private static final String READ_SQL = """
            SELECT version, position, transaction_id::text::bigint, event_type, schema_version, payload, correlation_id,
                   recorded_at
            FROM events WHERE stream_id = ? AND version > ? ORDER BY version
            """;
    private static final String UNIQUE_VIOLATION = "23505";

    private final DataSource database;

    JdbcEventStore(DataSource database) {
        this.database = database;
    }

    /** The variants take no idempotency keys: the comparison is of the seed's API, which sends none. */
    @Override
    public Future<AppendResult> append(StreamName stream, ExpectedVersion expected, List<NewEvent> events,
            List<KeyedRecord> records) {
        if (!records.isEmpty()) {
            throw new UnsupportedOperationException("the JDBC event store of the variants keeps no keyed records");
        }
        try (Connection connection = database.getConnection()) {
            boolean single = events.size() == 1;
            connection.setAutoCommit(single); // one event: one statement, its own transaction
            try (PreparedStatement insert = connection.prepareStatement(APPEND_SQL)) {
                long version = expected.value();
                long first = 0;
                long last = 0;
                for (NewEvent event : events) {
                    version++;
                    insert.setString(1, stream.value());
                    insert.setLong(2, version);
                    insert.setString(3, event.type());
                    insert.setShort(4, (short) event.schemaVersion());
                    insert.setBytes(5, event.payload());
                    insert.setString(6, event.correlationId());
                    insert.setLong(7, expected.value());
                    insert.setString(8, stream.value());
                    insert.setLong(9, expected.value());
                    try (ResultSet position = insert.executeQuery()) {
                        if (!position.next()) {
                            rollback(connection, single);
                            return Future.succeededFuture(new AppendResult.WrongExpectedVersion(stream, expected));
                        }
                        last = position.getLong(1);
                        first = first == 0 ? last : first;
                    }
                }
                if (!single) {
                    connection.commit();
                }
                return Future.succeededFuture(new AppendResult.Appended(version, first, last));
            } catch (SQLException e) {
                rollback(connection, single);
                if (UNIQUE_VIOLATION.equals(e.getSQLState())) {
                    return Future.succeededFuture(new AppendResult.WrongExpectedVersion(stream, expected));
                }
                throw e;
            }
        } catch (SQLException e) {
            throw new StoreUnavailableException("append to " + stream + " failed", e);
        }
    }

    @Override
    public Future<List<RecordedEvent>> readStream(StreamName stream, long afterVersion) {
        try (Connection connection = database.getConnection();
                PreparedStatement select = connection.prepareStatement(READ_SQL)) {
            select.setString(1, stream.value());
            select.setLong(2, afterVersion);
            List<RecordedEvent> events = new ArrayList<>();
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    events.add(new RecordedEvent(stream, rows.getLong(1), rows.getLong(2), rows.getLong(3), rows.getString(4),
                            rows.getShort(5), rows.getBytes(6), rows.getString(7), rows.getObject(8, OffsetDateTime.class)));
                }
            }
            return Future.succeededFuture(events);
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
