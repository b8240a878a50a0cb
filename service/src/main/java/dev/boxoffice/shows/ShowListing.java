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

    // A statement for the first page and one for the next: a prepared statement runs a generic plan, in which a
    // cursor inside an OR ("$1 IS NULL OR show_id > $1") is no index condition, so every page read the index from
    // the first show on (2.7 ms against 0.03 ms for a page in the middle of 7,300 shows).
    private static final String SELECT_SQL = """
            SELECT show_id, title, total_seats, available_seats, updated_at FROM %s
            WHERE (NOT $1 OR available_seats > 0)
            """;
    private static final String FIRST_PAGE_SQL = SELECT_SQL + "ORDER BY show_id LIMIT $2";
    private static final String NEXT_PAGE_SQL = SELECT_SQL + "AND show_id > $3 ORDER BY show_id LIMIT $2";

    private final Pool pool;
    private final String firstPage;
    private final String nextPage;

    public ShowListing(Pool pool) {
        this(pool, ShowViewProjection.NAME);
    }

    /** The same listing from another table or view with the columns of {@code show_view}. */
    public ShowListing(Pool pool, String relation) {
        this.pool = pool;
        this.firstPage = FIRST_PAGE_SQL.formatted(relation);
        this.nextPage = NEXT_PAGE_SQL.formatted(relation);
    }

    /** Shows ordered by id after {@code after} (null: from the first), only those with seats left if asked. */
    public Future<ShowPage> list(boolean onlyAvailable, UUID after, int limit) {
        var query = after == null
                ? pool.preparedQuery(firstPage).execute(Tuple.of(onlyAvailable, limit + 1))
                : pool.preparedQuery(nextPage).execute(Tuple.of(onlyAvailable, limit + 1, after));
        return query.map(rows -> {
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
