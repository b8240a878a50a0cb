package dev.boxoffice.projection;

import dev.boxoffice.eventstore.EventLog;
import dev.boxoffice.eventstore.RecordedEvent;
import dev.boxoffice.eventstore.StreamName;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import org.jboss.logging.Logger;

/**
 * Live followers of single streams (a show's seat map in a browser, say): whenever events may have been committed,
 * on this instance or another (the wake-ups of the read models), it reads the new events of every followed stream in
 * one statement, by version, and hands each follower the events after the version it has seen, encoded once per
 * stream. Nothing is kept but the followers and their versions: a follower that cannot keep up is its own business.
 * At most one read runs at a time, and reads start at most once per {@code minInterval}, so commits under load are
 * read in batches. With no follower it costs nothing.
 *
 * @param <T> what followers receive: the events after their version, encoded (for example as server-sent events)
 */
public final class StreamFeed<T> implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(StreamFeed.class);
    private static final long RETRY_MILLIS = 1000;

    /** A follower's handle: close it to stop following. */
    public interface Following extends AutoCloseable {
        @Override
        void close();
    }

    private final Vertx vertx;
    private final EventLog log;
    private final Function<List<RecordedEvent>, T> encode;
    private final int eventsPerRead;
    private final Spacing spacing;
    private final Context context;
    // Confined to the context:
    private final Map<StreamName, List<Follower<T>>> followed = new LinkedHashMap<>();
    /** Whether any stream is followed, for wake-ups from other threads: with none, a commit costs not even a hop. */
    private volatile boolean following;
    private boolean reading;
    private boolean again;
    private boolean closed;

    /**
     * @param encode        turns events of one stream (a contiguous run, in version order) into what followers receive
     * @param eventsPerRead events read per stream at most by one statement; more are read by the next one, at once
     * @param minInterval   least time between the starts of two reads
     */
    public StreamFeed(Vertx vertx, EventLog log, Function<List<RecordedEvent>, T> encode, int eventsPerRead,
            Duration minInterval) {
        this.vertx = vertx;
        this.log = log;
        this.encode = encode;
        this.eventsPerRead = eventsPerRead;
        this.spacing = new Spacing(vertx, minInterval);
        this.context = vertx.getOrCreateContext();
    }

    /**
     * Follows {@code stream} from after {@code afterVersion}: {@code receiver} gets every later event, in order, each
     * once, on the feed's own thread (it must hand the work to its own), beginning with those already committed.
     */
    public Following follow(StreamName stream, long afterVersion, Consumer<T> receiver) {
        Follower<T> follower = new Follower<>(receiver, afterVersion);
        context.runOnContext(v -> {
            if (!closed) {
                followed.computeIfAbsent(stream, s -> new ArrayList<>()).add(follower);
                following = true;
                wake();
            }
        });
        return () -> context.runOnContext(v -> {
            List<Follower<T>> followers = followed.get(stream);
            if (followers != null && followers.remove(follower) && followers.isEmpty()) {
                followed.remove(stream);
                following = !followed.isEmpty();
            }
        });
    }

    /** Events may have been committed: read them now, or right after the read in flight. */
    public void wake() {
        if (!following) {
            return;
        }
        context.runOnContext(v -> {
            if (closed || followed.isEmpty()) {
                return;
            }
            if (reading) {
                again = true;
                return;
            }
            if (spacing.tryStart(this::wake)) {
                read();
            }
        });
    }

    private void read() {
        reading = true;
        again = false;
        List<StreamName> streams = new ArrayList<>(followed.keySet());
        long[] after = new long[streams.size()];
        for (int i = 0; i < after.length; i++) {
            after[i] = followed.get(streams.get(i)).stream().mapToLong(f -> f.after).min().orElse(Long.MAX_VALUE);
        }
        log.readStreamTails(streams, after, eventsPerRead).onComplete(result -> context.runOnContext(v -> {
            reading = false;
            if (result.failed()) {
                LOG.warnf("Reading followed streams failed (%s); trying again in %d ms", result.cause().getMessage(),
                        RETRY_MILLIS);
                vertx.setTimer(RETRY_MILLIS, t -> wake());
                return;
            }
            boolean full = deliver(result.result());
            if (full || again) {
                wake();
            }
        }));
    }

    /** Hands each follower its part of the events read; true if some stream may have more. */
    private boolean deliver(List<RecordedEvent> events) {
        Map<StreamName, List<RecordedEvent>> byStream = new LinkedHashMap<>();
        for (RecordedEvent event : events) {
            byStream.computeIfAbsent(event.stream(), s -> new ArrayList<>()).add(event);
        }
        boolean full = false;
        for (Map.Entry<StreamName, List<RecordedEvent>> entry : byStream.entrySet()) {
            List<RecordedEvent> tail = entry.getValue();
            full |= tail.size() >= eventsPerRead;
            List<Follower<T>> followers = followed.get(entry.getKey());
            if (followers == null) {
                continue; // no longer followed
            }
            Map<Integer, T> encoded = new HashMap<>(); // one encoding per starting point, almost always just one
            for (Follower<T> follower : followers) {
                int from = firstAfter(tail, follower.after);
                if (from < tail.size()) {
                    follower.receiver.accept(encoded.computeIfAbsent(from, i -> encode.apply(tail.subList(i, tail.size()))));
                    follower.after = tail.get(tail.size() - 1).version();
                }
            }
        }
        return full;
    }

    private static int firstAfter(List<RecordedEvent> tail, long version) {
        int i = 0;
        while (i < tail.size() && tail.get(i).version() <= version) {
            i++;
        }
        return i;
    }

    @Override
    public void close() {
        context.runOnContext(v -> {
            closed = true;
            followed.clear();
        });
    }

    private static final class Follower<T> {
        final Consumer<T> receiver;
        long after;

        Follower(Consumer<T> receiver, long after) {
            this.receiver = receiver;
            this.after = after;
        }
    }
}
