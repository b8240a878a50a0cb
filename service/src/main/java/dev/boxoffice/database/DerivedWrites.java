package dev.boxoffice.database;

import io.vertx.core.Future;
import io.vertx.sqlclient.SqlClient;

/** Transactions that write only what is derived from events already durable (snapshots, read models). */
public final class DerivedWrites {

    private DerivedWrites() {
    }

    /**
     * Lets the caller's transaction commit without waiting for its WAL flush. A crash can lose such a transaction, but
     * never keep it while losing the events it was derived from (the WAL is replayed in order); whatever it wrote is
     * derived again. Acknowledged appends always wait for their flush; this spares them the extra flushes.
     */
    public static Future<Void> commitWithoutFlush(SqlClient transaction) {
        return transaction.query("SET LOCAL synchronous_commit TO off").execute().mapEmpty();
    }
}
