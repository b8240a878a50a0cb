package dev.boxoffice.projection;

import dev.boxoffice.eventstore.RecordedEvent;
import io.vertx.core.Future;
import io.vertx.sqlclient.SqlConnection;
import java.util.List;

/**
 * A read model fed from the whole event log. The runner calls {@link #apply} inside the transaction that also
 * moves the projection's checkpoint, so an event's effect and the checkpoint past it commit together or not at all.
 */
public interface Projection {

    /**
     * The checkpoint row's name, and the name of the view that queries read. The view and its first table are
     * created by a migration, the one place that defines them; a rebuild copies the live table's definition.
     */
    String name();

    /** Applies a page of events, in log order, to {@code table}, on {@code connection}'s open transaction. */
    Future<Void> apply(SqlConnection connection, String table, List<RecordedEvent> events);
}
