package dev.boxoffice.line;

import io.vertx.core.Future;
import java.time.Duration;
import java.util.Comparator;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The waiting rooms' records, as lately read from the nodes: a poll is answered from memory, and each room is read
 * again at most once per {@code refresh}, however many ask (a room with ticket streams, also when they look at its
 * seats: {@link #recent}). A record older than {@code refresh} is served while a newer one is read; one older than
 * {@code maxAge} is not (the answer waits for the read), unless the read fails. A node's refusal (no such show, no
 * room) is remembered as long. At most {@code maxRooms} are kept (about half a KiB each): past it, the one read longest
 * ago is dropped.
 */
final class RoomRecords {

    /** A room's record, or the node's answer instead of one. */
    record Read(RoomRecord record, NodeAnswer refusal) {
    }

    private static final class Entry {
        volatile Read read;
        volatile long readAtNanos;
        Future<Read> reading;
    }

    private final Function<UUID, Future<Read>> source;
    private final long refreshNanos;
    private final long maxAgeNanos;
    private final int maxRooms;
    private final Map<UUID, Entry> rooms = new ConcurrentHashMap<>();

    RoomRecords(Function<UUID, Future<Read>> source, Duration refresh, Duration maxAge, int maxRooms) {
        this.source = source;
        this.refreshNanos = refresh.toNanos();
        this.maxAgeNanos = maxAge.toNanos();
        this.maxRooms = maxRooms;
    }

    /** The room's record, no older than {@code maxAge}; with {@code fresh}, read now (or by a read under way). */
    Future<Read> get(UUID show, boolean fresh) {
        Entry entry = rooms.computeIfAbsent(show, id -> new Entry());
        long age = System.nanoTime() - entry.readAtNanos;
        Read known = entry.read;
        if (known != null && !fresh && age < refreshNanos) {
            return Future.succeededFuture(known);
        }
        Future<Read> reading = read(show, entry);
        if (known == null) {
            return reading;
        }
        // A node too busy to answer in time leaves the record as it was: a waiting ticket is told a later place, not 503.
        return !fresh && age < maxAgeNanos ? Future.succeededFuture(known) : reading.recover(failed -> Future.succeededFuture(known));
    }

    /**
     * The room's record no older than {@code age}: read now if the one known is older (or joined to a read under
     * way); the one known if that read fails.
     */
    Future<Read> recent(UUID show, Duration age) {
        Entry entry = rooms.computeIfAbsent(show, id -> new Entry());
        Read known = entry.read;
        if (known != null && System.nanoTime() - entry.readAtNanos < age.toNanos()) {
            return Future.succeededFuture(known);
        }
        Future<Read> reading = read(show, entry);
        return known == null ? reading : reading.recover(failed -> Future.succeededFuture(known));
    }

    /** A record the node sent along with another answer: kept as if read now, unless a newer one was read since. */
    void offer(UUID show, RoomRecord record) {
        Entry entry = rooms.computeIfAbsent(show, id -> new Entry());
        synchronized (entry) {
            Read known = entry.read;
            if (known == null || known.record() == null || record.called() >= known.record().called()
                    && record.numbered() >= known.record().numbered()) {
                entry.read = new Read(record, null);
                entry.readAtNanos = System.nanoTime();
            }
        }
        evictIfFull();
    }

    int size() {
        return rooms.size();
    }

    private Future<Read> read(UUID show, Entry entry) {
        synchronized (entry) {
            if (entry.reading != null) {
                return entry.reading;
            }
            Future<Read> reading = source.apply(show).onComplete(done -> {
                synchronized (entry) {
                    entry.reading = null;
                    if (done.succeeded()) {
                        entry.read = done.result();
                        entry.readAtNanos = System.nanoTime();
                    }
                }
            });
            entry.reading = reading.isComplete() ? null : reading; // completed at once: recorded by onComplete already
            evictIfFull();
            return reading;
        }
    }

    private void evictIfFull() {
        if (rooms.size() <= maxRooms) {
            return;
        }
        rooms.entrySet().stream().filter(e -> e.getValue().reading == null)
                .min(Comparator.comparingLong(e -> e.getValue().readAtNanos))
                .ifPresent(oldest -> rooms.remove(oldest.getKey()));
    }
}
