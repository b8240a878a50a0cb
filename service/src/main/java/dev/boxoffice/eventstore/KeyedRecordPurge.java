package dev.boxoffice.eventstore;

import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.jboss.logging.Logger;

/**
 * Deletes keyed records past their time to live (idempotency keys, for one): every {@code interval}, one batch at a time until a batch comes back short, a
 * pause after each full one. One statement at a time takes one pooled connection at most, and a batch is small, so
 * the write path never waits behind a long delete; every node runs it, and nodes skip the rows another is deleting.
 */
public final class KeyedRecordPurge implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(KeyedRecordPurge.class);
    private static final long PAUSE_BETWEEN_BATCHES_MS = 50;

    private final Vertx vertx;
    private final KeyedRecords records;
    private final Duration interval;
    private final int batch;
    private final AtomicLong purged = new AtomicLong();
    private volatile long timer = -1;
    private volatile boolean closed;

    public KeyedRecordPurge(Vertx vertx, KeyedRecords records, Duration interval, int batch) {
        this.vertx = vertx;
        this.records = records;
        this.interval = interval;
        this.batch = batch;
    }

    public void start() {
        timer = vertx.setTimer(interval.toMillis(), id -> purgeBatch());
    }

    /** Records deleted since start. */
    public long purged() {
        return purged.get();
    }

    private void purgeBatch() {
        if (closed) {
            return;
        }
        records.purgeExpired(batch).onComplete(done -> {
            boolean more = done.succeeded() && done.result() == batch;
            if (done.succeeded()) {
                purged.addAndGet(done.result());
            } else {
                LOG.warnf(done.cause(), "Purging expired keyed records failed; trying again in %s", interval);
            }
            if (!closed) {
                timer = vertx.setTimer(more ? PAUSE_BETWEEN_BATCHES_MS : interval.toMillis(), id -> purgeBatch());
            }
        });
    }

    @Override
    public void close() {
        closed = true;
        vertx.cancelTimer(timer);
    }
}
