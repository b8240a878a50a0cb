package dev.boxoffice.domain;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * "N together, best available": the seats a buyer asking for {@code count} seats of a category would choose. Adjacent
 * seats in one row (no aisle between), none a wheelchair space or companion seat; of those, the group nearest the
 * middle of the stage; a group that leaves a single seat alone between it and the next taken seat, aisle or row end
 * only when no other group avoids that. A row is first told apart by a few word operations ({@link RowRuns}): only a
 * row with a run of N seats together has its runs walked, and in each run only the few places nearest the stage's
 * middle are judged; rows with no seat available, and rows farther than the best group found, are passed over.
 */
final class BestAvailable {

    /** A choice: its first seat and its squared distance from the focal point. */
    private record Candidate(int first, double distance) {
    }

    private final Hall hall;
    private final SeatMap seats;
    private final int count;
    private final int category;
    private Candidate best;        // leaves no single seat stranded
    private Candidate bestAnyway;  // may strand one
    private int available;         // of the category, that best available may pick, in the rows searched
    private int longestRun;
    private boolean passOverStranding; // rows whose every group strands a seat are passed over...
    private boolean passedOver;        // ...and some were
    private int aisle;             // the hall's aisles, wheelchair spaces and companion seats before the row searched:
    private int wheelchair;        // rows are searched in order, so each is walked once, not looked up for every row
    private int companion;

    private BestAvailable(Hall hall, SeatMap seats, int count, int category) {
        this.hall = hall;
        this.seats = seats;
        this.count = count;
        this.category = category;
    }

    /**
     * What the search found: the seats picked, or none; {@code available} and {@code longestRun} (capped at the count
     * asked for) are what is left of the category when none were picked, and only then counted over the whole hall.
     */
    record Result(Optional<int[]> seats, int available, int longestRun) {
    }

    /** Picks and holds in one decision, all or nothing; refused with what is left when no group fits. */
    static Decision<ShowEvent> decide(ShowState.Show show, ShowCommand.HoldBestAvailable hold) {
        Hall hall = show.hall();
        int category = hold.category().map(hall::categoryIndex).orElse(-1);
        if (category < 0 && hold.category().isPresent()) {
            return Decision.reject(Rejection.Code.CATEGORY_NOT_FOUND, "The hall has no category " + hold.category().get()
                    + "; it has " + hall.categories().stream().map(HallPlan.Category::name).toList() + ".");
        }
        Result result = pick(hall, show.seatMap(), hold.count(), category);
        if (result.seats().isEmpty()) {
            String of = hold.category().map(name -> " of " + name).orElse("");
            return Decision.reject(Rejection.Code.NO_SEATS_TOGETHER, "No " + hold.count() + " seats" + of
                    + " are available together; " + result.available() + " are available"
                    + (result.available() > 0 ? ", at most " + result.longestRun() + " together." : "."));
        }
        List<Integer> seats = Arrays.stream(result.seats().get()).boxed().toList();
        return Decision.accept(new ShowEvent.SeatsHeld(show.id(), hold.holdId(), seats, hold.expiresAt()));
    }

    /**
     * {@code category}: the index of the category asked for, or -1 for any. Rows are searched front to back, and a row
     * farther from the stage than the best group found is not searched; a row with no run of {@code count} seats
     * together is only counted (for a refusal), not walked. A row whose every group would strand a seat is passed over
     * too: an on-sale leaves many such rows behind it (two seats together, where one seat is asked for), and a group
     * that strands none is nearly always found further back. Only when none is found anywhere is the hall searched
     * again with those rows, for the nearest group that strands one.
     */
    static Result pick(Hall hall, SeatMap seats, int count, int category) {
        BestAvailable search = search(hall, seats, count, category, true);
        if (search.best == null && search.passedOver) {
            search = search(hall, seats, count, category, false);
        }
        Candidate chosen = search.best != null ? search.best : search.bestAnyway;
        if (chosen == null) { // every row of the category with a seat available was counted
            return new Result(Optional.empty(), search.available, search.longestRun);
        }
        int[] group = new int[count];
        for (int i = 0; i < count; i++) {
            group[i] = chosen.first() + i;
        }
        return new Result(Optional.of(group), search.available, search.longestRun);
    }

    private static BestAvailable search(Hall hall, SeatMap seats, int count, int category, boolean passOverStranding) {
        BestAvailable search = new BestAvailable(hall, seats, count, category);
        search.passOverStranding = passOverStranding;
        RowRuns row = new RowRuns(hall, seats);
        for (int r = 0; r < hall.rowCount(); r++) {
            if (search.best != null && search.beyondBest(r)) {
                if (hall.rowsFrontToBack()) {
                    break; // every row after it is as far or farther
                }
                continue;
            }
            // An on-sale fills the hall from the front: rows with no seat left are passed over a word at a time.
            int free = seats.nextAvailable(hall.firstSeatOf(r), hall.size());
            if (free == hall.size()) {
                break;
            }
            r = hall.rowOf(free);
            if ((category < 0 || hall.rowCategory(r) == category) && !(search.best != null && search.beyondBest(r))) {
                search.search(row, r);
            }
        }
        return search;
    }

