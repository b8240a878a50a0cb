package dev.boxoffice.bench.scenario.faults;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A history as the checker reads it (benchmark/checker), one JSON object a line: the setup, every operation, every
 * fault, the log's events of the history's operations (read back from PostgreSQL after the run) and the listing's
 * line for each show at the end.
 */
final class HistoryFile {

    private static final ObjectMapper JSON = new ObjectMapper();

    private HistoryFile() {
    }

    static void write(Path file, int seats, List<Operation> operations, List<Fault> faults, List<Map<String, Object>> events,
            List<Map<String, Object>> listing) {
        try (BufferedWriter out = Files.newBufferedWriter(file)) {
            Map<String, Object> setup = new LinkedHashMap<>();
            setup.put("type", "setup");
            setup.put("seatsPerShow", seats);
            line(out, setup);
            for (Operation op : operations) {
                line(out, op.line());
            }
            for (Fault fault : faults) {
                line(out, fault.line());
            }
            for (Map<String, Object> event : events) {
                line(out, event);
            }
            for (Map<String, Object> show : listing) {
                line(out, show);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The events the history's operations wrote (their correlation ids start with {@code prefix}), each with the show
     * of the operation that wrote it, read from the database after the run.
     */
    static List<Map<String, Object>> events(String jdbcUrl, String prefix, Map<String, String> showOfOperation) {
        List<Map<String, Object>> events = new ArrayList<>();
        try (Connection connection = DriverManager.getConnection(jdbcUrl);
                PreparedStatement query = connection.prepareStatement("SELECT version, event_type, correlation_id"
                        + " FROM events WHERE correlation_id LIKE ? ORDER BY position")) {
            query.setString(1, prefix + "%");
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    Map<String, Object> event = new LinkedHashMap<>();
                    event.put("type", "event");
                    event.put("show", showOfOperation.getOrDefault(rows.getString(3), "?"));
                    event.put("version", rows.getLong(1));
                    event.put("event", rows.getString(2));
                    event.put("correlation", rows.getString(3));
                    events.add(event);
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("faults: the log could not be read back: " + e.getMessage(), e);
        }
        return events;
    }

    private static void line(BufferedWriter out, Map<String, Object> line) throws IOException {
        out.write(JSON.writeValueAsString(line));
        out.newLine();
    }
}
