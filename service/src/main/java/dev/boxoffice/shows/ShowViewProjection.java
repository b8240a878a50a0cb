package dev.boxoffice.shows;

import dev.boxoffice.domain.ShowEvent;
import dev.boxoffice.domain.ShowEvent.HoldConfirmed;
import dev.boxoffice.domain.ShowEvent.HoldReleased;
import dev.boxoffice.domain.ShowEvent.SeatReservationCancelled;
import dev.boxoffice.domain.ShowEvent.SeatReserved;
import dev.boxoffice.domain.ShowEvent.SeatsHeld;
import dev.boxoffice.domain.ShowEvent.SeatsReserved;
import dev.boxoffice.domain.ShowEvent.ShowCreated;
import dev.boxoffice.eventstore.RecordedEvent;
import dev.boxoffice.projection.Projection;
import io.vertx.core.Future;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The {@code show_view} read model: one row per show with its title, total and available seats (a held seat is not
 * available) and the time of its last change, and for a show with a waiting room how far its line has got (see
 * {@link ShowLines}). A page of events becomes at most three set-based statements (new shows, seat-count changes per
 * show, lines' progress), whatever the page's size.
 */
public final class ShowViewProjection implements Projection {

    public static final String NAME = "show_view";

    private static final String INSERT_SQL = """
            INSERT INTO %s (show_id, title, total_seats, available_seats, updated_at)
            SELECT * FROM unnest($1::uuid[], $2::text[], $3::int[], $4::int[], $5::timestamptz[])
            ON CONFLICT (show_id) DO NOTHING
            """;
    private static final String UPDATE_SQL = """
            UPDATE %s v SET available_seats = v.available_seats + d.delta, updated_at = greatest(v.updated_at, d.at)
            FROM unnest($1::uuid[], $2::int[], $3::timestamptz[]) AS d(show_id, delta, at)
            WHERE v.show_id = d.show_id
            """;

    private final ShowEventCodec codec = new ShowEventCodec();

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Future<Void> apply(SqlConnection connection, String table, List<RecordedEvent> events) {
        Map<UUID, ShowCreated> created = new LinkedHashMap<>();
        Map<UUID, OffsetDateTime> createdAt = new LinkedHashMap<>();
        Map<UUID, int[]> delta = new LinkedHashMap<>();
        Map<UUID, OffsetDateTime> changedAt = new LinkedHashMap<>();
        ShowLines lines = new ShowLines();
        for (RecordedEvent recorded : events) {
            if (!recorded.stream().isIn(ShowService.STREAM_CATEGORY)) {
                continue;
            }
            OffsetDateTime at = recorded.recordedAt();
            for (ShowEvent event : codec.decode(recorded)) {
                switch (event) {
                    case ShowCreated show -> {
                        created.put(show.showId(), show);
                        createdAt.put(show.showId(), at);
                    }
                    case SeatReserved reserved -> change(delta, changedAt, reserved.showId(), -1, at);
                    case SeatReservationCancelled cancelled -> change(delta, changedAt, cancelled.showId(), +1, at);
                    case SeatsReserved reserved -> change(delta, changedAt, reserved.showId(), -reserved.seats().size(), at);
                    case SeatsHeld held -> change(delta, changedAt, held.showId(), -held.seats().size(), at);
                    case HoldConfirmed confirmed -> change(delta, changedAt, confirmed.showId(), 0, at);
                    case HoldReleased released -> change(delta, changedAt, released.showId(), released.seats().size(), at);
                    default -> lines.add(event); // the waiting room's events change no seat
                }
            }
        }
        return insert(connection, table, created, createdAt).compose(v -> update(connection, table, delta, changedAt))
                .compose(v -> lines.update(connection, table));
    }

    private static void change(Map<UUID, int[]> delta, Map<UUID, OffsetDateTime> changedAt, UUID show, int by,
            OffsetDateTime at) {
        delta.computeIfAbsent(show, id -> new int[1])[0] += by;
        changedAt.put(show, at);
    }

    private static Future<Void> insert(SqlConnection connection, String table, Map<UUID, ShowCreated> created,
            Map<UUID, OffsetDateTime> createdAt) {
        if (created.isEmpty()) {
            return Future.succeededFuture();
        }
        int n = created.size();
        UUID[] ids = new UUID[n];
        String[] titles = new String[n];
        Integer[] totals = new Integer[n];
        Integer[] available = new Integer[n];
        OffsetDateTime[] at = new OffsetDateTime[n];
        int i = 0;
        for (ShowCreated show : created.values()) {
            ids[i] = show.showId();
            titles[i] = show.title();
            totals[i] = show.hall().seatCount();
            available[i] = show.hall().seatCount();
            at[i] = createdAt.get(show.showId());
            i++;
        }
        return connection.preparedQuery(INSERT_SQL.formatted(table)).execute(Tuple.of(ids, titles, totals, available, at))
                .mapEmpty();
    }

    private static Future<Void> update(SqlConnection connection, String table, Map<UUID, int[]> delta,
            Map<UUID, OffsetDateTime> changedAt) {
        if (delta.isEmpty()) {
            return Future.succeededFuture();
        }
        int n = delta.size();
        UUID[] ids = new UUID[n];
        Integer[] deltas = new Integer[n];
        OffsetDateTime[] at = new OffsetDateTime[n];
        int i = 0;
        for (Map.Entry<UUID, int[]> entry : delta.entrySet()) {
            ids[i] = entry.getKey();
            deltas[i] = entry.getValue()[0];
            at[i] = changedAt.get(entry.getKey());
            i++;
        }
        return connection.preparedQuery(UPDATE_SQL.formatted(table)).execute(Tuple.of(ids, deltas, at)).mapEmpty();
    }
}
