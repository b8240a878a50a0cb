package dev.boxoffice.domain;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxoffice.domain.ShowCommand.CancelSeatReservation;
import dev.boxoffice.domain.ShowCommand.ConfirmHold;
import dev.boxoffice.domain.ShowCommand.CreateShow;
import dev.boxoffice.domain.ShowCommand.ExpireHold;
import dev.boxoffice.domain.ShowCommand.HoldSeats;
import dev.boxoffice.domain.ShowCommand.ReleaseHold;
import dev.boxoffice.domain.ShowCommand.ReserveSeat;
import dev.boxoffice.domain.ShowCommand.ReserveSeats;
import dev.boxoffice.domain.ShowEvent.HoldConfirmed;
import dev.boxoffice.domain.ShowEvent.HoldReleased;
import dev.boxoffice.domain.ShowEvent.SeatReserved;
import dev.boxoffice.domain.ShowEvent.SeatsHeld;
import dev.boxoffice.domain.ShowEvent.SeatsReserved;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * Holds, reservations and time together: any sequence of them, at times that only move forward, keeps every seat in
 * at most one live hold, never reserves a seat twice, releases exactly a hold's seats, never confirms a hold whose time
 * is up, and its events rebuild exactly the same state.
 */
class HoldPropertiesTest {

    private static final UUID SHOW = UUID.fromString("00000000-0000-4000-8000-000000000001");
    private static final Instant START = Instant.parse("2026-11-25T20:00:00Z");
    private static final int HOLD_IDS = 6;

    private final ShowDecider decider = new ShowDecider();

    /** A step of the sequence: how far the clock moves, then a command made at the new time. */
    record Step(long advanceMillis, Function<Instant, ShowCommand> command) {
    }

    @Property(tries = 500)
    void holdsAndReservationsKeepEverySeatInOnePlace(@ForAll("sequences") List<Step> steps) {
        List<ShowEvent> log = new ArrayList<>(((Decision.Accepted<ShowEvent>) decider.decide(new CreateShow(SHOW, "Show", 10),
                ShowState.NOT_CREATED)).events());
        ShowState state = decider.evolve(decider.initialState(), log.get(0));
        Instant now = START;
        for (Step step : steps) {
            now = now.plusMillis(step.advanceMillis());
            ShowCommand command = step.command().apply(now);
            Decision<ShowEvent> decision = decider.decide(command, state);
            if (command instanceof ConfirmHold confirm) {
                Hold hold = ((ShowState.Show) state).hold(confirm.holdId()).orElse(null);
                if (hold != null && hold.expiredBy(now)) {
                    assertThat(decision).as("confirming a hold whose time is up").isInstanceOfSatisfying(Decision.Rejected.class,
                            rejected -> assertThat(rejected.rejection().code()).isEqualTo(Rejection.Code.HOLD_EXPIRED));
                }
            }
            if (decision instanceof Decision.Accepted<ShowEvent> accepted) {
                for (ShowEvent event : accepted.events()) {
                    ShowState.Show before = (ShowState.Show) state;
                    checkBefore(before, event, now);
                    state = decider.evolve(state, event);
                    checkAfter(before, (ShowState.Show) state, event);
                    log.add(event);
                }
            }
            checkInvariants((ShowState.Show) state);
        }
        ShowState replayed = decider.initialState();
        for (ShowEvent event : log) {
            replayed = decider.evolve(replayed, event);
        }
        assertThat(replayed).isEqualTo(state);
    }

    /** What must hold of the state an event is applied to: nothing is reserved twice, nothing held twice. */
    private static void checkBefore(ShowState.Show show, ShowEvent event, Instant now) {
        switch (event) {
            case SeatReserved reserved -> assertThat(show.seatMap().status(reserved.seatNumber())).isEqualTo(SeatStatus.AVAILABLE);
            case SeatsReserved reserved -> reserved.seats().forEach(seat -> assertThat(show.seatMap().status(seat))
                    .as("seat %d reserved again", seat).isEqualTo(SeatStatus.AVAILABLE));
            case SeatsHeld held -> held.seats().forEach(seat -> assertThat(show.seatMap().status(seat))
                    .as("seat %d held while not available", seat).isEqualTo(SeatStatus.AVAILABLE));
            case HoldConfirmed confirmed -> assertThat(show.hold(confirmed.holdId()).orElseThrow().expiredBy(now))
                    .as("a hold confirmed after its time").isFalse();
            default -> { }
        }
    }

