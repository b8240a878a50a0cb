package dev.boxoffice.domain;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.openjdk.jol.info.GraphLayout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The memory budget counts each show by {@link ShowState.Show#estimatedBytes}; JOL measures what the JVM really
 * lays out (this JVM's object headers, reference size and padding). The estimate must not fall short of it.
 */
class ShowStateMemoryTest {

    static {
        // Records hide their field offsets from Unsafe; JOL then finds them by its own probing.
        System.setProperty("jol.magicFieldOffset", "true");
    }

    private final ShowDecider decider = new ShowDecider();

    @ParameterizedTest
    @ValueSource(ints = {50, ShowRules.MAX_SEATS})
    void theEstimateMatchesTheMeasuredLayout(int seats) {
        ShowState.Show show = showWithReservations(seats);

        assertEstimateCovers(show);
    }

    /** Live holds of four seats each, and as many ended ones as a show remembers. */
    @ParameterizedTest
    @ValueSource(ints = {1, 10, 2_000})
    void theEstimateOfAShowWithHoldsMatchesTheMeasuredLayout(int liveHolds) {
        UUID id = UUID.randomUUID();
        Instant expiry = Instant.parse("2026-11-25T20:00:00Z");
        ShowState state = decider.evolve(ShowState.NOT_CREATED,
                new ShowEvent.ShowCreated(id, "Holds", ShowRules.MAX_SEATS, ShowRules.INITIAL_SEAT_PRICE));
        for (int i = 0; i < Holds.RECENTLY_ENDED + liveHolds; i++) {
            UUID holdId = UUID.randomUUID();
            List<Integer> seats = List.of(4 * i, 4 * i + 1, 4 * i + 2, 4 * i + 3);
            state = decider.evolve(state, new ShowEvent.SeatsHeld(id, holdId, seats, expiry.plusSeconds(i)));
            if (i < Holds.RECENTLY_ENDED) {
                state = decider.evolve(state, new ShowEvent.HoldReleased(id, holdId, seats,
                        ShowEvent.HoldReleased.Reason.CANCELLED));
            }
        }

        assertThat(((ShowState.Show) state).holds().liveCount()).isEqualTo(liveHolds);
        assertEstimateCovers((ShowState.Show) state);
    }

    /** A waiting room on sale: places called a few times a second, buyers admitted, some of them gone, operators' controls. */
    @ParameterizedTest
    @ValueSource(ints = {10, 1_000})
    void theEstimateOfAShowWithAWaitingRoomMatchesTheMeasuredLayout(int admitted) {
        UUID id = UUID.randomUUID();
        Instant onSale = Instant.parse("2026-12-01T10:00:00Z");
        ShowState state = decider.evolve(ShowState.NOT_CREATED,
                new ShowEvent.ShowCreated(id, "On sale", ShowRules.MAX_SEATS, ShowRules.INITIAL_SEAT_PRICE));
        state = decider.evolve(state, new ShowEvent.WaitingRoomSet(id, new WaitingRoomSettings(onSale, 400, 10_000)));
        state = decider.evolve(state, new ShowEvent.ArrivalsNumbered(id, 100_000));
        state = decider.evolve(state, new ShowEvent.LineDrawn(id, new LineDraw(new byte[16], 5_000, onSale.toEpochMilli())));
        for (int tick = 1; tick <= admitted / 100; tick++) {
            Instant at = onSale.plusMillis(250L * tick);
            state = decider.evolve(state, new ShowEvent.PlacesOpened(id, 100L * tick, at));
            for (long place = 100L * (tick - 1); place < 100L * tick; place++) {
                state = decider.evolve(state, new ShowEvent.BuyerAdmitted(id, place, at.plusSeconds(600), at));
                if (place % 3 == 0) {
                    state = decider.evolve(state, new ShowEvent.BuyerLeft(id, place));
                }
            }
        }
        for (int control = 0; admitted >= 1_000 && control < LineSteering.TRAIL + 8; control++) { // a full audit trail
            state = decider.evolve(state, new ShowEvent.LineControlled(id, control % 2 == 0 ? new LineControl.Pause()
                    : new LineControl.SetRate(100 + control), "operator number " + control, onSale.plusMillis(control)));
        }
        if (admitted < 100) {
            state = decider.evolve(state, new ShowEvent.PlacesOpened(id, admitted, onSale.plusSeconds(1)));
            for (long place = 0; place < admitted; place++) {
                state = decider.evolve(state, new ShowEvent.BuyerAdmitted(id, place, onSale.plusSeconds(600), onSale.plusSeconds(1)));
            }
        }

        assertEstimateCovers((ShowState.Show) state);
    }

    private static void assertEstimateCovers(ShowState.Show show) {
        Object[] shared = {ShowRules.INITIAL_SEAT_PRICE, Holds.NONE, HoldStatus.values(), Openings.NONE,
                AdmittedBuyers.NONE, Hall.STANDARD, Hall.NONE, HallPlan.DEFAULT_SECTION, RowLabels.SHARED};
        Object[] showAndShared = Arrays.copyOf(shared, shared.length + 1);
        showAndShared[shared.length] = show;
        // Two walks that each count an object once, by identity: GraphLayout.subtract matches objects by address, and
        // a collection between two walks moves them.
        long measured = GraphLayout.parseInstance(showAndShared).totalSize() - GraphLayout.parseInstance(shared).totalSize();

        assertThat(show.estimatedBytes()).as("estimate for %d seats and %d live holds, measured %d bytes",
                show.seatCount(), show.holds().liveCount(), measured)
                .isBetween(measured, measured + measured / 10);
    }

    @Test
    void aShowIsSmallWhateverItsSize() {
        assertThat(showWithReservations(50).estimatedBytes()).isLessThan(650);
        assertThat(showWithReservations(10_000).estimatedBytes()).isLessThan(5_000);
    }

    /** A stadium: 20 sections of 100 rows of 50 seats, aisles and wheelchair spaces, nine seats in ten sold. */
    @Test
    void aHundredThousandSeatShowNineTenthsSoldHoldsUnder200KB() {
        List<HallPlan.Section> sections = new ArrayList<>();
        for (int s = 0; s < 20; s++) {
            List<HallPlan.Row> rows = new ArrayList<>();
            for (int r = 0; r < 100; r++) {
                rows.add(new HallPlan.Row(HallPlan.rowLabel(r), 50, r < 20 ? "Premium" : "Standard", List.of(9, 39),
                        r == 0 ? List.of(0, 49) : List.of(), r == 0 ? List.of(1, 48) : List.of()));
            }
            sections.add(new HallPlan.Section("Block " + (s + 1), rows, Optional.empty()));
        }
        HallPlan stadium = new HallPlan(List.of(new HallPlan.Category("Premium", new BigDecimal("120")),
                new HallPlan.Category("Standard", new BigDecimal("65"))), sections);
        UUID id = UUID.randomUUID();
        ShowState state = decider.evolve(ShowState.NOT_CREATED, new ShowEvent.ShowCreated(id, "Final", stadium));
        for (int first = 0; first < 100_000; first += 1_000) {
            List<Integer> sold = new ArrayList<>();
            for (int seat = first; seat < first + 1_000; seat++) {
                if (seat % 10 != 3) {
                    sold.add(seat);
                }
            }
            state = decider.evolve(state, new ShowEvent.SeatsReserved(id, sold));
        }
        ShowState.Show show = (ShowState.Show) state;

        assertThat(show.seatMap().reservedCount()).isEqualTo(90_000);
        assertEstimateCovers(show);
        assertThat(show.estimatedBytes()).isLessThan(200_000);
    }

    private ShowState.Show showWithReservations(int seats) {
        UUID id = UUID.randomUUID();
        ShowState state = decider.evolve(ShowState.NOT_CREATED,
                new ShowEvent.ShowCreated(id, "A Midsummer Night's Dream", seats, ShowRules.INITIAL_SEAT_PRICE));
        for (int seat = 0; seat < seats; seat += 7) {
            state = decider.evolve(state, new ShowEvent.SeatReserved(id, seat));
        }
        return (ShowState.Show) state;
    }
}
