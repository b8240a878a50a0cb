package dev.boxoffice.bench.decisions;

import dev.boxoffice.domain.Decision;
import dev.boxoffice.domain.ShowCommand;
import dev.boxoffice.domain.ShowDecider;
import dev.boxoffice.domain.ShowEvent;
import dev.boxoffice.domain.ShowState;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * An on-sale as the hall scenario runs it: one seat, best available, held after another on a stadium of
 * {@code hallSeats} (the hall scenario's) until {@code soldPercent} of it is sold, then a fresh stadium; such a hall
 * fills from the stage back, leaving rows behind with two seats together that one buyer would split. Each call
 * decides, and applies the seats as reserved.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class BestAvailableOnSale {

    private static final Instant NOW = Instant.parse("2026-01-01T20:00:00Z");
    private static final Instant EXPIRES = NOW.plus(Duration.ofMinutes(10));
    private static final ShowDecider DECIDER = new ShowDecider();

    @Param("50000")
    int hallSeats;

    @Param("55")
    int soldPercent;

    private ShowState fresh;
    private ShowState show;
    private int held;
    private long holds;

    @Setup
    public void open() {
        UUID id = new UUID(2, 2);
        fresh = DECIDER.evolve(ShowState.NOT_CREATED,
                new ShowEvent.ShowCreated(id, "Stadium", BestAvailableDecision.stadium(hallSeats)));
        show = fresh;
    }

    @Benchmark
    public Decision<ShowEvent> holdOne() {
        if (held >= (long) hallSeats * soldPercent / 100) {
            show = fresh;
            held = 0;
        }
        ShowState.Show current = (ShowState.Show) show;
        Decision<ShowEvent> decision = DECIDER.decide(new ShowCommand.HoldBestAvailable(current.id(),
                new UUID(3, holds++), 1, Optional.empty(), EXPIRES, NOW), current);
        if (decision instanceof Decision.Accepted<ShowEvent> accepted
                && accepted.events().get(0) instanceof ShowEvent.SeatsHeld hold) {
            // confirmed at once: the scenario's buyers confirm 100 ms later, so few holds are ever pending
            show = DECIDER.evolve(show, new ShowEvent.SeatsReserved(hold.showId(), hold.seats()));
            held++;
        }
        return decision;
    }
}
