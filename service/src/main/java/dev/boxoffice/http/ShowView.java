package dev.boxoffice.http;

import dev.boxoffice.domain.Seat;
import dev.boxoffice.domain.SeatStatus;
import dev.boxoffice.domain.ShowState;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/** A show as the API shows it: seats in number order. */
public record ShowView(String id, String title, List<SeatView> seats) {

    private static final String AVAILABLE = SeatStatus.AVAILABLE.name();
    private static final String RESERVED = SeatStatus.RESERVED.name();

    static ShowView of(ShowState.Show show) {
        List<SeatView> seats = new ArrayList<>(show.seatCount());
        for (int number = 0; number < show.seatCount(); number++) {
            seats.add(new SeatView(number, show.seatMap().isReserved(number) ? RESERVED : AVAILABLE, show.price()));
        }
        return new ShowView(show.id().toString(), show.title(), seats);
    }

    public record SeatView(int number, String status, BigDecimal price) {

        static SeatView of(Seat seat) {
            return new SeatView(seat.number(), seat.status().name(), seat.price());
        }
    }
}