    /**
     * Judges the groups of {@code row} if it has a run of {@code count} seats together (and, when passing over them, a
     * group that strands no seat); counts it in any case.
     */
    private void search(RowRuns runsOf, int row) {
        runsOf.load(row);
        available += runsOf.available();
        int longest = runsOf.longestRun(count);
        longestRun = Math.max(longestRun, longest);
        if (longest == count && passOverStranding && !runsOf.hasGroupStrandingNone(count)) {
            passedOver = true;
        } else if (longest == count) {
            double dy = hall.y(row) - hall.focalY();
            runs(row, (from, to, left) -> judge(from, to, left, dy));
        }
    }

    /** Whether no seat of the row can be nearer the focal point than the best group found. */
    private boolean beyondBest(int row) {
        double dy = hall.y(row) - hall.focalY();
        return dy * dy >= best.distance();
    }

    private interface RunConsumer {
        /** Seats [from, to); {@code left} is the centre of seat {@code from} across the hall. */
        void accept(int from, int to, double left);
    }

    /**
     * The runs of a row: available seats between taken ones, aisles, access seats and the row's ends. The row's aisles
     * and access seats are found once, then walked alongside, and so is where each run starts across the hall.
     */
    private void runs(int row, RunConsumer consumer) {
        int first = hall.firstSeatOf(row);
        int end = first + hall.seatsIn(row);
        int[] aisles = hall.aislesAfterSeats();
        int[] wheelchair = hall.wheelchairSeats();
        int[] companion = hall.companionSeats();
        int a = skip(aisles, aisle, first);
        int w = skip(wheelchair, this.wheelchair, first);
        int c = skip(companion, this.companion, first);
        aisle = a;
        this.wheelchair = w;
        this.companion = c;
        int aislesBefore = a; // so that a - aislesBefore aisles run between the row's first seat and the run's
        double rowLeft = hall.rowLeft(row) + 0.5;
        int seat = first;
        while (seat < end) {
            int start = seats.nextAvailable(seat, end);
            if (start >= end) {
                return;
            }
            int stop = seats.nextTaken(start, end);
            seat = stop;
            while (start < stop) {
                while (a < aisles.length && aisles[a] < start) {
                    a++;
                }
                while (w < wheelchair.length && wheelchair[w] < start) {
                    w++;
                }
                while (c < companion.length && companion[c] < start) {
                    c++;
                }
                int access = Math.min(w < wheelchair.length ? wheelchair[w] : Integer.MAX_VALUE,
                        c < companion.length ? companion[c] : Integer.MAX_VALUE);
                int aisle = a < aisles.length ? aisles[a] : Integer.MAX_VALUE;
                double left = rowLeft + (start - first) + (a - aislesBefore);
                if (access < stop && access <= aisle) { // the run stops before the access seat, and goes on after it
                    consumer.accept(start, access, left);
                    start = access + 1;
                } else if (aisle < stop - 1) { // the run stops at the aisle
                    consumer.accept(start, aisle + 1, left);
                    start = aisle + 1;
                } else {
                    consumer.accept(start, stop, left);
                    start = stop;
                }
            }
        }
    }

    /** From {@code index} on, the index of the first of the sorted {@code seats} at or after {@code seat}. */
    private static int skip(int[] seats, int index, int seat) {
        while (index < seats.length && seats[index] < seat) {
            index++;
        }
        return index;
    }

    /**
     * Seats [from, to), side by side and available, the first one's centre at {@code left} (no aisle inside a run:
     * seat i's is left + i), in a row {@code dy} from the focal point: judges the places nearest the stage's middle.
     */
    private void judge(int from, int to, double left, double dy) {
        if (to - from < count) {
            return;
        }
        int last = to - count;
        int ideal = from + (int) Math.round(hall.focalX() - left - (count - 1) / 2.0);
        ideal = Math.max(from, Math.min(last, ideal));
        for (int first : new int[] {ideal, ideal - 1, ideal + 1, ideal - 2, ideal + 2, from, last}) {
            if (first < from || first > last) {
                continue;
            }
            double dx = left + (first - from) + (count - 1) / 2.0 - hall.focalX();
            Candidate candidate = new Candidate(first, dx * dx + dy * dy);
            bestAnyway = better(candidate, bestAnyway);
            if (first - from != 1 && to - (first + count) != 1) {
                best = better(candidate, best);
            }
        }
    }

    /** The nearer; of two as near, the one found first (front rows, left seats). */
    private static Candidate better(Candidate candidate, Candidate current) {
        return current == null || candidate.distance() < current.distance() - 1e-9 ? candidate : current;
    }
}
