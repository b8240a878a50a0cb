package dev.boxoffice.projection;

import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jboss.logging.Logger;

/**
 * Tells the projection runners of other instances that this one committed events: a NOTIFY on {@code channel}, sent
 * in a statement of its own after the commits, at most once per {@code interval} however many commits there were.
 * It is kept out of the append transactions on purpose: PostgreSQL serialises the commits of all transactions that
 * NOTIFY (a database-wide lock held through the commit), which would stop group commits from overlapping. Its payload
 * names the sender, so that an instance does not wake its own read models a second time for commits it woke them for.
 */
public final class CommitNotifier {

    /** The channel every instance's read models LISTEN on. */
    public static final String CHANNEL = "boxoffice_events";

    private static final Logger LOG = Logger.getLogger(CommitNotifier.class);

    private final Vertx vertx;
    private final Pool pool;
    private final String channel;
    private final long intervalMillis;
    private final AtomicBoolean scheduled = new AtomicBoolean();
    private final String sender = UUID.randomUUID().toString();

    public CommitNotifier(Vertx vertx, Pool pool, String channel, Duration interval) {
        this.vertx = vertx;
        this.pool = pool;
        this.channel = Checkpoints.identifier(channel);
        this.intervalMillis = Math.max(1, interval.toMillis());
    }

    /** The payload of this instance's notifications. */
    public String sender() {
        return sender;
    }

    public void committed() {
        if (scheduled.compareAndSet(false, true)) {
            vertx.setTimer(intervalMillis, timer -> pool.query("NOTIFY " + channel + ", '" + sender + "'").execute().onComplete(result -> {
                scheduled.set(false);
                if (result.failed()) {
                    LOG.debugf("NOTIFY %s failed: %s (other instances fall back to polling)", channel, result.cause().getMessage());
                }
            }));
        }
    }
}
