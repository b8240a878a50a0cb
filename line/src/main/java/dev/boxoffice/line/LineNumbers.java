package dev.boxoffice.line;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Hands out the arrival numbers of this process's tickets, with no write per arrival: numbers come from blocks the
 * show records ({@link Blocks}), so no number is given twice, by this process or any other, before a crash or
 * after it. A block lasts about {@link #BLOCK_TARGET} of arrivals (its size follows the arrival rate), so that a
 * crash leaves few numbers that nobody holds. A number already called is never handed out (the line has moved past
 * it), nor, after the on-sale's draw, one of the drawn numbers; the rest of a block recorded before the draw is handed
 * out after it, behind those drawn. With a {@link Gathering}, a block recorded before the draw holds exactly the
 * arrivals that waited for it instead (see {@link #LineNumbers(Blocks, Gathering)}).
 */
public final class LineNumbers {

    static final Duration BLOCK_TARGET = Duration.ofMillis(250);
    static final int MIN_BLOCK = 4;
    public static final int MAX_BLOCK = 1024;
    /** A line this node handed out no number for this long is forgotten (its block's rest is never handed out). */
    static final Duration FORGET_AFTER = Duration.ofMinutes(10);

    /** How far a show's line has got, as far as numbers go. */
    public record Progress(long numbered, long firstUncalled, boolean drawn) {
    }

    /** Where blocks come from: the show records {@code size} more arrival numbers and says how far its line got. */
    @FunctionalInterface
    public interface Blocks {
        Future<Progress> reserve(UUID showId, int size);
    }

    /** Runs {@code action} after {@code millis}: how arrivals are gathered for a block before the draw. */
    @FunctionalInterface
    public interface Gathering {
        void after(long millis, Runnable action);
    }

    private final Blocks blocks;
    private final Gathering gathering;
    private final Map<UUID, Line> lines = new ConcurrentHashMap<>();

    /** One show's numbers on this node: the current block, and the reservation of the next if one is under way. */
    private static final class Line {
        long start;
        long next;
        long end;
        long startedAtNanos;
        int size = MIN_BLOCK;
        long usedAtNanos;
        boolean drawn;
        Future<Progress> reserving;
        int gathered; // arrivals before the draw waiting for a block
    }

    /** Blocks sized by the arrival rate, before the draw as after it: for a node, which knows what it handed out. */
    public LineNumbers(Blocks blocks) {
        this(blocks, null);
    }

    /**
     * Before the on-sale's draw, a block holds exactly the arrivals that waited for it, gathered for up to
     * {@link #BLOCK_TARGET} after the previous block: the draw places every number recorded before it, and a line
     * service cannot tell the show which of its numbers it handed out, so a number recorded and never handed out
     * would be a place nobody holds, called at the line's rate like any other (a block's unused rest was up to a
     * third of a small line's places in the queue benchmark, and its sales as much below the rate). As many blocks as
     * before, each at most {@link #BLOCK_TARGET} later: joins before an on-sale wait that long at most.
     */
    public LineNumbers(Blocks blocks, Gathering gathering) {
        this.blocks = blocks;
        this.gathering = gathering;
    }

    /**
     * A new arrival number for a ticket of {@code showId}, whose line is as {@code progress} says (as lately read).
     * With {@code afterDraw}, only a number from a block recorded after the on-sale's draw: a number recorded before
     * it but handed out now would get a drawn place, ahead of earlier arrivals.
     */
    public Future<Long> take(UUID showId, Progress progress, boolean afterDraw) {
        Line line = lines.computeIfAbsent(showId, id -> new Line());
        Future<Progress> reserved;
        synchronized (line) {
            line.usedAtNanos = System.nanoTime();
            long number = Math.max(line.next, progress.firstUncalled());
            if (line.end > 0 && number < line.end && (line.drawn || !afterDraw)) {
                line.next = number + 1;
                return Future.succeededFuture(number);
            }
            if (gathering != null && !afterDraw && !progress.drawn()) {
                line.gathered++;
                Future<Progress> awaited = line.reserving;
                if (awaited == null) {
                    awaited = gathered(showId, line);
                    line.reserving = awaited.isComplete() ? null : awaited;
                }
                return awaited.transform(done -> {
                    synchronized (line) {
                        line.gathered--;
                    }
                    return done.failed() ? Future.failedFuture(done.cause()) : take(showId, done.result(), false);
                });
            }
            if (line.reserving == null) {
                reserved = reserve(showId, line, nextSize(line));
                line.reserving = reserved.isComplete() ? null : reserved; // a block recorded at once is in place already
            } else {
                reserved = line.reserving;
            }
        }
        return reserved.compose(updated -> take(showId, updated, afterDraw && !updated.drawn()));
    }

    /** A block of exactly the arrivals waiting for it once gathered: reserved {@link #BLOCK_TARGET} after the last. */
    private Future<Progress> gathered(UUID showId, Line line) {
        Promise<Progress> recorded = Promise.promise();
        long waitMillis = line.end == 0 ? 0 : Math.max(0, line.startedAtNanos + BLOCK_TARGET.toNanos() - System.nanoTime()) / 1_000_000;
        gathering.after(waitMillis, () -> {
            int size;
            synchronized (line) {
                size = Math.max(1, Math.min(MAX_BLOCK, line.gathered));
            }
            reserve(showId, line, size).onComplete(recorded);
        });
        return recorded.future();
    }

    /**
     * How many arrival numbers of {@code showId} are handed out, as this node knows it: every number below the next of
     * its block, if its block is the newest the show recorded ({@code numbered}, or later: the caller's may be
     * stale), since any other node's blocks lie below it. Empty when this node does not know.
     */
    public OptionalLong issued(UUID showId, long numbered) {
        Line line = lines.get(showId);
        if (line == null) {
            return OptionalLong.empty();
        }
        synchronized (line) {
            return line.end > 0 && line.end >= numbered ? OptionalLong.of(line.next) : OptionalLong.empty();
        }
    }

    /** The shows this node handed out numbers for lately. */
    public List<UUID> active() {
        return new ArrayList<>(lines.keySet());
    }

    /** Forgets the lines this node handed out no number for in {@link #FORGET_AFTER}. */
    public void forgetIdle() {
        long now = System.nanoTime();
        lines.entrySet().removeIf(entry -> {
            synchronized (entry.getValue()) {
                return entry.getValue().reserving == null && now - entry.getValue().usedAtNanos > FORGET_AFTER.toNanos();
            }
        });
    }

    private Future<Progress> reserve(UUID showId, Line line, int size) {
        return blocks.reserve(showId, size).map(progress -> {
            synchronized (line) {
                line.start = progress.numbered() - size;
                line.next = line.start;
                line.end = progress.numbered();
                line.size = size;
                line.drawn = progress.drawn();
                line.startedAtNanos = System.nanoTime();
                line.reserving = null;
            }
            return progress;
        }).onFailure(failure -> {
            synchronized (line) {
                line.reserving = null;
            }
        });
    }

    /** The next block's size: the last one's, scaled so that a block lasts about {@link #BLOCK_TARGET}. */
    private static int nextSize(Line line) {
        synchronized (line) {
            if (line.end == 0) {
                return line.size;
            }
            long lasted = Math.max(1, System.nanoTime() - line.startedAtNanos);
            long scaled = line.size * BLOCK_TARGET.toNanos() / lasted;
            return (int) Math.max(MIN_BLOCK, Math.min(MAX_BLOCK, scaled));
        }
    }
}
