package dev.boxoffice.bench.decisions;

import dev.boxoffice.domain.Decision;
import dev.boxoffice.domain.HallPlan;
import dev.boxoffice.domain.ShowCommand;
import dev.boxoffice.domain.ShowDecider;
import dev.boxoffice.domain.ShowEvent;
import dev.boxoffice.domain.ShowState;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * "N together, best available" decided on a stadium (the benchmark's: sections of 100 rows of 50 seats, an aisle in
 * the middle, the first ten rows of each Premium) sold at random: the hard case, where few groups are left and a
 * refusal must look at the whole hall. Each call decides on the next of {@value #HALLS} halls sold differently, so
 * the percentiles spread over halls, not over one answer repeated. The decision only: no event is applied.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class BestAvailableDecision {

    private static final int HALLS = 16;
    private static final int ROW_SEATS = 50;
    private static final int SECTION_ROWS = 100;
    private static final int PREMIUM_ROWS = 10;
    private static final int SOLD_PER_EVENT = 100;
    private static final Instant NOW = Instant.parse("2026-01-01T20:00:00Z");
    private static final Instant EXPIRES = NOW.plus(Duration.ofMinutes(10));
    private static final UUID HOLD = new UUID(0, 1);
    private static final ShowDecider DECIDER = new ShowDecider();

    @Param("100000")
    int seats;

    @Param("90")
    int soldPercent;

    @Param({"1", "2", "3", "4"})
    int together;

    private final ShowState.Show[] shows = new ShowState.Show[HALLS];
    private int next;

    @Setup(Level.Trial)
    public void sellAtRandom() {
        HallPlan stadium = stadium(seats);
        for (int hall = 0; hall < HALLS; hall++) {
            shows[hall] = sold(stadium, new SplittableRandom(hall));
        }
    }

    @Benchmark
    public Decision<ShowEvent> decide() {
        ShowState.Show show = shows[next++ & (HALLS - 1)];
        return DECIDER.decide(new ShowCommand.HoldBestAvailable(show.id(), HOLD, together, Optional.empty(), EXPIRES,
                NOW), show);
    }

    private ShowState.Show sold(HallPlan stadium, SplittableRandom random) {
        UUID id = new UUID(1, random.nextLong());
        ShowState state = DECIDER.evolve(ShowState.NOT_CREATED, new ShowEvent.ShowCreated(id, "Stadium", stadium));
        int[] order = shuffled(seats, random);
        int sold = (int) ((long) seats * soldPercent / 100);
        for (int from = 0; from < sold; from += SOLD_PER_EVENT) {
            List<Integer> batch = new ArrayList<>(SOLD_PER_EVENT);
            for (int i = from; i < Math.min(sold, from + SOLD_PER_EVENT); i++) {
                batch.add(order[i]);
            }
            state = DECIDER.evolve(state, new ShowEvent.SeatsReserved(id, batch));
        }
        return (ShowState.Show) state;
    }

    private static int[] shuffled(int count, SplittableRandom random) {
        int[] seats = new int[count];
        for (int i = 0; i < count; i++) {
            seats[i] = i;
        }
        for (int i = count - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int swap = seats[i];
            seats[i] = seats[j];
            seats[j] = swap;
        }
        return seats;
    }

    static HallPlan stadium(int seats) {
        List<HallPlan.Section> sections = new ArrayList<>();
        for (int rows = seats / ROW_SEATS; rows > 0; rows -= SECTION_ROWS) {
            List<HallPlan.Row> section = new ArrayList<>();
            for (int row = 0; row < Math.min(SECTION_ROWS, rows); row++) {
                section.add(new HallPlan.Row(HallPlan.rowLabel(row), ROW_SEATS, row < PREMIUM_ROWS ? "Premium" : "Standard",
                        List.of(ROW_SEATS / 2 - 1), List.of(), List.of()));
            }
            sections.add(new HallPlan.Section("Block " + (sections.size() + 1), section, Optional.empty()));
        }
        return new HallPlan(List.of(new HallPlan.Category("Premium", BigDecimal.valueOf(120)),
                new HallPlan.Category("Standard", BigDecimal.valueOf(60))), sections);
    }
}
