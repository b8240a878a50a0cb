package dev.boxoffice.shows;

import dev.boxoffice.domain.CommandOutcome;
import dev.boxoffice.domain.LineDraw;
import dev.boxoffice.domain.ShowCommand.DrawLine;
import dev.boxoffice.domain.ShowCommand.OpenPlaces;
import dev.boxoffice.domain.ShowState;
import dev.boxoffice.line.LineNumbers;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.jboss.logging.Logger;

/**
 * Moves the lines of the waiting rooms on sale: draws a line's pre-start places at its on-sale, then every
 * {@code tick} asks its show to call the next places. What to move is found in committed data only (the
 * {@code show_view} read model: lines on sale with numbers not called yet, or not drawn yet), so a crash or
 * a lost node stops no line for longer than a lease. One node moves a line at a time: it holds a lease on it in
 * {@code line_keeper_claims}, renewed every {@code leaseRenewal}; another takes over once the lease lapses, and a
 * node that records the line's blocks of numbers takes it over at once (the edge sends the line's buyers there, and
 * when it hands the numbers out itself it knows which are, so the places it calls are those of real arrivals). The show decides every move; two nodes moving one line at once write no
 * more than one would.
 */
public final class LineKeeper implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(LineKeeper.class);

    /**
     * Lines on sale with places to call or a draw to make, whose lease is free, lapsed, this node's, or taken over by
     * this node because it hands out their numbers ($4); "now" is this node's clock, the one its shows decide by.
     */
    static final String CLAIM_SQL = """
            WITH due AS (
                SELECT show_id, line_numbered AS numbered, line_called AS opened, line_drawn AS drawn FROM show_view
                WHERE on_sale_at <= $1 AND (NOT line_drawn OR line_called < line_numbered)
            ), claimed AS (
                INSERT INTO line_keeper_claims AS c (show_id, node, claimed_until)
                SELECT show_id, $2, $1 + $3 * interval '1 millisecond' FROM due
                ON CONFLICT (show_id) DO UPDATE SET node = excluded.node, claimed_until = excluded.claimed_until
                WHERE c.node = excluded.node OR c.claimed_until < $1 OR c.show_id = ANY($4)
                RETURNING c.show_id
            )
            SELECT d.show_id, d.numbered, d.opened, d.drawn FROM due d JOIN claimed USING (show_id)
            """;

    /**
     * @param tick         how often a line this node holds is asked to move (its admission's granularity)
     * @param leaseRenewal how often leases are taken and renewed
     * @param lease        how long a lease keeps other nodes off a line: a lost node's lines move again within it
     */
    public record Settings(Duration tick, Duration leaseRenewal, Duration lease) {
    }

    /** A line this node moves: how far it was called, and whether it is drawn, as last known. */
    private record Held(long numbered, long opened, boolean drawn) {
    }

    private final Vertx vertx;
    private final Pool pool;
    private final ShowService shows;
    private final LineNumbers numbers;
    private final ArrivalBlocks blocks;
    private final Clock clock;
    private final Settings settings;
    private final UUID node = UUID.randomUUID();
    private final SecureRandom random = new SecureRandom();
    private final Map<UUID, Held> held = new ConcurrentHashMap<>();
    private final Map<UUID, Boolean> moving = new ConcurrentHashMap<>();
    private long tickTimer = -1;
    private long leaseTimer = -1;

    public LineKeeper(Vertx vertx, Pool pool, ShowService shows, LineNumbers numbers, ArrivalBlocks blocks, Clock clock,
            Settings settings) {
        this.blocks = blocks;
        this.vertx = vertx;
        this.pool = pool;
        this.shows = shows;
        this.numbers = numbers;
        this.clock = clock;
        this.settings = settings;
    }

    public void start() {
        leaseTimer = vertx.setPeriodic(1, Math.max(1, settings.leaseRenewal().toMillis()), t -> renewLeases());
        tickTimer = vertx.setPeriodic(Math.max(1, settings.tick().toMillis()), t -> held.keySet().forEach(this::move));
    }

    /** The lines this node moves now (it holds their leases): the waiting rooms on sale it answers for. */
    public Set<UUID> linesMoved() {
        return Set.copyOf(held.keySet());
    }

    private void renewLeases() {
        numbers.forgetIdle();
        OffsetDateTime now = OffsetDateTime.ofInstant(clock.instant(), ZoneOffset.UTC);
        UUID[] handingOut = blocks.active().toArray(UUID[]::new);
        pool.preparedQuery(CLAIM_SQL).execute(Tuple.of(now, node, settings.lease().toMillis(), handingOut))
                .onSuccess(rows -> {
                    Map<UUID, Held> claimed = new ConcurrentHashMap<>();
                    for (Row row : rows) {
                        claimed.put(row.getUUID(0), new Held(row.getLong(1), row.getLong(2), row.getBoolean(3)));
                    }
                    held.keySet().retainAll(claimed.keySet());
                    // The later of each: a line called to its end still takes the numbers recorded since.
                    claimed.forEach((show, line) -> held.merge(show, line, (known, read) -> new Held(
                            Math.max(known.numbered(), read.numbered()), Math.max(known.opened(), read.opened()),
                            known.drawn() || read.drawn())));
                })
                .onFailure(failure -> LOG.warnf("Taking the waiting rooms' leases failed (%s); trying again in %s",
                        failure.getMessage(), settings.leaseRenewal()));
    }

    /** Asks the show to draw its line if due, else to call the next places; one move per line at a time. */
    private void move(UUID showId) {
        Held line = held.get(showId);
        if (line == null || moving.putIfAbsent(showId, Boolean.TRUE) != null) {
            return;
        }
        long issued = numbers.issued(showId, line.numbered()).orElse(line.numbered());
        if (line.opened() >= issued && issued > 0) {
            moving.remove(showId); // everybody who joined here is called; nothing to ask the show
            return;
        }
        Future<?> drawn = line.drawn() ? Future.succeededFuture() : draw(showId, issued);
        drawn.compose(ignored -> shows.handle(new OpenPlaces(showId, issued, clock.instant()), null))
                .onComplete(done -> {
                    moving.remove(showId);
                    if (done.succeeded() && done.result() instanceof CommandOutcome.Accepted<ShowState> accepted
                            && accepted.state() instanceof ShowState.Show show && show.waitingRoom().isPresent()) {
                        var room = show.waitingRoom().get();
                        held.computeIfPresent(showId, (id, known) ->
                                new Held(room.numbered(), room.opened(), room.lineDraw().isPresent()));
                    } else if (done.failed()) {
                        LOG.debugf("Moving the line of show %s failed: %s", showId, done.cause().getMessage());
                    }
                });
    }

    private Future<?> draw(UUID showId, long issued) {
        byte[] seed = new byte[LineDraw.SEED_BYTES];
        random.nextBytes(seed);
        return shows.handle(new DrawLine(showId, seed, issued, clock.instant()), null);
    }

    @Override
    public void close() {
        if (tickTimer >= 0) {
            vertx.cancelTimer(tickTimer);
        }
        if (leaseTimer >= 0) {
            vertx.cancelTimer(leaseTimer);
        }
    }
}
