package dev.boxoffice.domain;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxoffice.domain.ShowCommand.CancelSeatReservation;
import dev.boxoffice.domain.ShowCommand.CreateShow;
import dev.boxoffice.domain.ShowCommand.ReserveSeat;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Any sequence of commands keeps the show's invariants, and its events rebuild exactly the same state. */
class ShowDeciderPropertiesTest {

    private static final UUID SHOW = UUID.fromString("00000000-0000-4000-8000-000000000001");
    private final ShowDecider decider = new ShowDecider();

    @Property(tries = 300)
    void noSeatIsEverReservedTwiceAndReplayRebuildsTheState(@ForAll("commandSequences") List<ShowCommand> commands) {
        ShowState state = decider.initialState();
        List<ShowEvent> log = new ArrayList<>();
        Set<Integer> reservedByEvents = new HashSet<>();
        for (ShowCommand command : commands) {
            if (decider.decide(command, state) instanceof Decision.Accepted<ShowEvent> accepted) {
                for (ShowEvent event : accepted.events()) {
                    if (event instanceof ShowEvent.SeatReserved reserved) {
                        assertThat(reservedByEvents.add(reserved.seatNumber()))
                                .as("seat %d reserved while already reserved", reserved.seatNumber()).isTrue();
                    } else if (event instanceof ShowEvent.SeatReservationCancelled cancelled) {
                        assertThat(reservedByEvents.remove(cancelled.seatNumber()))
                                .as("cancelled seat %d that was not reserved", cancelled.seatNumber()).isTrue();
                    }
                    state = decider.evolve(state, event);
                    log.add(event);
                }
            }
        }
        ShowState replayed = decider.initialState();
        for (ShowEvent event : log) {
            replayed = decider.evolve(replayed, event);
        }
        assertThat(replayed).isEqualTo(state);
        if (state instanceof ShowState.Show show) {
            Set<Integer> reservedInState = new HashSet<>();
            show.seats().stream().filter(s -> !s.isAvailable()).forEach(s -> reservedInState.add(s.number()));
            assertThat(reservedInState).isEqualTo(reservedByEvents);
        }
    }

    @Provide
    Arbitrary<List<ShowCommand>> commandSequences() {
        Arbitrary<ShowCommand> create = Arbitraries.integers().between(1, 8).map(n -> new CreateShow(SHOW, "Show", n));
        Arbitrary<Integer> seat = Arbitraries.integers().between(-1, 9);
        Arbitrary<ShowCommand> reserve = seat.map(n -> new ReserveSeat(SHOW, n));
        Arbitrary<ShowCommand> cancel = seat.map(n -> new CancelSeatReservation(SHOW, n));
        Arbitrary<ShowCommand> any = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(1, create), net.jqwik.api.Tuple.of(6, reserve), net.jqwik.api.Tuple.of(3, cancel));
        return Combinators.combine(create, any.list().ofMaxSize(60))
                .as((first, rest) -> {
                    List<ShowCommand> all = new ArrayList<>();
                    all.add(first);
                    all.addAll(rest);
                    return all;
                });
    }
}
