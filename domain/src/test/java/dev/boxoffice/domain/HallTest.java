package dev.boxoffice.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A hall's compact form: labels, categories, aisles and places, and the plan it gives back. */
class HallTest {

    private static final HallPlan THEATRE = new HallPlan(
            List.of(new HallPlan.Category("Premium", new BigDecimal("80")), new HallPlan.Category("Standard", new BigDecimal("45"))),
            List.of(new HallPlan.Section("Stalls", List.of(
                            new HallPlan.Row("A", 10, "Premium", List.of(4), List.of(0), List.of(1)),
                            new HallPlan.Row("B", 12, "Premium", List.of(5), List.of(), List.of()),
                            new HallPlan.Row("C", 12, "Standard")), Optional.empty()),
                    new HallPlan.Section("Balcony", List.of(
                            new HallPlan.Row("A", 8, "Standard"),
                            new HallPlan.Row("B", 8, "Standard")), Optional.empty())));

    private final Hall hall = Hall.of(THEATRE);

    @Test
    void numbersSeatsRowByRowAndNamesThemAsPeopleDo() {
        assertThat(hall.size()).isEqualTo(50);
        assertThat(hall.label(0).toString()).isEqualTo("Stalls, row A, seat 1");
        assertThat(hall.label(21).toString()).isEqualTo("Stalls, row B, seat 12");
        assertThat(hall.label(34).toString()).isEqualTo("Balcony, row A, seat 1");
        assertThat(hall.seatAt(new SeatLabel("Balcony", "B", 8))).contains(49);
        assertThat(hall.seatAt(new SeatLabel("Balcony", "C", 1))).isEmpty();
        assertThat(hall.price(10)).isEqualByComparingTo("80");
        assertThat(hall.price(22)).isEqualByComparingTo("45");
    }

    @Test
    void anAisleOrARowsEndParts() {
        assertThat(hall.together(3, 4)).isTrue();
        assertThat(hall.together(4, 5)).as("an aisle after seat 5 of row A").isFalse();
        assertThat(hall.together(9, 10)).as("row A ends").isFalse();
        assertThat(hall.isWheelchair(0)).isTrue();
        assertThat(hall.isCompanion(1)).isTrue();
    }

    @Test
    void rowsStackedBelowEachOtherRunFromTheStageBackButSectionsSideBySideDoNot() {
        assertThat(hall.rowsFrontToBack()).isTrue();
        Hall sideBySide = Hall.of(new HallPlan(List.of(new HallPlan.Category("Standard", BigDecimal.TEN)), List.of(
                new HallPlan.Section("Left", List.of(new HallPlan.Row("A", 4, "Standard"), new HallPlan.Row("B", 4, "Standard")),
                        Optional.of(new HallPlan.Position(0, 0))),
                new HallPlan.Section("Right", List.of(new HallPlan.Row("A", 4, "Standard")),
                        Optional.of(new HallPlan.Position(6, 0))))));
        assertThat(sideBySide.rowsFrontToBack()).as("Right's row A is as near the stage as Left's").isFalse();
    }

    @Test
    void placesSectionsBelowEachOtherCentredWithTheStageAbove() {
        assertThat(hall.x(0)).as("row A, with its aisle, is 11 wide in a 13-wide section").isEqualTo(1.5);
        assertThat(hall.x(5) - hall.x(4)).as("across the aisle").isEqualTo(2);
        assertThat(hall.y(hall.rowOf(34))).isEqualTo(3 + Hall.SECTION_GAP + 0.5);
        assertThat(hall.focalX()).isEqualTo(6.5);
        assertThat(hall.focalY()).isNegative();
    }

    @Test
    void givesBackThePlanItWasMadeFrom() {
        assertThat(hall.plan()).isEqualTo(THEATRE);
        HallPlan placed = new HallPlan(THEATRE.categories(), List.of(new HallPlan.Section("Left",
                List.of(new HallPlan.Row("1", 4, "Standard")), Optional.of(new HallPlan.Position(0, 5)))));
        assertThat(Hall.of(placed).plan()).isEqualTo(placed);
    }

