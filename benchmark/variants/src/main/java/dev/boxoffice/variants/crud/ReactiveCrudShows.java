package dev.boxoffice.variants.crud;

import dev.boxoffice.api.ShowPage;
import dev.boxoffice.domain.CommandOutcome;
import dev.boxoffice.domain.Seat;
import dev.boxoffice.domain.ShowCommand;
import dev.boxoffice.domain.ShowRules;
import dev.boxoffice.domain.ShowState;
import dev.boxoffice.shows.ShowListing;
import dev.boxoffice.variants.http.ReactiveShows;
import dev.boxoffice.variants.http.StoreUnavailableException;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.util.UUID;

/** Shows stored in place through the reactive client: the same statements as {@link JdbcCrudShows}, never blocking. */
public final class ReactiveCrudShows implements ReactiveShows {

    private static final int MAX_ATTEMPTS = 3;

    private final Pool pool;
    private final ShowListing listing;

    public ReactiveCrudShows(Pool pool) {
        this.pool = pool;
        this.listing = new ShowListing(pool, CrudSql.SHOWS_RELATION);
    }

    @Override
    public Future<CommandOutcome<ShowState>> create(ShowCommand.CreateShow command, String correlationId) {
        return unavailableIfFailed(pool.preparedQuery(CrudSql.CREATE_SHOW)
                .execute(Tuple.of(command.showId(), command.title(), command.hall().seatCount(), ShowRules.INITIAL_SEAT_PRICE))
                .map(rows -> rows.rowCount() > 0
                        ? new CommandOutcome.Accepted<>(CrudShowState.created(command), 0)
                        : CrudShowState.alreadyExists(command)), "creating show " + command.showId());
    }

    @Override
    public Future<CommandOutcome<Seat>> changeSeat(ShowCommand command, int seatNumber, String correlationId) {
        return changeSeat(command, seatNumber, 1);
    }

    private Future<CommandOutcome<Seat>> changeSeat(ShowCommand command, int seatNumber, int attempt) {
        boolean reserve = CrudShowState.reserves(command);
        Tuple arguments = Tuple.of(command.showId(), seatNumber, !reserve, reserve ? -1 : 1);
        return unavailableIfFailed(pool.preparedQuery(CrudSql.CHANGE_SEAT).execute(arguments), "changing a seat")
                .compose(rows -> {
                    if (rows.size() > 0) {
                        return Future.succeededFuture(CrudShowState.changed(command, seatNumber,
                                rows.iterator().next().getBigDecimal(0)));
                    }
                    return show(command.showId()).compose(state -> {
                        CommandOutcome<Seat> refusal = CrudShowState.refusal(command, state);
                        if (refusal != null) {
                            return Future.succeededFuture(refusal);
                        }
                        return attempt < MAX_ATTEMPTS ? changeSeat(command, seatNumber, attempt + 1)
                                : Future.failedFuture(new StoreUnavailableException("seat " + seatNumber + " kept changing", null));
                    });
                });
    }

    @Override
    public Future<ShowState> show(UUID showId) {
        return unavailableIfFailed(pool.preparedQuery(CrudSql.READ_SHOW).execute(Tuple.of(showId)).map(rows -> {
            if (rows.size() == 0) {
                return ShowState.NOT_CREATED;
            }
            Row row = rows.iterator().next();
            return CrudShowState.show(showId, row.getString(0), row.getInteger(1), row.getBigDecimal(2),
                    row.getArrayOfIntegers(3));
        }), "reading show " + showId);
    }

    @Override
    public Future<ShowPage> list(boolean onlyAvailable, UUID after, int limit) {
        return listing.list(onlyAvailable, after, limit);
    }

    private static <T> Future<T> unavailableIfFailed(Future<T> future, String what) {
        return future.recover(e -> Future.failedFuture(e instanceof StoreUnavailableException ? e
                : new StoreUnavailableException(what + " failed", e)));
    }
}