    /** A release frees exactly the hold's seats; a confirmation reserves exactly them; nothing else moves. */
    private static void checkAfter(ShowState.Show before, ShowState.Show after, ShowEvent event) {
        Set<Integer> changed = new HashSet<>();
        for (int seat = 0; seat < before.seatCount(); seat++) {
            if (before.seatMap().status(seat) != after.seatMap().status(seat)) {
                changed.add(seat);
            }
        }
        switch (event) {
            case HoldReleased released -> {
                assertThat(changed).isEqualTo(new HashSet<>(released.seats()));
                assertThat(released.seats()).allSatisfy(seat -> assertThat(after.seatMap().status(seat)).isEqualTo(SeatStatus.AVAILABLE));
                assertThat(new HashSet<>(released.seats()))
                        .isEqualTo(new HashSet<>(before.hold(released.holdId()).orElseThrow().seatList()));
            }
            case HoldConfirmed confirmed -> {
                assertThat(changed).isEqualTo(new HashSet<>(confirmed.seats()));
                assertThat(confirmed.seats()).allSatisfy(seat -> assertThat(after.seatMap().status(seat)).isEqualTo(SeatStatus.RESERVED));
            }
            default -> { }
        }
    }

    /** Every held seat is in exactly one live hold, and every seat of a live hold is held. */
    private static void checkInvariants(ShowState.Show show) {
        Map<Integer, UUID> holderOf = new HashMap<>();
        for (Hold hold : show.holds().live()) {
            for (int seat : hold.seats()) {
                assertThat(holderOf.put(seat, hold.id())).as("seat %d in two live holds", seat).isNull();
                assertThat(show.seatMap().status(seat)).isEqualTo(SeatStatus.HELD);
            }
        }
        assertThat(show.seatMap().heldCount()).isEqualTo(holderOf.size());
    }

    @Provide
    Arbitrary<List<Step>> sequences() {
        Arbitrary<UUID> holdId = Arbitraries.integers().between(1, HOLD_IDS)
                .map(n -> UUID.fromString("00000000-0000-4000-8000-00000000010" + n));
        Arbitrary<List<Integer>> seats = Arbitraries.integers().between(0, 11).set().ofMinSize(1).ofMaxSize(4).map(List::copyOf);
        Arbitrary<Long> ttl = Arbitraries.longs().between(1, 5_000);
        Arbitrary<Function<Instant, ShowCommand>> hold = Combinators.combine(holdId, seats, ttl)
                .as((id, s, t) -> now -> new HoldSeats(SHOW, id, s, now.plusMillis(t), now));
        Arbitrary<Function<Instant, ShowCommand>> confirm = holdId.map(id -> now -> new ConfirmHold(SHOW, id, now));
        Arbitrary<Function<Instant, ShowCommand>> release = holdId.map(id -> now -> new ReleaseHold(SHOW, id, now));
        Arbitrary<Function<Instant, ShowCommand>> expire = holdId.map(id -> now -> new ExpireHold(SHOW, id, now));
        Arbitrary<Function<Instant, ShowCommand>> reserveAll = seats.map(s -> now -> new ReserveSeats(SHOW, s, now));
        Arbitrary<Function<Instant, ShowCommand>> reserveOne = Arbitraries.integers().between(0, 10)
                .map(n -> now -> new ReserveSeat(SHOW, n));
        Arbitrary<Function<Instant, ShowCommand>> cancel = Arbitraries.integers().between(0, 10)
                .map(n -> now -> new CancelSeatReservation(SHOW, n));
        Arbitrary<Function<Instant, ShowCommand>> command = Arbitraries.frequencyOf(Tuple.of(5, hold), Tuple.of(3, confirm),
                Tuple.of(2, release), Tuple.of(2, expire), Tuple.of(2, reserveAll), Tuple.of(1, reserveOne), Tuple.of(2, cancel));
        Arbitrary<Long> advance = Arbitraries.frequencyOf(Tuple.of(3, Arbitraries.just(0L)),
                Tuple.of(4, Arbitraries.longs().between(1, 1_500)), Tuple.of(1, Arbitraries.longs().between(1_500, 6_000)));
        return Combinators.combine(advance, command).as(Step::new).list().ofMaxSize(80);
    }
}