    @Test
    void isMadeAgainFromItsCompactFormAsItWas() {
        HallPlan labelledAndPlaced = new HallPlan(THEATRE.categories(), List.of(THEATRE.sections().get(0),
                new HallPlan.Section("Box", List.of(new HallPlan.Row("1", 4, "Premium"), new HallPlan.Row("2", 4, "Standard")),
                        Optional.of(new HallPlan.Position(30, 1)))));
        for (Hall made : List.of(hall, Hall.of(labelledAndPlaced), Hall.of(HallPlan.uniform(1_000, BigDecimal.TEN)))) {
            Hall again = Hall.of(made.compact());
            assertThat(again.plan()).isEqualTo(made.plan());
            assertThat(again.estimatedBytes()).isEqualTo(made.estimatedBytes());
            assertThat(again.focalX()).isEqualTo(made.focalX());
            for (int seat = 0; seat < made.size(); seat++) {
                assertThat(again.x(seat)).isEqualTo(made.x(seat));
                assertThat(again.y(again.rowOf(seat))).isEqualTo(made.y(made.rowOf(seat)));
            }
        }
    }

    @Test
    void refusesCompactFormsThatDescribeNoHall() {
        Hall.Compact c = hall.compact();
        int[] rowsOutOfOrder = c.rowFirstSeat().clone();
        rowsOutOfOrder[2] = rowsOutOfOrder[1];
        int[] aisleBeyondTheHall = {hall.size()};
        byte[] noSuchCategory = c.rowCategory().clone();
        noSuchCategory[0] = 2;
        List<Hall.Compact> broken = List.of(
                new Hall.Compact(c.categories(), c.sectionNames(), c.sectionFirstRow(), c.sectionPlaced(), c.sectionX(),
                        c.sectionY(), rowsOutOfOrder, c.rowLabels(), c.rowCategory(), c.aislesAfter(), c.wheelchair(), c.companion()),
                new Hall.Compact(c.categories(), c.sectionNames(), c.sectionFirstRow(), c.sectionPlaced(), c.sectionX(),
                        c.sectionY(), c.rowFirstSeat(), c.rowLabels(), c.rowCategory(), aisleBeyondTheHall, c.wheelchair(),
                        c.companion()),
                new Hall.Compact(c.categories(), c.sectionNames(), c.sectionFirstRow(), c.sectionPlaced(), c.sectionX(),
                        c.sectionY(), c.rowFirstSeat(), c.rowLabels(), noSuchCategory, c.aislesAfter(), c.wheelchair(),
                        c.companion()),
                new Hall.Compact(c.categories(), List.of("Stalls"), c.sectionFirstRow(), c.sectionPlaced(), c.sectionX(),
                        c.sectionY(), c.rowFirstSeat(), c.rowLabels(), c.rowCategory(), c.aislesAfter(), c.wheelchair(),
                        c.companion()));
        for (Hall.Compact compact : broken) {
            assertThatThrownBy(() -> Hall.of(compact)).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void aShowCreatedByItsSeatCountGetsRowsOfATheatresWidth() {
        Hall uniform = Hall.of(HallPlan.uniform(50, BigDecimal.TEN));
        assertThat(uniform.rowCount()).isEqualTo(5);
        assertThat(uniform.label(49).toString()).isEqualTo("Hall, row E, seat 10");
        Hall large = Hall.of(HallPlan.uniform(100_000, BigDecimal.TEN));
        assertThat(large.seatsIn(0)).isEqualTo(40);
        assertThat(large.rowLabel(large.rowCount() - 1)).isEqualTo(HallPlan.rowLabel(2_499)).isEqualTo("CRD");
        assertThat(large.estimatedBytes()).as("a hundred thousand seats, compactly").isLessThan(15_000);
    }

    @Test
    void refusesAHallItCannotSeat() {
        assertThatThrownBy(() -> HallPlan.uniform(100_001, BigDecimal.TEN)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new HallPlan(THEATRE.categories(), List.of(new HallPlan.Section("S",
                List.of(new HallPlan.Row("A", 4, "Gold")), Optional.empty()))))
                .hasMessageContaining("Gold");
        assertThatThrownBy(() -> new HallPlan.Row("A", 4, "Standard", List.of(3), List.of(), List.of()))
                .as("no aisle after the last seat").isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new HallPlan.Section("S", List.of(new HallPlan.Row("A", 4, "Standard"),
                new HallPlan.Row("A", 4, "Standard")), Optional.empty())).hasMessageContaining("two rows");
    }
}
