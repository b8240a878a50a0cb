package dev.boxoffice.shows;

import dev.boxoffice.domain.ShowCommand.ExpireHold;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.jboss.logging.Logger;

/**
 * Releases the holds whose time is up. The timer is durable because it is not kept anywhere but in committed data:
 * a pending expiry is a row of the {@code hold_view} read model still held, derived from the events, so a crash, a
 * restart, a passivated show or a lost node loses none. Each instance looks for due holds when the next one it knows of
 * comes due: at start, it reads when that is; a hold it places tells it ({@link #dueAt}); and at least every
 * {@code pollInterval} it looks anyway, for holds placed on an instance since lost. A look claims a batch of due holds
 * (a lease of {@code lease} in the {@code hold_expiry_claims} table, so that two instances do not both work on one,
 * and another takes it over if the first dies) and asks each one's show to release it: the show decides, and a hold
 * that ended meanwhile stays as it is. Two instances racing for one hold still write one release: the second's append
 * fails its version check, and after catching up its show finds the hold ended. An idle instance thus asks the
 * database once a {@code pollInterval}, not ten times a second. Nothing here keeps a show in memory, and what it holds
 * is one batch and the time of its next look.
 */
public final class HoldExpiry implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(HoldExpiry.class);

    /**
     * Due holds not claimed (or whose claim lapsed), earliest first, claimed for the lease, in one statement. "Now" is
     * this instance's clock ($3), the one its shows decide by, not the database's: with the two apart, a hold the
     * database found due would be one the show finds still live. Two instances may pick the same due holds: the
     * primary key of the claims makes the second wait for the first's commit and then find them claimed. Lapsed claims
     * of other holds (their hold ended, or a node died) are deleted on the way: a lapsed claim means what none does.
     */
    static final String CLAIM_SQL = """
            WITH due AS (
                SELECT h.hold_id, h.show_id FROM hold_view h
                WHERE h.status = 'HELD' AND h.expires_at <= $3
                  AND NOT EXISTS (SELECT 1 FROM hold_expiry_claims c WHERE c.hold_id = h.hold_id AND c.claimed_until >= $3)
                ORDER BY h.expires_at LIMIT $2
            ), claimed AS (
                INSERT INTO hold_expiry_claims AS c (hold_id, claimed_until)
                SELECT hold_id, $3 + $1 * interval '1 millisecond' FROM due
                ON CONFLICT (hold_id) DO UPDATE SET claimed_until = excluded.claimed_until WHERE c.claimed_until < $3
                RETURNING c.hold_id
            ), lapsed AS (
                DELETE FROM hold_expiry_claims c
                WHERE c.claimed_until < $3 AND c.hold_id NOT IN (SELECT hold_id FROM due)
            )
            SELECT d.hold_id, d.show_id FROM due d JOIN claimed USING (hold_id)
            """;

    /** When the next hold still held comes due, after "now" ($1); none: no row. */
    static final String NEXT_DUE_SQL = """
            SELECT expires_at FROM hold_view WHERE status = 'HELD' AND expires_at > $1 ORDER BY expires_at LIMIT 1
            """;

    /** A hold comes due this long before its row is looked for: time for its hold_view row to be projected. */
    private static final long PROJECTION_SLACK_MILLIS = 50;

    private final Vertx vertx;
    private final Pool pool;
    private final ShowService shows;
    private final Clock clock;
    private final Settings settings;
    private final AtomicInteger batchesInFlight = new AtomicInteger();
    private volatile Context context;
    // Confined to the context: the one timer of the next look, and when it fires.
    private long timer = -1;
    private long timerAtMillis = Long.MAX_VALUE;
    private boolean closed;

    /**
     * @param pollInterval the longest time between two looks for due holds: the lag of an expiry this instance was not
     *                     told of (a hold placed on an instance since lost) is at most about this, plus a load
     * @param batch        holds claimed and released at once, at most
     * @param batchesInFlight batches being released at once, at most: while one waits for its slowest show, the next
     *                     is claimed and released, so that a slow load does not hold up the holds due behind it
     * @param lease        how long a claim keeps other instances off a hold
     */
    public record Settings(Duration pollInterval, int batch, int batchesInFlight, Duration lease) {
    }

    public HoldExpiry(Vertx vertx, Pool pool, ShowService shows, Clock clock, Settings settings) {
        this.vertx = vertx;
        this.pool = pool;
        this.shows = shows;
        this.clock = clock;
        this.settings = settings;
    }

    public void start() {
        context = vertx.getOrCreateContext();
        context.runOnContext(v -> poll());
    }

    /** A hold was placed that comes due at {@code expiresAt}: a look for due holds is made then, if none comes sooner. */
    public void dueAt(Instant expiresAt) {
        Context home = context;
        if (home != null) {
            home.runOnContext(v -> lookAt(expiresAt.toEpochMilli() + PROJECTION_SLACK_MILLIS));
        }
    }

    /** The next look is at {@code atMillis} (this clock's), or sooner if one is set for sooner. */
    private void lookAt(long atMillis) {
        if (closed || timer >= 0 && timerAtMillis <= atMillis) {
            return;
        }
        if (timer >= 0) {
            vertx.cancelTimer(timer);
        }
        timerAtMillis = atMillis;
        timer = vertx.setTimer(Math.max(1, atMillis - clock.millis()), t -> {
            timer = -1;
            timerAtMillis = Long.MAX_VALUE;
            poll();
        });
    }

    /** After a look that left nothing due: the next at the next due hold's time, at the latest a poll interval on. */
    private void lookNext() {
        long latest = clock.millis() + settings.pollInterval().toMillis();
        pool.preparedQuery(NEXT_DUE_SQL).execute(Tuple.of(OffsetDateTime.ofInstant(clock.instant(), ZoneOffset.UTC)))
                .onComplete(next -> context.runOnContext(v -> {
                    long due = latest;
                    if (next.succeeded() && next.result().size() > 0) {
                        due = Math.min(latest, next.result().iterator().next().getOffsetDateTime(0).toInstant().toEpochMilli()
                                + PROJECTION_SLACK_MILLIS);
                    }
                    lookAt(due);
                }));
    }

    private void poll() {
        if (batchesInFlight.incrementAndGet() > settings.batchesInFlight()) {
            batchesInFlight.decrementAndGet(); // as many batches as allowed are being released
            return;
        }
        claim().onSuccess(claimed -> {
            if (claimed.size() == settings.batch()) {
                context.runOnContext(v -> poll()); // more are due: claim them while these are released
            }
        }).compose(this::release).onComplete(done -> {
            batchesInFlight.decrementAndGet();
            if (done.failed()) {
                LOG.warnf("Releasing expired holds failed (%s); trying again in %s", done.cause().getMessage(), settings.pollInterval());
                context.runOnContext(v -> lookAt(clock.millis() + settings.pollInterval().toMillis()));
            } else if (done.result() == settings.batch()) {
                context.runOnContext(v -> poll()); // a batch ended and more may be due: no need to wait for the timer
            } else {
                lookNext();
            }
        });
    }

    private Future<List<Row>> claim() {
        OffsetDateTime now = OffsetDateTime.ofInstant(clock.instant(), ZoneOffset.UTC);
        return pool.preparedQuery(CLAIM_SQL).execute(Tuple.of(settings.lease().toMillis(), settings.batch(), now))
                .map(rows -> {
                    List<Row> claimed = new ArrayList<>(rows.size());
                    rows.forEach(claimed::add);
                    return claimed;
                });
    }

    /** Sends each claimed hold's show the expiry; completes with how many were claimed once every show answered. */
    private Future<Integer> release(List<Row> claimed) {
        List<Future<?>> answers = new ArrayList<>(claimed.size());
        for (Row row : claimed) {
            UUID hold = row.getUUID(0);
            UUID show = row.getUUID(1);
            answers.add(shows.handle(new ExpireHold(show, hold, clock.instant()), null)
                    .recover(failure -> { // the claim lapses and the hold is tried again
                        LOG.debugf("Expiring hold %s of show %s failed: %s", hold, show, failure.getMessage());
                        return Future.succeededFuture();
                    }));
        }
        return Future.join(answers).map(all -> claimed.size());
    }

    @Override
    public void close() {
        Context home = context;
        if (home != null) {
            home.runOnContext(v -> {
                closed = true;
                if (timer >= 0) {
                    vertx.cancelTimer(timer);
                }
            });
        }
    }
}
