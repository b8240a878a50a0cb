package dev.boxoffice.shows;

import dev.boxoffice.domain.ShowEvent;
import dev.boxoffice.domain.ShowEvent.HoldConfirmed;
import dev.boxoffice.domain.ShowEvent.HoldReleased;
import dev.boxoffice.domain.ShowEvent.SeatsHeld;
import dev.boxoffice.eventstore.RecordedEvent;
import dev.boxoffice.projection.Projection;
import io.vertx.core.Future;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;
import java.lang.reflect.Array;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * The {@code hold_view} read model: every hold with its seats, expiry and outcome. It answers for holds a show no
 * longer remembers, and its rows still held are the index of pending expiries ({@link HoldExpiry}). A page becomes at
 * most two statements: the new holds, then the ends (a hold's end always follows it in the log).
 */
public final class HoldViewProjection implements Projection {

    public static final String NAME = "hold_view";

    private static final String INSERT_SQL = """
            INSERT INTO %s (hold_id, show_id, seats, expires_at, status, updated_at)
            SELECT h.hold_id, h.show_id, h.seats::int[], h.expires_at, 'HELD', h.at
            FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::timestamptz[], $5::timestamptz[])
                 AS h(hold_id, show_id, seats, expires_at, at)
            ON CONFLICT (hold_id) DO NOTHING
            """;
    private static final String END_SQL = """
            UPDATE %s v SET status = e.status, ended_at = e.at, updated_at = e.at
            FROM unnest($1::uuid[], $2::text[], $3::timestamptz[]) AS e(hold_id, status, at)
            WHERE v.hold_id = e.hold_id AND v.status = 'HELD'
            RETURNING v.status, v.expires_at, v.ended_at
            """;

    private final ShowEventCodec codec = new ShowEventCodec();
    private final Consumer<Duration> expiryLag;

    /** @param expiryLag hears, for every hold released because it expired, how long after its expiry that was recorded */
    public HoldViewProjection(Consumer<Duration> expiryLag) {
        this.expiryLag = expiryLag;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Future<Void> apply(SqlConnection connection, String table, List<RecordedEvent> events) {
        List<Object[]> held = new ArrayList<>();
        List<Object[]> ended = new ArrayList<>();
        for (RecordedEvent recorded : events) {
            if (!recorded.stream().isIn(ShowService.STREAM_CATEGORY) || !isAboutHolds(recorded.type())) {
                continue;
            }
            OffsetDateTime at = recorded.recordedAt();
            for (ShowEvent event : codec.decode(recorded)) {
                switch (event) {
                    case SeatsHeld h -> held.add(new Object[] {h.holdId(), h.showId(), arrayLiteral(h.seats()),
                            OffsetDateTime.ofInstant(h.expiresAt(), ZoneOffset.UTC), at});
                    case HoldConfirmed c -> ended.add(new Object[] {c.holdId(), "CONFIRMED", at});
                    case HoldReleased r -> ended.add(new Object[] {r.holdId(),
                            r.reason() == HoldReleased.Reason.EXPIRED ? "EXPIRED" : "RELEASED", at});
                    default -> { }
                }
            }
        }
        return insert(connection, table, held).compose(v -> end(connection, table, ended));
    }

    /** {1,2,3}: an integer array as PostgreSQL reads it from text. */
    private static String arrayLiteral(List<Integer> seats) {
        return seats.stream().map(String::valueOf).collect(Collectors.joining(",", "{", "}"));
    }

    private static boolean isAboutHolds(String type) {
        return type.equals(ShowEventCodec.SEATS_HELD) || type.equals(ShowEventCodec.HOLD_CONFIRMED)
                || type.equals(ShowEventCodec.HOLD_RELEASED);
    }

    private static Future<Void> insert(SqlConnection connection, String table, List<Object[]> held) {
        if (held.isEmpty()) {
            return Future.succeededFuture();
        }
        return connection.preparedQuery(INSERT_SQL.formatted(table)).execute(Tuple.of(column(held, 0, UUID.class),
                column(held, 1, UUID.class), column(held, 2, String.class), column(held, 3, OffsetDateTime.class),
                column(held, 4, OffsetDateTime.class))).mapEmpty();
    }

    private Future<Void> end(SqlConnection connection, String table, List<Object[]> ended) {
        if (ended.isEmpty()) {
            return Future.succeededFuture();
        }
        return connection.preparedQuery(END_SQL.formatted(table)).execute(Tuple.of(column(ended, 0, UUID.class),
                column(ended, 1, String.class), column(ended, 2, OffsetDateTime.class))).map(rows -> {
                    for (Row row : rows) {
                        if (row.getString(0).equals("EXPIRED")) {
                            expiryLag.accept(Duration.between(row.getOffsetDateTime(1), row.getOffsetDateTime(2)));
                        }
                    }
                    return null;
                });
    }

    @SuppressWarnings("unchecked")
    private static <T> T[] column(List<Object[]> rows, int index, Class<T> type) {
        T[] column = (T[]) Array.newInstance(type, rows.size());
        for (int i = 0; i < rows.size(); i++) {
            column[i] = type.cast(rows.get(i)[index]);
        }
        return column;
    }
}
