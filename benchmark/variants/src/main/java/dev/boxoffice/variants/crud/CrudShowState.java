package dev.boxoffice.variants.crud;

import dev.boxoffice.domain.CommandOutcome;
import dev.boxoffice.domain.Decision;
import dev.boxoffice.domain.Hall;
import dev.boxoffice.domain.HallPlan;
import dev.boxoffice.domain.Seat;
import dev.boxoffice.domain.SeatMap;
import dev.boxoffice.domain.SeatStatus;
import dev.boxoffice.domain.ShowCommand;
import dev.boxoffice.domain.ShowDecider;
import dev.boxoffice.domain.ShowEvent;
import dev.boxoffice.domain.ShowState;
import java.math.BigDecimal;
import java.util.UUID;

/**
 * The domain's view of rows: a show's state built from its rows, and the domain's reason when a guarded UPDATE
 * changed nothing, so that a CRUD variant refuses exactly as the service does.
 */
final class CrudShowState {

    private static final ShowDecider DECIDER = new ShowDecider();

    private CrudShowState() {
    }

    static ShowState.Show show(UUID id, String title, int seats, BigDecimal price, Integer[] reservedSeats) {
        long[] bits = new long[(seats + Long.SIZE - 1) / Long.SIZE];
        for (int seat : reservedSeats) {
            bits[seat / Long.SIZE] |= 1L << seat;
        }
        return new ShowState.Show(id, title, Hall.of(HallPlan.uniform(seats, price)), SeatMap.of(seats, bits));
    }

    /** What a new show looks like, and the price its seats start at. */
    static ShowState.Show created(ShowCommand.CreateShow create) {
        Hall hall = Hall.of(create.hall());
        return new ShowState.Show(create.showId(), create.title(), hall, SeatMap.allAvailable(hall.size()));
    }

    static CommandOutcome<ShowState> alreadyExists(ShowCommand.CreateShow create) {
        return refusal(create, created(create));
    }

    /** The reason the domain gives for refusing {@code command} in {@code state}; null if it would accept it. */
    static <S> CommandOutcome<S> refusal(ShowCommand command, ShowState state) {
        return DECIDER.decide(command, state) instanceof Decision.Rejected<ShowEvent> rejected
                ? new CommandOutcome.Rejected<>(rejected.rejection()) : null;
    }

    static boolean reserves(ShowCommand command) {
        return command instanceof ShowCommand.ReserveSeat;
    }

    static CommandOutcome<Seat> changed(ShowCommand command, int seatNumber, BigDecimal price) {
        SeatStatus status = reserves(command) ? SeatStatus.RESERVED : SeatStatus.AVAILABLE;
        return new CommandOutcome.Accepted<>(new Seat(seatNumber, status, price), 0);
    }
}
