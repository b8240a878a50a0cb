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

/** The seat map behaves as a plain bit set would, and never changes a map it was derived from. */
class SeatMapTest {

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
        assertThat(SeatMap.of(size, map.toLongArray())).isEqualTo(map);
        assertThat(BitSet.valueOf(map.toLongArray())).isEqualTo(model);
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
        assertThat(SeatMap.allAvailable(50).estimatedBytes()).isLessThan(100);
        assertThat(SeatMap.allAvailable(ShowRules.MAX_SEATS).estimatedBytes()).isLessThan(1_500);
    }

    @Test
    void refusesSeatsOutsideTheHall() {
        assertThatThrownBy(() -> SeatMap.allAvailable(10).isReserved(10)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> SeatMap.of(10, new long[] {1L << 10})).isInstanceOf(IllegalArgumentException.class);
    }
}
