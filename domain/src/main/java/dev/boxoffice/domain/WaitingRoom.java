package dev.boxoffice.domain;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A show's waiting room as its events left it. Arrivals get numbers, handed out by the node from blocks the show
 * records ({@code numbered}: no number below it is given twice, and no write is made per arrival). At the on-sale
 * the numbers handed out so far get places from a recorded seed ({@link LineDraw}); later numbers are their own
 * places. The line opens places in order ({@code opened}: every place below it is called), batch by batch
 * ({@link Openings}); a called buyer claims an admission ({@link AdmittedBuyers}) and leaves by confirming,
 * releasing, or when it lapses.
 *
 * @param lastOpenedAtMillis when places were last opened (or the draw, or the line resumed): the rate's budget runs
 *                           from there
 * @param steering           how the operators left it: paused, closed, and their latest controls
 */
public record WaitingRoom(WaitingRoomSettings settings, long numbered, LineDraw draw, long opened,
        long lastOpenedAtMillis, Openings openings, AdmittedBuyers buyers, LineSteering steering) {

    /**
     * Called places not yet claimed count against {@code maxActive} this long: long enough for a buyer watching the
     * line to come, short enough that places nobody holds (numbers lost in a crash) do not keep others out.
     */
    public static final Duration CLAIM_GRACE = Duration.ofSeconds(10);
    /** A called place can be claimed this long; later, it has expired. */
    public static final Duration CLAIM_WINDOW = Duration.ofMinutes(5);
    /** The admission rate behind an estimated wait is measured over this long. */
    static final Duration RATE_WINDOW = Duration.ofSeconds(30);
    /** Opening is paced by the rate, with at most this long's worth at once (after a pause, say). */
    static final Duration MAX_BURST = Duration.ofSeconds(1);

    /** Where a place stands. */
    public enum Standing {
        /** Not called yet. */
        WAITING,
        /** Called, not claimed yet: the buyer may claim an admission now. */
        CALLED,
        /** Claimed: the buyer may buy until the admission lapses. */
        ADMITTED,
        /** Called and not claimed in time, or admitted and gone (confirmed, released, lapsed). */
        EXPIRED
    }

    public WaitingRoom {
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(openings, "openings");
        Objects.requireNonNull(buyers, "buyers");
        Objects.requireNonNull(steering, "steering");
    }

    public static WaitingRoom of(WaitingRoomSettings settings) {
        return new WaitingRoom(settings, 0, null, 0, settings.onSaleAt().toEpochMilli(), Openings.NONE, AdmittedBuyers.NONE, LineSteering.NONE);
    }

    public Optional<LineDraw> lineDraw() {
        return Optional.ofNullable(draw);
    }

    /** The place of arrival {@code number}; empty before the draw for a number handed out before it. */
    public Optional<Long> placeOf(long number) {
        return draw == null ? Optional.empty() : Optional.of(draw.placeOf(number));
    }

    /** Places that exist once the numbers below {@code issued} are handed out: every one drawn, and those issued after. */
    public long lineEnd(long issued) {
        return draw == null ? 0 : Math.max(draw.count(), Math.min(issued, numbered));
    }

    /**
     * Places not called yet: before the draw, every arrival number recorded; after it, those drawn or recorded since,
     * less those called. Numbers recorded in blocks not all handed out yet count too: an upper bound by a block.
     */
    public long placesWaiting() {
        return draw == null ? numbered : Math.max(0, lineEnd(Long.MAX_VALUE) - opened);
    }

    /**
     * How long the last place in line waits from {@code nowMillis}: until the on-sale, then its turn at the room's
     * rate; none while the line is paused (nobody is called until it is resumed).
     */
    public OptionalDouble lastWaitSeconds(long nowMillis) {
        if (steering.paused()) {
            return OptionalDouble.empty();
        }
        double untilOnSale = Math.max(0, settings.onSaleAt().toEpochMilli() - nowMillis) / 1000.0;
        return OptionalDouble.of(untilOnSale + (double) placesWaiting() / settings.admitPerSecond());
    }

    /**
     * The lowest arrival number to hand out now: not one drawn (it would get a drawn place though it came after the
     * draw), nor one whose place is called already (it would skip the line).
     */
    public long firstUncalledNumber() {
        return draw == null ? 0 : Math.max(opened, draw.count());
    }

    public Standing standing(long place, long nowMillis) {
        if (place >= opened) {
            return Standing.WAITING;
        }
        var lapse = buyers.lapseOf(place);
        if (lapse.isPresent()) {
            return lapse.getAsLong() > nowMillis ? Standing.ADMITTED : Standing.EXPIRED;
        }
        return openings.containing(place)
                .filter(opening -> !opening.isClaimed(place) && nowMillis < opening.atMillis() + CLAIM_WINDOW.toMillis())
                .map(opening -> Standing.CALLED).orElse(Standing.EXPIRED);
    }

    /** How many stand before {@code place} and it, from 1: the number of places to open until it is called. */
    public long position(long place) {
        return Math.max(0, place - opened + 1);
    }

    /** Buyers admitted and not gone by {@code nowMillis}. */
    public int activeAt(long nowMillis) {
        return buyers.activeAt(nowMillis);
    }

    /** Called places not claimed yet that still count against {@code maxActive} at {@code nowMillis}. */
    public long calledUnclaimedAt(long nowMillis) {
        return openings.unclaimedSince(nowMillis - CLAIM_GRACE.toMillis());
    }

    /**
     * Places opened a second, as lately measured (over {@link #RATE_WINDOW}); the configured rate when none were
     * opened lately. At most the configured rate: fewer when the line was short or full.
     */
    public double admissionRate(long nowMillis) {
        long since = nowMillis - RATE_WINDOW.toMillis();
        long earliest = openings.earliestSince(since);
        if (earliest < 0) {
            return settings.admitPerSecond();
        }
        double seconds = Math.max(1.0, (nowMillis - earliest) / 1000.0);
        return Math.max(0.1, Math.min(settings.admitPerSecond(), openings.openedSince(since) / seconds));
    }

    /** Itself, its settings (with their instant and duration), its draw, its openings, its buyers and its steering. */
    long estimatedBytes() {
        return 56 + 80 + (draw == null ? 0 : 64) + openings.estimatedBytes() + buyers.estimatedBytes()
                + steering.estimatedBytes();
    }

    WaitingRoom numberedUpTo(long upTo) {
        return new WaitingRoom(settings, Math.max(numbered, upTo), draw, opened, lastOpenedAtMillis, openings, buyers, steering);
    }

    WaitingRoom drawn(LineDraw lineDraw) {
        return new WaitingRoom(settings, numbered, lineDraw, opened, lineDraw.atMillis(), openings, buyers, steering);
    }

    WaitingRoom openedUpTo(long upTo, long atMillis) {
        Openings more = openings.open(Openings.Opening.of(opened, (int) (upTo - opened), atMillis),
                atMillis - CLAIM_WINDOW.toMillis());
        return new WaitingRoom(settings, numbered, draw, upTo, atMillis, more, buyers.dropLapsed(atMillis), steering);
    }

    WaitingRoom admitted(long place, long lapseMillis, long atMillis) {
        return new WaitingRoom(settings, numbered, draw, opened, lastOpenedAtMillis, openings.claim(place),
                buyers.dropLapsed(atMillis).admit(place, lapseMillis), steering);
    }

    /** The room after an operator's control: its settings, or its pause (resumed, the rate's budget runs from then). */
    WaitingRoom controlled(ShowEvent.LineControlled controlled) {
        WaitingRoomSettings changed = switch (controlled.control()) {
            case LineControl.SetRate rate -> settings.withAdmitPerSecond(rate.admitPerSecond());
            case LineControl.SetMaxActive max -> settings.withMaxActive(max.maxActive());
            default -> settings;
        };
        long budgetFrom = controlled.control() instanceof LineControl.Resume ? controlled.at().toEpochMilli() : lastOpenedAtMillis;
        return new WaitingRoom(changed, numbered, draw, opened, budgetFrom, openings, buyers, steering.after(controlled));
    }

    WaitingRoom left(long place) {
        return new WaitingRoom(settings, numbered, draw, opened, lastOpenedAtMillis, openings, buyers.remove(place), steering);
    }
}
