package dev.boxoffice.api;

import dev.boxoffice.domain.Seat;
import dev.boxoffice.domain.ShowState;
import java.math.BigDecimal;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * A show as the API shows it: its hall as runs of rows ({@link HallLayout}, prices by category) and one letter per
 * seat in number order ({@link SeatLetters}). A 100,000-seat hall is about 100 KB, not 100,000 JSON objects.
 */
public record ShowView(String id, String title, HallLayout hall,
        @Schema(description = "One letter per seat in number order: A available, H held, R reserved",
                pattern = "^[AHR]*$", example = "AAHRA") String seats) {

    public static ShowView of(ShowState.Show show) {
        return new ShowView(show.id().toString(), show.title(), HallLayout.of(show.hall().plan()), SeatLetters.of(show));
    }

    /** One seat, as a seat's change answers. */
    public record SeatView(int number, String status, BigDecimal price) {

        public static SeatView of(Seat seat) {
            return new SeatView(seat.number(), seat.status().name(), seat.price());
        }
    }
}
