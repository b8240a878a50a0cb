package dev.boxoffice.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class SeatOrderTest {

    @Test
    void everySeatOnceInAnOrderTheSeedDecides() {
        int[] order = SeatOrder.shuffled(500, new SplittableRandom(7));

        assertThat(Arrays.stream(order).sorted().toArray()).isEqualTo(IntStream.range(0, 500).toArray());
        assertThat(order).isEqualTo(SeatOrder.shuffled(500, new SplittableRandom(7)));
        assertThat(order).isNotEqualTo(SeatOrder.shuffled(500, new SplittableRandom(8)));
        assertThat(order).isNotEqualTo(IntStream.range(0, 500).toArray());
        assertThat(SeatOrder.shuffled(1, new SplittableRandom(1))).containsExactly(0);
    }
}
