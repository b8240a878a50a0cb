package dev.boxoffice.eventstore;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Whether the database still answers: the statements it owes, and when it last answered one.
 *
 * <p>A caller waiting past the timeout is given up on only if the database has been heard from neither by an answer
 * to a statement nor by the {@link DatabaseHeartbeat} for that long (a primary that died, a network that stopped):
 * a database that answers late because this process's CPU is exhausted, or because it is busy, keeps its callers. A
 * caller that waits {@value #LAST_RESORT} times the timeout is given up on anyway (one statement stuck behind a lock
 * while others pass). A give-up comes within a tenth of the timeout of its moment: each waiter looks that often.
 */
public final class DatabaseLiveness {

    static final int LAST_RESORT = 4;

    private final Vertx vertx;
    private final long timeoutNanos;
    private final LongSupplier clock;
    private final AtomicInteger owed = new AtomicInteger();
    private volatile long lastHeardNanos;
    private volatile boolean writesRefused;

    public DatabaseLiveness(Vertx vertx, Duration timeout) {
        this(vertx, timeout, System::nanoTime);
    }

    DatabaseLiveness(Vertx vertx, Duration timeout, LongSupplier clock) {
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("the database's timeout must be positive");
        }
        this.vertx = vertx;
        this.timeoutNanos = timeout.toNanos();
        this.clock = clock;
        this.lastHeardNanos = clock.getAsLong();
    }

    public Duration timeout() {
        return Duration.ofNanos(timeoutNanos);
    }

    long now() {
        return clock.getAsLong();
    }

    /**
     * Counts a statement just sent as owed until it ends. Its rows or the server's error are the database heard; a
     * connection that failed or closed (a primary lost, a proxy cutting its sessions) is not.
     */
    <T> Future<T> owe(Future<T> statement) {
        if (owed.getAndIncrement() == 0) {
            heard(); // nothing was owed: silence counts from now
        }
        return statement.andThen(answer -> {
            if (answer.succeeded() || answer.cause() instanceof PgException) {
                heard();
            }
            owed.decrementAndGet();
        });
    }

    /** Whether statements are owed: only then is there a silence to tell from a slow answer, and a heartbeat to send. */
    boolean owing() {
        return owed.get() > 0;
    }

    /** The database answered something: a statement, or the heartbeat. */
    void heard() {
        lastHeardNanos = clock.getAsLong();
    }

    /**
     * The server refused an append for a reason other than a version conflict or a passing one (a read-only server,
     * a prepared statement a pooler lost, a privilege missing): writes cannot succeed until one does.
     */
    public void writeRefused() {
        writesRefused = true;
    }

    /** A write succeeded, or a check that writes can: the server takes them. */
    public void writesSucceed() {
        if (writesRefused) { // read first: every commit passes here, and a write would move the line between cores
            writesRefused = false;
        }
    }

    /** Whether the last append was refused by the server (see {@link #writeRefused}) and none has succeeded since. */
    public boolean writesRefused() {
        return writesRefused;
    }

    /** Whether the database answered a statement, or the heartbeat, within {@code recent} of now. */
    public boolean heardWithin(Duration recent) {
        return clock.getAsLong() - lastHeardNanos <= recent.toNanos();
    }

    /** Whether statements are owed and the database has not been heard for the timeout: nothing new is sent then. */
    boolean silent(long nowNanos) {
        return owed.get() > 0 && nowNanos - lastHeardNanos > timeoutNanos;
    }

    /** Whether a caller waiting since {@code sinceNanos} is given up on at {@code nowNanos}. */
    boolean givesUp(long sinceNanos, long nowNanos) {
        long waited = nowNanos - sinceNanos;
        return waited > timeoutNanos && (silent(nowNanos) || waited > LAST_RESORT * timeoutNanos);
    }

    /** How often a waiter looks: a tenth of the timeout, at least 10 ms. */
    long checkEveryMillis() {
        return Math.max(10, TimeUnit.NANOSECONDS.toMillis(timeoutNanos) / 10);
    }

    /**
     * A read: its answer, or a failure once the database is given up on (at once, unsent, while it is silent: a
     * request queued behind an append the silence failed does not wait out the timeout a second time). A late answer
     * is dropped.
     */
    <T> Future<T> bounded(Supplier<Future<T>> send) {
        long since = clock.getAsLong();
        if (silent(since)) {
            return Future.failedFuture(new DatabaseUnresponsiveException(
                    "The database has not been heard for " + timeout().toMillis() + " ms; the read was not sent", false));
        }
        Future<T> read = send.get();
        Promise<T> answer = Promise.promise();
        long timer = vertx.setPeriodic(checkEveryMillis(), id -> {
            if (givesUp(since, clock.getAsLong()) && answer.tryFail(new DatabaseUnresponsiveException(
                    "The database did not answer a read within " + timeout().toMillis() + " ms", false))) {
                vertx.cancelTimer(id);
            }
        });
        owe(read).onComplete(result -> {
            vertx.cancelTimer(timer);
            if (result.succeeded()) {
                answer.tryComplete(result.result());
            } else {
                answer.tryFail(result.cause());
            }
        });
        return answer.future();
    }
}
