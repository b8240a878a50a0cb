package dev.boxoffice.domain;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * A row's runs told by word operations against a walk seat by seat (its pickable seats, its longest run, whether it
 * has a place stranding no seat): rows of one to several machine words, aisles,
 * access seats and taken seats anywhere (across word boundaries too), some rows passed over.
 */
class RowRunsPropertiesTest {

    @Property(tries = 300)
    void tellsWhatAWalkSeatBySeatTells(@ForAll("rows") List<HallPlan.Row> rows, @ForAll @IntRange(max = 100) int takenPercent,
            @ForAll long seed, @ForAll @IntRange(min = 1, max = 20) int cap) {
        Hall hall = Hall.of(new HallPlan(List.of(new HallPlan.Category("C", BigDecimal.ONE)),
                List.of(new HallPlan.Section("S", labelled(rows), Optional.empty()))));
        Random random = new Random(seed);
        List<Integer> taken = new ArrayList<>();
        for (int seat = 0; seat < hall.size(); seat++) {
            if (random.nextInt(100) < takenPercent) {
                taken.add(seat);
            }
        }
        SeatMap seats = SeatMap.allAvailable(hall.size()).reserve(taken.stream().mapToInt(Integer::intValue).toArray());
        RowRuns runs = new RowRuns(hall, seats);
        for (int row = 0; row < hall.rowCount(); row++) {
            if (random.nextInt(4) == 0) {
                continue; // a search passes over rows
            }
            runs.load(row);
            int[] walked = walk(hall, seats, row);
            assertThat(runs.available()).as("row %d available", row).isEqualTo(walked[0]);
            assertThat(runs.longestRun(cap)).as("row %d longest run, capped at %d", row, cap)
                    .isEqualTo(Math.min(cap, walked[1]));
            assertThat(runs.hasGroupStrandingNone(cap)).as("row %d: a place for %d stranding none", row, cap)
                    .isEqualTo(strandingNone(hall, seats, row, cap));
        }
    }

    /** Whether some run of the row is {@code count} long, or {@code count + 2} or longer. */
    private static boolean strandingNone(Hall hall, SeatMap seats, int row, int count) {
        int first = hall.firstSeatOf(row);
        int end = first + hall.seatsIn(row);
        int run = 0;
        for (int seat = first; seat <= end; seat++) {
            boolean goesOn = seat < end && pickable(hall, seats, seat) && run > 0 && hall.together(seat - 1, seat);
            if (!goesOn && (run == count || run >= count + 2)) {
                return true;
            }
            run = seat < end && pickable(hall, seats, seat) ? (goesOn ? run + 1 : 1) : 0;
        }
        return false;
    }

    private static boolean pickable(Hall hall, SeatMap seats, int seat) {
        return seats.status(seat) == SeatStatus.AVAILABLE && !hall.isWheelchair(seat) && !hall.isCompanion(seat);
    }

    /** The row's seats best available may pick, and its longest run of them together. */
    private static int[] walk(Hall hall, SeatMap seats, int row) {
        int available = 0;
        int longest = 0;
        int run = 0;
        int first = hall.firstSeatOf(row);
        for (int seat = first; seat < first + hall.seatsIn(row); seat++) {
            boolean pickable = seats.status(seat) == SeatStatus.AVAILABLE && !hall.isWheelchair(seat)
                    && !hall.isCompanion(seat);
            if (!pickable) {
                run = 0;
                continue;
            }
            available++;
            run = seat > first && hall.together(seat - 1, seat) && run > 0 ? run + 1 : 1;
            longest = Math.max(longest, run);
        }
        return new int[] {available, longest};
    }

    @Provide
    Arbitrary<List<HallPlan.Row>> rows() {
        Arbitrary<Integer> place = Arbitraries.integers().between(0, 299);
        return Combinators.combine(Arbitraries.integers().between(1, 300), place.list().ofMaxSize(4),
                place.list().ofMaxSize(3), place.list().ofMaxSize(2)).as((seats, aisles, wheelchair, companion) ->
                new HallPlan.Row("?", seats, "C", within(aisles, seats - 1), within(wheelchair, seats),
                        within(companion, seats).stream().filter(seat -> !wheelchair.contains(seat)).toList()))
                .list().ofMinSize(1).ofMaxSize(8);
    }

    private static List<HallPlan.Row> labelled(List<HallPlan.Row> rows) {
        List<HallPlan.Row> labelled = new ArrayList<>();
        for (int r = 0; r < rows.size(); r++) {
            HallPlan.Row row = rows.get(r);
            labelled.add(new HallPlan.Row(HallPlan.rowLabel(r), row.seats(), row.category(), row.aislesAfter(),
                    row.wheelchair(), row.companion()));
        }
        return labelled;
    }

    private static List<Integer> within(List<Integer> places, int limit) {
        return places.stream().filter(place -> place < limit).distinct().toList();
    }
}
