package dev.boxoffice.shows;

import dev.boxoffice.domain.ShowEvent;
import dev.boxoffice.domain.ShowEvent.ArrivalsNumbered;
import dev.boxoffice.domain.ShowEvent.LineDrawn;
import dev.boxoffice.domain.ShowEvent.PlacesOpened;
import dev.boxoffice.domain.ShowEvent.WaitingRoomSet;
import io.vertx.core.Future;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * How far the waiting rooms' lines got in a page of events, as {@code show_view} keeps it: the on-sale, the arrival
 * numbers recorded, the places called, drawn or not. One statement for the page, only if it has such events.
 */
final class ShowLines {

    private static final String UPDATE_SQL = """
            UPDATE %s v SET on_sale_at = coalesce(l.on_sale_at, v.on_sale_at),
                            line_numbered = greatest(coalesce(v.line_numbered, 0), l.numbered),
                            line_called = greatest(coalesce(v.line_called, 0), l.called),
                            line_drawn = coalesce(v.line_drawn, false) OR l.drawn
            FROM unnest($1::uuid[], $2::timestamptz[], $3::bigint[], $4::bigint[], $5::boolean[])
                 AS l(show_id, on_sale_at, numbered, called, drawn)
            WHERE v.show_id = l.show_id
            """;

    /** One line's progress in the page. */
    private static final class Line {
        OffsetDateTime onSaleAt;
        long numbered;
        long called;
        boolean drawn;
    }

    private final Map<UUID, Line> lines = new LinkedHashMap<>();

    void add(ShowEvent event) {
        switch (event) {
            case WaitingRoomSet set -> line(set.showId()).onSaleAt = OffsetDateTime.ofInstant(set.settings().onSaleAt(), ZoneOffset.UTC);
            case ArrivalsNumbered numbered -> line(numbered.showId()).numbered = numbered.upTo();
            case LineDrawn drawn -> line(drawn.showId()).drawn = true;
            case PlacesOpened opened -> line(opened.showId()).called = opened.upTo();
            default -> { }
        }
    }

    Future<Void> update(SqlConnection connection, String table) {
        if (lines.isEmpty()) {
            return Future.succeededFuture();
        }
        List<Map.Entry<UUID, Line>> changed = new ArrayList<>(lines.entrySet());
        return connection.preparedQuery(UPDATE_SQL.formatted(table)).execute(Tuple.of(
                changed.stream().map(Map.Entry::getKey).toArray(UUID[]::new),
                changed.stream().map(line -> line.getValue().onSaleAt).toArray(OffsetDateTime[]::new),
                changed.stream().map(line -> line.getValue().numbered).toArray(Long[]::new),
                changed.stream().map(line -> line.getValue().called).toArray(Long[]::new),
                changed.stream().map(line -> line.getValue().drawn).toArray(Boolean[]::new))).mapEmpty();
    }

    private Line line(UUID show) {
        return lines.computeIfAbsent(show, id -> new Line());
    }
}
