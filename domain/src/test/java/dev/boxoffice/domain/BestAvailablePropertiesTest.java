package dev.boxoffice.domain;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxoffice.domain.ShowCommand.HoldBestAvailable;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * Best available against a search that tries every group: in any hall, after any holds, the seats picked are free,
 * together in one row and of the category; none is stranded when some group strands none; and no group of the
 * kind chosen is nearer the stage. Holds placed one after another never overlap.
 */
class BestAvailablePropertiesTest {

    private static final UUID SHOW = UUID.fromString("00000000-0000-4000-8000-000000000055");
    private static final Instant NOW = Instant.parse("2026-11-27T18:00:00Z");

    @Property(tries = 300)
    void picksWhatAnExhaustiveSearchPicksAndHoldsNeverOverlap(@ForAll("halls") HallPlan plan,
            @ForAll("requests") List<Integer> counts, @ForAll @IntRange(min = -1, max = 2) int categoryIndex) {
        ShowHarness show = new ShowHarness();
        show.run(new ShowCommand.CreateShow(SHOW, "Hall", plan, Optional.empty()));
        Optional<String> category = categoryIndex < 0 || categoryIndex >= plan.categories().size() ? Optional.empty()
                : Optional.of(plan.categories().get(categoryIndex).name());
        Set<Integer> heldSoFar = new HashSet<>();
        for (int count : counts) {
            Hall hall = show.show().hall();
            SeatMap before = show.show().seatMap();
            Optional<Exhaustive> expected = Exhaustive.best(hall, before, count,
                    category.map(hall::categoryIndex).orElse(-1));
            var hold = new HoldBestAvailable(SHOW, UUID.randomUUID(), count, category, NOW.plusSeconds(600), NOW);
            Decision<ShowEvent> decision = show.decide(hold);
            if (expected.isEmpty()) {
                assertThat(decision).isInstanceOf(Decision.Rejected.class);
                Rejection rejection = ((Decision.Rejected<ShowEvent>) decision).rejection();
                assertThat(rejection.code()).isEqualTo(Rejection.Code.NO_SEATS_TOGETHER);
                int[] left = Exhaustive.left(hall, before, category.map(hall::categoryIndex).orElse(-1));
                assertThat(rejection.message()).endsWith(left[0] == 0 ? "; 0 are available."
                        : "; " + left[0] + " are available, at most " + left[1] + " together.");
                continue;
            }
            List<Integer> seats = ((ShowEvent.SeatsHeld) show.run(hold).get(0)).seats();
            assertThat(seats).hasSize(count);
            for (int i = 0; i < count; i++) {
                int seat = seats.get(i);
                assertThat(before.status(seat)).isEqualTo(SeatStatus.AVAILABLE);
                assertThat(heldSoFar.add(seat)).as("seat %d held twice", seat).isTrue();
                assertThat(hall.isWheelchair(seat) || hall.isCompanion(seat)).isFalse();
                category.ifPresent(name -> assertThat(hall.categories().get(hall.category(seat)).name()).isEqualTo(name));
                if (i > 0) {
                    assertThat(hall.together(seats.get(i - 1), seat)).as("%s together", seats).isTrue();
                }
            }
            assertThat(Exhaustive.strands(hall, before, seats.get(0), count)).isEqualTo(expected.get().strands());
            assertThat(Exhaustive.distance(hall, seats.get(0), count)).isCloseTo(expected.get().distance(),
                    org.assertj.core.data.Offset.offset(1e-6));
        }
    }

    /** Every group of {@code count} seats: the nearest that strands none, or else the nearest. */
    record Exhaustive(int first, boolean strands, double distance) {

        static Optional<Exhaustive> best(Hall hall, SeatMap seats, int count, int category) {
            Exhaustive best = null;
            for (int first = 0; first + count <= hall.size(); first++) {
                if (!fits(hall, seats, first, count, category)) {
                    continue;
                }
                var candidate = new Exhaustive(first, strands(hall, seats, first, count), distance(hall, first, count));
                if (best == null || candidate.strands() != best.strands() ? best == null || !candidate.strands()
                        : candidate.distance() < best.distance() - 1e-9) {
                    best = candidate;
                }
            }
            return Optional.ofNullable(best);
        }

