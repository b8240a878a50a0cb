package dev.boxoffice.domain;

import static org.assertj.core.api.Assertions.assertThat;

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

        long measured = GraphLayout.parseInstance(show).totalSize() - GraphLayout.parseInstance(show.price()).totalSize();

        assertThat(show.estimatedBytes()).as("estimate for %d seats, measured %d bytes", seats, measured)
                .isBetween(measured, measured + measured / 10);
    }

    @Test
    void aShowIsSmallWhateverItsSize() {
        assertThat(showWithReservations(50).estimatedBytes()).isLessThan(300);
        assertThat(showWithReservations(ShowRules.MAX_SEATS).estimatedBytes()).isLessThan(1_700);
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
