package dev.boxoffice.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.BitSet;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** The seat map behaves as a plain array of statuses would, and never changes a map it was derived from. */
class SeatMapTest {

    @Property(tries = 200)
    void behavesLikeAnArrayOfStatusesAndLeavesEarlierVersionsAlone(
            @ForAll @IntRange(min = 1, max = ShowRules.MAX_SEATS) int size, @ForAll("flips") List<Integer> changes) {
        SeatMap map = SeatMap.allAvailable(size);
        SeatStatus[] model = new SeatStatus[size];
        java.util.Arrays.fill(model, SeatStatus.AVAILABLE);
        for (int change : changes) {
            int seat = change % size;
            SeatStatus to = SeatStatus.values()[(change / size) % 3];
            SeatMap before = map;
            SeatStatus was = model[seat];
            map = switch (to) {
                case AVAILABLE -> map.release(seat);
                case HELD -> was == SeatStatus.RESERVED ? map : map.hold(seat);
                case RESERVED -> map.reserve(seat);
            };
            model[seat] = to == SeatStatus.HELD && was == SeatStatus.RESERVED ? was : to;
            assertThat(before.status(seat)).as("the earlier version is unchanged").isEqualTo(was);
            assertThat(map.status(seat)).isEqualTo(model[seat]);
        }
        long reserved = java.util.Arrays.stream(model).filter(s -> s == SeatStatus.RESERVED).count();
        long held = java.util.Arrays.stream(model).filter(s -> s == SeatStatus.HELD).count();
        assertThat(map.reservedCount()).isEqualTo(reserved);
        assertThat(map.heldCount()).isEqualTo(held);
        assertThat(map.availableCount()).isEqualTo(size - reserved - held);
        assertThat(SeatMap.of(size, map.reservedWords(), map.heldWords())).isEqualTo(map);
    }

    @Test
    void aChangeOfSeveralSeatsCopiesEachTouchedBlockOnce() {
        SeatMap map = SeatMap.allAvailable(5000).hold(1, 2, 3, 4000);

        SeatMap confirmed = map.reserve(1, 2, 3, 4000);

        assertThat(confirmed.heldCount()).isZero();
        assertThat(confirmed.reservedCount()).isEqualTo(4);
        assertThat(map.heldCount()).as("unchanged").isEqualTo(4);
        assertThat(confirmed.release(2).status(2)).isEqualTo(SeatStatus.AVAILABLE);
    }

    @Property(tries = 200)
    void behavesLikeABitSetAndLeavesEarlierVersionsAlone(
            @ForAll @IntRange(min = 1, max = ShowRules.MAX_SEATS) int size, @ForAll("flips") List<Integer> flips) {
        SeatMap map = SeatMap.allAvailable(size);
        BitSet model = new BitSet(size);
        for (int flip : flips) {
            int seat = flip % size;
            SeatMap before = map;
            boolean wasReserved = model.get(seat);
            map = wasReserved ? map.release(seat) : map.reserve(seat);
            model.flip(seat);
            assertThat(before.isReserved(seat)).as("the earlier version is unchanged").isEqualTo(wasReserved);
            assertThat(map.isReserved(seat)).isEqualTo(model.get(seat));
        }
        assertThat(map.reservedCount()).isEqualTo(model.cardinality());
        assertThat(map.availableCount()).isEqualTo(size - model.cardinality());
        assertThat(SeatMap.of(size, map.reservedWords())).isEqualTo(map);
        assertThat(BitSet.valueOf(map.reservedWords())).isEqualTo(model);
    }

    @Provide
    Arbitrary<List<Integer>> flips() {
        return Arbitraries.integers().between(0, Integer.MAX_VALUE).list().ofMaxSize(200);
    }

    @Test
    void reservingAReservedSeatOrReleasingAnAvailableOneChangesNothing() {
        SeatMap map = SeatMap.allAvailable(10).reserve(3);

        assertThat(map.reserve(3)).isSameAs(map);
        assertThat(map.release(4)).isSameAs(map);
    }

    @Test
    void isSmallForAnyHall() {
        assertThat(SeatMap.allAvailable(50).estimatedBytes()).isLessThan(120);
        assertThat(SeatMap.allAvailable(10_000).estimatedBytes()).isLessThan(1_500);
        assertThat(SeatMap.allAvailable(100_000).estimatedBytes()).isLessThan(14_000);
    }

    @Test
    void refusesSeatsOutsideTheHall() {
        assertThatThrownBy(() -> SeatMap.allAvailable(10).isReserved(10)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> SeatMap.of(10, new long[] {1L << 10})).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SeatMap.of(10, new long[] {1}, new long[] {1})).hasMessageContaining("both reserved and held");
    }
}
