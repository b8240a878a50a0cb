package dev.boxoffice.bench.load;

import java.util.SplittableRandom;

/** Orders in which a load takes a show's seats. */
public final class SeatOrder {

    private SeatOrder() {
    }

    /** Seats 0 .. seats - 1 in a random order (Fisher-Yates), the same for the same random's seed. */
    public static int[] shuffled(int seats, SplittableRandom random) {
        int[] order = new int[seats];
        for (int i = 0; i < seats; i++) {
            order[i] = i;
        }
        for (int i = seats - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int swap = order[i];
            order[i] = order[j];
            order[j] = swap;
        }
        return order;
    }
}
