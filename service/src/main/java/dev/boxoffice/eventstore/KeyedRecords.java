package dev.boxoffice.eventstore;

import io.vertx.core.Future;
import java.util.Optional;

/**
 * The records kept under unique keys ({@link KeyedRecord}): those committed with events are written by the append
 * ({@link EventStore#append(StreamName, ExpectedVersion, java.util.List, java.util.List)}); this finds one, writes one
 * that comes with no event, and deletes those past the store's time to live. A record older than that is treated as
 * never written: its key may be used again.
 */
public interface KeyedRecords {

    /** The record under {@code key}, if it is live. */
    Future<Optional<KeyedRecord>> find(String key);

    /** Writes {@code record} unless its key is taken: then completes with the record already there. */
    Future<Optional<KeyedRecord>> insertUnlessTaken(KeyedRecord record);

    /** Deletes up to {@code batch} records past their time to live; completes with how many. */
    Future<Integer> purgeExpired(int batch);
}
