package dev.boxoffice.variants.crud;

import dev.boxoffice.api.ShowPage;
import dev.boxoffice.domain.CommandOutcome;
import dev.boxoffice.domain.Seat;
import dev.boxoffice.domain.ShowCommand;
import dev.boxoffice.domain.ShowRules;
import dev.boxoffice.domain.ShowState;
import dev.boxoffice.variants.JdbcShowListing;
import dev.boxoffice.variants.http.BlockingShows;
import dev.boxoffice.variants.http.StoreUnavailableException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.UUID;
import javax.sql.DataSource;

/** Shows stored in place through blocking JDBC: the stack most teams run today. Each change commits on its own. */
public final class JdbcCrudShows implements BlockingShows {

    private static final int MAX_ATTEMPTS = 3;

    private final DataSource database;
    private final JdbcShowListing listing;

    public JdbcCrudShows(DataSource database) {
        this.database = database;
        this.listing = new JdbcShowListing(database, CrudSql.SHOWS_RELATION);
    }

    /** Creates the tables if they are missing. */
    public void createTables() {
        try (Connection connection = database.getConnection(); Statement statement = connection.createStatement()) {
            statement.execute(CrudSql.CREATE_TABLES);
        } catch (SQLException e) {
            throw new IllegalStateException("could not create the CRUD tables", e);
        }
    }

    @Override
    public CommandOutcome<ShowState> create(ShowCommand.CreateShow command, String correlationId) {
        try (Connection connection = database.getConnection();
                PreparedStatement insert = connection.prepareStatement(CrudSql.jdbc(CrudSql.CREATE_SHOW))) {
            insert.setObject(1, command.showId(), Types.OTHER);
            insert.setString(2, command.title());
            insert.setInt(3, command.hall().seatCount());
            insert.setBigDecimal(4, ShowRules.INITIAL_SEAT_PRICE);
            return insert.executeUpdate() > 0
                    ? new CommandOutcome.Accepted<>(CrudShowState.created(command), 0)
                    : CrudShowState.alreadyExists(command);
        } catch (SQLException e) {
            throw new StoreUnavailableException("creating show " + command.showId() + " failed", e);
        }
    }

    @Override
    public CommandOutcome<Seat> changeSeat(ShowCommand command, int seatNumber, String correlationId) {
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            try (Connection connection = database.getConnection();
                    PreparedStatement update = connection.prepareStatement(CrudSql.jdbc(CrudSql.CHANGE_SEAT))) {
                update.setObject(1, command.showId(), Types.OTHER);
                update.setInt(2, seatNumber);
                update.setBoolean(3, !CrudShowState.reserves(command));
                update.setInt(4, CrudShowState.reserves(command) ? -1 : 1);
                try (ResultSet changed = update.executeQuery()) {
                    if (changed.next()) {
                        return CrudShowState.changed(command, seatNumber, changed.getBigDecimal(1));
                    }
                }
            } catch (SQLException e) {
                throw new StoreUnavailableException("changing a seat of show " + command.showId() + " failed", e);
            }
            CommandOutcome<Seat> refusal = CrudShowState.refusal(command, show(command.showId()));
            if (refusal != null) {
                return refusal;
            }
            // the seat changed back between the two statements: try again
        }
        throw new StoreUnavailableException("seat " + seatNumber + " of show " + command.showId() + " kept changing", null);
    }

    @Override
    public ShowState show(UUID showId) {
        try (Connection connection = database.getConnection();
                PreparedStatement select = connection.prepareStatement(CrudSql.jdbc(CrudSql.READ_SHOW))) {
            select.setObject(1, showId, Types.OTHER);
            try (ResultSet row = select.executeQuery()) {
                if (!row.next()) {
                    return ShowState.NOT_CREATED;
                }
                return CrudShowState.show(showId, row.getString(1), row.getInt(2), row.getBigDecimal(3),
                        (Integer[]) row.getArray(4).getArray());
            }
        } catch (SQLException e) {
            throw new StoreUnavailableException("reading show " + showId + " failed", e);
        }
    }

    @Override
    public ShowPage list(boolean onlyAvailable, UUID after, int limit) {
        return listing.list(onlyAvailable, after, limit);
    }
}
