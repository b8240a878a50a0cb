package dev.boxoffice.domain;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxoffice.domain.ShowCommand.AsAdmittedBuyer;
import dev.boxoffice.domain.ShowCommand.ClaimAdmission;
import dev.boxoffice.domain.ShowCommand.CreateShow;
import dev.boxoffice.domain.ShowCommand.DrawLine;
import dev.boxoffice.domain.ShowCommand.NumberArrivals;
import dev.boxoffice.domain.ShowCommand.OpenPlaces;
import dev.boxoffice.domain.ShowCommand.ReserveSeat;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/** What holds for every draw and every run of a line, whatever the seed, the settings and the buyers do. */
class WaitingRoomPropertiesTest {

    private static final Instant ON_SALE = Instant.parse("2026-12-01T10:00:00Z");

    @Property(tries = 200)
    void aDrawGivesEveryNumberItsOwnPlace(@ForAll @Size(16) byte[] seed, @ForAll @IntRange(min = 1, max = 3000) int count) {
        Set<Long> places = new HashSet<>();
        for (long number = 0; number < count; number++) {
            long place = LineShuffle.place(seed, count, number);
            assertThat(place).isBetween(0L, count - 1L);
            places.add(place);
        }
        assertThat(places).hasSize(count);
    }

    /**
     * Arrivals, the line's moves, claims and purchases in any order, at any pace: never more than maxActive buyers
     * admitted at once, places called in order and never more than the rate allows over a second plus one.
     */
    @Property(tries = 300)
    void neverMoreAdmittedThanMaxActive(@ForAll @IntRange(min = 1, max = 50) int admitPerSecond,
            @ForAll @IntRange(min = 1, max = 20) int maxActive, @ForAll("steps") List<Integer> steps) {
        ShowDecider decider = new ShowDecider();
        UUID show = UUID.randomUUID();
        ShowState state = apply(decider, ShowState.NOT_CREATED, new CreateShow(show, "Hamlet", 10_000,
                Optional.of(new WaitingRoomSettings(ON_SALE, admitPerSecond, maxActive))));
        state = apply(decider, state, new NumberArrivals(show, 20));
        state = apply(decider, state, new DrawLine(show, new byte[16], Long.MAX_VALUE, ON_SALE));
        long millis = ON_SALE.toEpochMilli();
        int seat = 0;
        for (int step : steps) {
            millis += (step % 7) * 150L;
            Instant now = Instant.ofEpochMilli(millis);
            WaitingRoom room = ((ShowState.Show) state).waitingRoom().orElseThrow();
            long openedBefore = room.opened();
            state = switch (step % 4) {
                case 0 -> apply(decider, state, new NumberArrivals(show, 1 + step % 5));
                case 1 -> apply(decider, state, new OpenPlaces(show, Long.MAX_VALUE, now));
                case 2 -> apply(decider, state, new ClaimAdmission(show, step % Math.max(1, openedBefore + 1), now));
                default -> apply(decider, state, new AsAdmittedBuyer(show, step % Math.max(1, openedBefore + 1), now,
                        new ReserveSeat(show, seat++)));
            };
            WaitingRoom after = ((ShowState.Show) state).waitingRoom().orElseThrow();
            assertThat(after.activeAt(millis)).isLessThanOrEqualTo(maxActive);
            assertThat(after.opened()).isGreaterThanOrEqualTo(openedBefore)
                    .isLessThanOrEqualTo(openedBefore + admitPerSecond);
        }
    }

    @Provide
    Arbitrary<List<Integer>> steps() {
        return Arbitraries.integers().between(0, 1_000).list().ofMaxSize(300);
    }

    /** The command's events applied, if it is accepted; the state as it was if it is refused. */
    private static ShowState apply(ShowDecider decider, ShowState state, ShowCommand command) {
        if (decider.decide(command, state) instanceof Decision.Accepted<ShowEvent> accepted) {
            for (ShowEvent event : accepted.events()) {
                state = decider.evolve(state, event);
            }
        }
        return state;
    }
}
