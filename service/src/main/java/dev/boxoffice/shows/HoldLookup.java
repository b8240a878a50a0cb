package dev.boxoffice.shows;

import dev.boxoffice.domain.Hold;
import dev.boxoffice.domain.HoldStatus;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.util.Arrays;
import java.util.Optional;
import java.util.UUID;

/**
 * Holds as the {@code hold_view} read model has them: the answer for a hold that its show no longer remembers (a show
 * keeps its last {@code 128} ended holds), a few milliseconds behind the show for the newest.
 */
public final class HoldLookup {

    private static final String FIND_SQL = "SELECT seats, expires_at, status FROM hold_view WHERE hold_id = $1 AND show_id = $2";

    private final Pool pool;

    public HoldLookup(Pool pool) {
        this.pool = pool;
    }

    /** The hold {@code holdId} of show {@code showId}, if the read model has it. */
    public Future<Optional<Hold>> find(UUID showId, UUID holdId) {
        return pool.preparedQuery(FIND_SQL).execute(Tuple.of(holdId, showId)).map(rows -> {
            if (rows.size() == 0) {
                return Optional.empty();
            }
            Row row = rows.iterator().next();
            int[] seats = Arrays.stream(row.getArrayOfIntegers(0)).mapToInt(Integer::intValue).toArray();
            return Optional.of(new Hold(holdId, seats, row.getOffsetDateTime(1).toInstant().toEpochMilli(),
                    HoldStatus.valueOf(row.getString(2))));
        });
    }
}
