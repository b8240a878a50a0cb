package dev.boxoffice.domain;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxoffice.domain.ShowCommand.HoldBestAvailable;
import dev.boxoffice.domain.ShowCommand.HoldSeats;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** "Four together, best available" in a small theatre: what a box-office clerk would pick. */
class BestAvailableTest {

    private static final UUID SHOW = UUID.randomUUID();
    private static final Instant NOW = Instant.parse("2026-11-27T18:00:00Z");
    private static final HallPlan THEATRE = new HallPlan(
            List.of(new HallPlan.Category("Premium", new BigDecimal("80")), new HallPlan.Category("Standard", new BigDecimal("45"))),
            List.of(new HallPlan.Section("Stalls", List.of(
                    new HallPlan.Row("A", 10, "Premium", List.of(), List.of(0), List.of(1)),
                    new HallPlan.Row("B", 10, "Premium"),
                    new HallPlan.Row("C", 10, "Standard")), Optional.empty())));

    private final ShowHarness show = new ShowHarness();

    BestAvailableTest() {
        show.run(new ShowCommand.CreateShow(SHOW, "Hamlet", THEATRE, Optional.empty()));
    }

    @Test
    void picksTheMiddleOfTheFrontRow() {
        assertThat(labels(bestAvailable(2, "Standard"))).containsExactly("C5", "C6");
        // A4-A7 would leave A3 alone beside the companion seat: A3-A6 and A5-A8 are as near, the left one first
        assertThat(labels(bestAvailable(4, "Premium"))).containsExactly("A3", "A4", "A5", "A6");
    }

    @Test
    void leavesNoSingleSeatAloneWhenAnotherGroupAvoidsIt() {
        hold(2, 3, 4, 5, 6, 7, 8, 9); // row A taken, but for its wheelchair space and companion seat
        hold(10, 11, 12, 13, 17, 18, 19); // row B: B5 to B7 left
        // B5-B6 is nearer the stage but would leave B7 alone: row C's middle instead
        assertThat(labels(bestAvailable(2, null))).containsExactly("C5", "C6");
        // Premium has only B5-B7 left: two of them, one left alone, rather than none
        assertThat(labels(bestAvailable(2, "Premium"))).containsExactly("B5", "B6");
    }

    @Test
    void neverPicksAWheelchairSpaceOrItsCompanionSeat() {
        hold(2, 3, 4, 5, 6, 7, 8, 9); // row A: only the wheelchair space and its companion seat are left
        assertThat(labels(bestAvailable(2, "Premium"))).allMatch(label -> label.startsWith("B"));
    }

    @Test
    void refusesWithWhatIsLeftWhenNoGroupFits() {
        hold(10, 11, 13, 14, 16, 17, 19); // row B: 12, 15, 18 left, one by one
        hold(2, 3, 4, 5, 6, 7, 8, 9);
        Rejection refused = show.rejected(command(2, Optional.of("Premium")));
        assertThat(refused.code()).isEqualTo(Rejection.Code.NO_SEATS_TOGETHER);
        assertThat(refused.message()).isEqualTo("No 2 seats of Premium are available together; 3 are available, at most 1 together.");
        assertThat(show.rejected(command(2, Optional.of("Gold"))).code()).isEqualTo(Rejection.Code.CATEGORY_NOT_FOUND);
    }

    @Test
    void withoutACategoryPicksTheBestSeatsWhateverTheirPrice() {
        assertThat(labels(bestAvailable(3, null))).containsExactly("A5", "A6", "A7");
    }

    private List<Integer> bestAvailable(int count, String category) {
        var events = show.run(command(count, Optional.ofNullable(category)));
        return ((ShowEvent.SeatsHeld) events.get(0)).seats();
    }

    private static HoldBestAvailable command(int count, Optional<String> category) {
        return new HoldBestAvailable(SHOW, UUID.randomUUID(), count, category, NOW.plusSeconds(600), NOW);
    }

    private void hold(Integer... seats) {
        show.run(new HoldSeats(SHOW, UUID.randomUUID(), List.of(seats), NOW.plusSeconds(600), NOW));
    }

    private List<String> labels(List<Integer> seats) {
        Hall hall = show.show().hall();
        return seats.stream().map(hall::label).map(label -> label.row() + label.seat()).toList();
    }
}
