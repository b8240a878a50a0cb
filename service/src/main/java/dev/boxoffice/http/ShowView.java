package dev.boxoffice.http;

import dev.boxoffice.domain.Seat;
import java.math.BigDecimal;
import dev.boxoffice.domain.ShowState;
import java.util.List;

/** A show as the API shows it: seats in number order. */
public record ShowView(String id, String title, List<SeatView> seats) {

    static ShowView of(ShowState.Show show) {
        return new ShowView(show.id().toString(), show.title(), show.seats().stream().map(SeatView::of).toList());
    }

    public record SeatView(int number, String status, BigDecimal price) {

        static SeatView of(Seat seat) {
            return new SeatView(seat.number(), seat.status().name(), seat.price());
        }
    }
}
