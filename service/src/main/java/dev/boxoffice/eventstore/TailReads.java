package dev.boxoffice.eventstore;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.Tuple;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Reads of streams' tails share statements, as appends do ({@link GroupCommit}): one is sent at once while fewer
 * than {@value #MAX_IN_FLIGHT} statements are in flight, otherwise it waits and joins the next with every other
 * arrived meanwhile. Most of them find nothing: they confirm that a show's copy in memory is the stream's end
 * before a read of it is answered, and under load one statement confirms many shows.
 */
final class TailReads {

    private static final int MAX_IN_FLIGHT = 2;
    private static final int MAX_STREAMS_PER_STATEMENT = 256;
    /** Events read per stream in a shared statement; a stream with more is read again on its own. */
    private static final int EVENTS_PER_STREAM = 1_000;

    private record Pending(StreamName stream, long after, Promise<List<RecordedEvent>> promise) {
    }

    private final Pool pool;
    private final DatabaseLiveness liveness;
    private final String oneSql;
    private final String manySql;
    private final Function<RowSet<Row>, List<RecordedEvent>> toEvents;
    private final ArrayDeque<Pending> waiting = new ArrayDeque<>(); // guarded by this
    private int inFlight; // guarded by this

    TailReads(Pool pool, DatabaseLiveness liveness, String oneSql, String manySql,
            Function<RowSet<Row>, List<RecordedEvent>> toEvents) {
        this.pool = pool;
        this.liveness = liveness;
        this.oneSql = oneSql;
        this.manySql = manySql;
        this.toEvents = toEvents;
    }

    Future<List<RecordedEvent>> read(StreamName stream, long afterVersion) {
        Pending pending = new Pending(stream, afterVersion, Promise.promise());
        synchronized (this) {
            waiting.addLast(pending);
        }
        sendIfCapacity();
        return pending.promise().future();
    }

    private void sendIfCapacity() {
        List<Pending> batch = new ArrayList<>();
        synchronized (this) {
            if (inFlight >= MAX_IN_FLIGHT || waiting.isEmpty()) {
                return;
            }
            Set<StreamName> streams = new HashSet<>();
            for (Iterator<Pending> next = waiting.iterator(); next.hasNext() && batch.size() < MAX_STREAMS_PER_STATEMENT; ) {
                Pending pending = next.next();
                if (streams.add(pending.stream())) { // a stream twice waits for the next statement: its tails differ
                    batch.add(pending);
                    next.remove();
                }
            }
            inFlight++;
        }
        send(batch).onComplete(done -> {
            synchronized (this) {
                inFlight--;
            }
            sendIfCapacity();
        });
    }

    private Future<?> send(List<Pending> batch) {
        if (batch.size() == 1) {
            Pending only = batch.get(0);
            return whole(only.stream(), only.after()).onComplete(only.promise());
        }
        String[] streams = batch.stream().map(p -> p.stream().value()).toArray(String[]::new);
        Long[] after = batch.stream().map(Pending::after).toArray(Long[]::new);
        return liveness.bounded(() -> pool.preparedQuery(manySql).execute(Tuple.of(streams, after, EVENTS_PER_STREAM)))
                .map(toEvents)
                .onSuccess(events -> deliver(batch, events))
                .onFailure(failure -> batch.forEach(p -> p.promise().tryFail(failure)));
    }

    private void deliver(List<Pending> batch, List<RecordedEvent> events) {
        Map<String, List<RecordedEvent>> byStream = new HashMap<>();
        for (RecordedEvent event : events) {
            byStream.computeIfAbsent(event.stream().value(), s -> new ArrayList<>()).add(event);
        }
        for (Pending p : batch) {
            List<RecordedEvent> tail = byStream.getOrDefault(p.stream().value(), List.of());
            if (tail.size() < EVENTS_PER_STREAM) {
                p.promise().tryComplete(tail);
            } else {
                whole(p.stream(), p.after()).onComplete(p.promise()); // a long tail: read on its own
            }
        }
    }

    private Future<List<RecordedEvent>> whole(StreamName stream, long afterVersion) {
        return liveness.bounded(() -> pool.preparedQuery(oneSql).execute(Tuple.of(stream.value(), afterVersion))).map(toEvents);
    }
}
