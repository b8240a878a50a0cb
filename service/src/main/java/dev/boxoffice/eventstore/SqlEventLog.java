package dev.boxoffice.eventstore;

import io.vertx.core.Future;
import io.vertx.sqlclient.SqlClient;
import java.util.List;

/**
 * The log of a store in the same SQL database as the read models: a page read inside the read model's own
 * transaction, so that the read model, its checkpoint and the lock on that checkpoint go together (one connection,
 * never two held at once by one projection).
 */
public interface SqlEventLog extends EventLog {

    /** {@link #readAll(LogPosition, int)} on {@code transaction}. */
    Future<List<RecordedEvent>> readAll(SqlClient transaction, LogPosition after, int limit);
}
