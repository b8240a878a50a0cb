package dev.boxoffice.shows;

import dev.boxoffice.api.ShowPage;
import dev.boxoffice.api.ShowSummary;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The show listing, read from the {@code show_view} read model ({@link ShowViewProjection}): a change shows up a
 * few milliseconds after it was acknowledged.
 */
public final class ShowListing {

    private static final String LIST_SQL = """
            SELECT show_id, title, total_seats, available_seats, updated_at FROM %s
            WHERE ($1::uuid IS NULL OR show_id > $1) AND (NOT $2 OR available_seats > 0)
            ORDER BY show_id LIMIT $3
            """;

    private final Pool pool;
    private final String sql;

    public ShowListing(Pool pool) {
        this(pool, ShowViewProjection.NAME);
    }

    /** The same listing from another table or view with the columns of {@code show_view}. */
    public ShowListing(Pool pool, String relation) {
        this.pool = pool;
        this.sql = LIST_SQL.formatted(relation);
    }

    /** Shows ordered by id after {@code after} (null: from the first), only those with seats left if asked. */
    public Future<ShowPage> list(boolean onlyAvailable, UUID after, int limit) {
        return pool.preparedQuery(sql).execute(Tuple.of(after, onlyAvailable, limit + 1)).map(rows -> {
            List<ShowSummary> items = new ArrayList<>(rows.size());
            for (Row row : rows) {
                items.add(new ShowSummary(row.getUUID(0), row.getString(1), row.getInteger(2), row.getInteger(3),
                        row.getOffsetDateTime(4)));
            }
            boolean more = items.size() > limit;
            List<ShowSummary> page = more ? items.subList(0, limit) : items;
            return new ShowPage(List.copyOf(page), more ? page.get(page.size() - 1).showId() : null);
        });
    }
}