        static boolean fits(Hall hall, SeatMap seats, int first, int count, int category) {
            for (int seat = first; seat < first + count; seat++) {
                if (seats.status(seat) != SeatStatus.AVAILABLE || !pickable(hall, seat)
                        || category >= 0 && hall.category(seat) != category
                        || seat > first && !hall.together(seat - 1, seat)) {
                    return false;
                }
            }
            return true;
        }

        /** The seats of the category best available may pick, and the longest run of them together. */
        static int[] left(Hall hall, SeatMap seats, int category) {
            int available = 0;
            int longest = 0;
            int run = 0;
            for (int seat = 0; seat < hall.size(); seat++) {
                if (!free(hall, seats, seat) || category >= 0 && hall.category(seat) != category) {
                    run = 0;
                    continue;
                }
                available++;
                run = run > 0 && hall.together(seat - 1, seat) ? run + 1 : 1;
                longest = Math.max(longest, run);
            }
            return new int[] {available, longest};
        }

        /** A free, pickable seat beside the group with no free seat beside it on its other side: sold alone. */
        static boolean strands(Hall hall, SeatMap seats, int first, int count) {
            int left = first - 1;
            int right = first + count;
            boolean leftAlone = left >= 0 && hall.together(left, first) && free(hall, seats, left)
                    && !(left - 1 >= 0 && hall.together(left - 1, left) && free(hall, seats, left - 1));
            boolean rightAlone = right < hall.size() && hall.together(right - 1, right) && free(hall, seats, right)
                    && !(right + 1 < hall.size() && hall.together(right, right + 1) && free(hall, seats, right + 1));
            return leftAlone || rightAlone;
        }

        private static boolean free(Hall hall, SeatMap seats, int seat) {
            return seats.status(seat) == SeatStatus.AVAILABLE && pickable(hall, seat);
        }

        private static boolean pickable(Hall hall, int seat) {
            return !hall.isWheelchair(seat) && !hall.isCompanion(seat);
        }

        static double distance(Hall hall, int first, int count) {
            double dx = (hall.x(first) + hall.x(first + count - 1)) / 2 - hall.focalX();
            double dy = hall.y(hall.rowOf(first)) - hall.focalY();
            return dx * dx + dy * dy;
        }
    }

    @Provide
    Arbitrary<List<Integer>> requests() {
        return Arbitraries.integers().between(1, 6).list().ofMinSize(1).ofMaxSize(25);
    }

    @Provide
    Arbitrary<HallPlan> halls() {
        Arbitrary<HallPlan.Row> row = Combinators.combine(Arbitraries.integers().between(1, 14),
                Arbitraries.integers().between(0, 1), Arbitraries.integers().between(0, 40).list().ofMaxSize(3),
                Arbitraries.integers().between(0, 40).list().ofMaxSize(2)).as((seats, category, aisles, access) ->
                new HallPlan.Row("?", seats, "C" + category, within(aisles, seats - 1), within(access, seats), List.of()));
        Arbitrary<List<HallPlan.Row>> rows = row.list().ofMinSize(1).ofMaxSize(6);
        return rows.list().ofMinSize(1).ofMaxSize(3).map(sections -> {
            List<HallPlan.Section> planned = new ArrayList<>();
            for (int s = 0; s < sections.size(); s++) {
                List<HallPlan.Row> labelled = new ArrayList<>();
                for (int r = 0; r < sections.get(s).size(); r++) {
                    HallPlan.Row unlabelled = sections.get(s).get(r);
                    labelled.add(new HallPlan.Row(HallPlan.rowLabel(r), unlabelled.seats(), unlabelled.category(),
                            unlabelled.aislesAfter(), unlabelled.wheelchair(), unlabelled.companion()));
                }
                planned.add(new HallPlan.Section("S" + s, labelled, Optional.empty()));
            }
            return new HallPlan(List.of(new HallPlan.Category("C0", BigDecimal.TEN),
                    new HallPlan.Category("C1", BigDecimal.ONE)), planned);
        });
    }

    private static List<Integer> within(List<Integer> places, int limit) {
        return places.stream().filter(place -> place < limit).distinct().toList();
    }
}
