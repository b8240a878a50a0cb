package dev.boxoffice.variants;

import dev.boxoffice.api.ShowPage;
import dev.boxoffice.api.ShowSummary;
import dev.boxoffice.variants.http.StoreUnavailableException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import javax.sql.DataSource;

/**
 * The show listing through JDBC, from a table or view with the columns of the service's {@code show_view}: the
 * event-sourced variants read the service's read model, the CRUD variants their shows table.
 */
public final class JdbcShowListing {

    private final DataSource database;
    private final String firstPage;
    private final String nextPage;

    /** The service's two statements ({@code ShowListing}): the cursor an index condition, never inside an OR. */
    public JdbcShowListing(DataSource database, String relation) {
        this.database = database;
        String select = """
                SELECT show_id, title, total_seats, available_seats, updated_at FROM %s
                WHERE (NOT ? OR available_seats > 0)
                """.formatted(relation);
        this.firstPage = select + "ORDER BY show_id LIMIT ?";
        this.nextPage = select + "AND show_id > ? ORDER BY show_id LIMIT ?";
    }

    public ShowPage list(boolean onlyAvailable, UUID after, int limit) {
        try (Connection connection = database.getConnection();
                PreparedStatement select = connection.prepareStatement(after == null ? firstPage : nextPage)) {
            int parameter = 1;
            select.setBoolean(parameter++, onlyAvailable);
            if (after != null) {
                select.setObject(parameter++, after, Types.OTHER);
            }
            select.setInt(parameter, limit + 1);
            List<ShowSummary> items = new ArrayList<>();
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    items.add(new ShowSummary(rows.getObject(1, UUID.class), rows.getString(2), rows.getInt(3),
                            rows.getInt(4), rows.getObject(5, OffsetDateTime.class)));
                }
            }
            boolean more = items.size() > limit;
            List<ShowSummary> page = more ? items.subList(0, limit) : items;
            return new ShowPage(List.copyOf(page), more ? page.get(page.size() - 1).showId() : null);
        } catch (SQLException e) {
            throw new StoreUnavailableException("listing shows failed", e);
        }
    }
}
