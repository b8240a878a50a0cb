package dev.boxoffice.shows;

import dev.boxoffice.domain.ShowEvent;
import dev.boxoffice.domain.ShowEvent.ArrivalsNumbered;
import dev.boxoffice.domain.ShowEvent.LineDrawn;
import dev.boxoffice.domain.ShowEvent.PlacesOpened;
import dev.boxoffice.domain.ShowEvent.WaitingRoomSet;
import dev.boxoffice.eventstore.RecordedEvent;
import dev.boxoffice.projection.Projection;
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
 * The {@code waiting_room_view} read model: one row per show that sells through a waiting room, with how far its
 * line has got (numbers recorded, places called, drawn or not). The line keeper finds here the lines to move. A page
 * of events becomes one statement for new rooms and one for the lines' progress.
 */
public final class WaitingRoomViewProjection implements Projection {

    public static final String NAME = "waiting_room_view";

    private static final String INSERT_SQL = """
            INSERT INTO %s (show_id, on_sale_at, numbered, opened, drawn, updated_at)
            SELECT s, o, 0, 0, false, u FROM unnest($1::uuid[], $2::timestamptz[], $3::timestamptz[]) AS r(s, o, u)
            ON CONFLICT (show_id) DO NOTHING
            """;
    private static final String UPDATE_SQL = """
            UPDATE %s v SET numbered = greatest(v.numbered, r.numbered), opened = greatest(v.opened, r.opened),
                            drawn = v.drawn OR r.drawn, updated_at = r.at
            FROM unnest($1::uuid[], $2::bigint[], $3::bigint[], $4::boolean[], $5::timestamptz[])
                 AS r(show_id, numbered, opened, drawn, at)
            WHERE v.show_id = r.show_id
            """;

    /** A line's progress in a page of events. */
    private static final class Progress {
        long numbered;
        long opened;
        boolean drawn;
        OffsetDateTime at;
    }

    private final ShowEventCodec codec = new ShowEventCodec();

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Future<Void> apply(SqlConnection connection, String table, List<RecordedEvent> events) {
        Map<UUID, Object[]> rooms = new LinkedHashMap<>();
        Map<UUID, Progress> progress = new LinkedHashMap<>();
        for (RecordedEvent recorded : events) {
            if (!recorded.stream().isIn(ShowService.STREAM_CATEGORY) || !LineEventCodec.isLineEvent(recorded.type())) {
                continue;
            }
            OffsetDateTime at = recorded.recordedAt();
            for (ShowEvent event : codec.decode(recorded)) {
                switch (event) {
                    case WaitingRoomSet set -> rooms.put(set.showId(), new Object[] {set.showId(),
                            OffsetDateTime.ofInstant(set.settings().onSaleAt(), ZoneOffset.UTC), at});
                    case ArrivalsNumbered numbered -> progressOf(progress, numbered.showId(), at).numbered = numbered.upTo();
                    case LineDrawn drawn -> progressOf(progress, drawn.showId(), at).drawn = true;
                    case PlacesOpened opened -> progressOf(progress, opened.showId(), at).opened = opened.upTo();
                    default -> { }
                }
            }
        }
        return insert(connection, table, rooms).compose(v -> update(connection, table, progress));
    }

    private static Progress progressOf(Map<UUID, Progress> progress, UUID show, OffsetDateTime at) {
        Progress line = progress.computeIfAbsent(show, id -> new Progress());
        line.at = at;
        return line;
    }

    private static Future<Void> insert(SqlConnection connection, String table, Map<UUID, Object[]> rooms) {
        if (rooms.isEmpty()) {
            return Future.succeededFuture();
        }
        List<Object[]> rows = new ArrayList<>(rooms.values());
        return connection.preparedQuery(INSERT_SQL.formatted(table)).execute(Tuple.of(
                rows.stream().map(r -> (UUID) r[0]).toArray(UUID[]::new),
                rows.stream().map(r -> (OffsetDateTime) r[1]).toArray(OffsetDateTime[]::new),
                rows.stream().map(r -> (OffsetDateTime) r[2]).toArray(OffsetDateTime[]::new))).mapEmpty();
    }

    private static Future<Void> update(SqlConnection connection, String table, Map<UUID, Progress> progress) {
        if (progress.isEmpty()) {
            return Future.succeededFuture();
        }
        List<Map.Entry<UUID, Progress>> lines = new ArrayList<>(progress.entrySet());
        return connection.preparedQuery(UPDATE_SQL.formatted(table)).execute(Tuple.of(
                lines.stream().map(Map.Entry::getKey).toArray(UUID[]::new),
                lines.stream().map(line -> line.getValue().numbered).toArray(Long[]::new),
                lines.stream().map(line -> line.getValue().opened).toArray(Long[]::new),
                lines.stream().map(line -> line.getValue().drawn).toArray(Boolean[]::new),
                lines.stream().map(line -> line.getValue().at).toArray(OffsetDateTime[]::new))).mapEmpty();
    }
}
