package dev.boxoffice.api;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import dev.boxoffice.domain.Hall;
import dev.boxoffice.domain.Seat;
import dev.boxoffice.domain.ShowState;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.AbstractList;
import java.util.List;

/**
 * A show as the API shows it: its hall ({@link HallLayout}), and its seats in number order. Its seats are a view of
 * the show's seat map, written straight from it: a hall of 10,000 seats is about 480 KB of JSON, and making an
 * object per seat first cost more than the rest of the request.
 */
@JsonSerialize(using = ShowView.Writer.class)
public record ShowView(String id, String title, HallLayout hall, List<SeatView> seats) {

    public static ShowView of(ShowState.Show show) {
        return new ShowView(show.id().toString(), show.title(), HallLayout.of(show.hall().plan()), new Seats(show));
    }

    public record SeatView(int number, String status, BigDecimal price) {

        public static SeatView of(Seat seat) {
            return new SeatView(seat.number(), seat.status().name(), seat.price());
        }
    }

    /** The seats of a show, each made only when asked for. */
    private static final class Seats extends AbstractList<SeatView> {

        private final ShowState.Show show;

        Seats(ShowState.Show show) {
            this.show = show;
        }

        @Override
        public SeatView get(int number) {
            return new SeatView(number, status(show, number), show.hall().price(number));
        }

        @Override
        public int size() {
            return show.seatCount();
        }
    }

    private static String status(ShowState.Show show, int number) {
        return show.seatMap().status(number).name();
    }

    /** Writes the same JSON as Jackson would for the record, without a seat object or a price rendering per seat. */
    static final class Writer extends StdSerializer<ShowView> {

        Writer() {
            super(ShowView.class);
        }

        @Override
        public void serialize(ShowView view, JsonGenerator json, SerializerProvider provider) throws IOException {
            json.writeStartObject();
            json.writeStringField("id", view.id());
            json.writeStringField("title", view.title());
            json.writeFieldName("hall");
            provider.defaultSerializeValue(view.hall(), json);
            json.writeArrayFieldStart("seats");
            if (view.seats() instanceof Seats seats) {
                Hall hall = seats.show.hall();
                String[] prices = hall.categories().stream().map(category -> category.price().toString()).toArray(String[]::new);
                for (int row = 0; row < hall.rowCount(); row++) {
                    String price = prices[hall.rowCategory(row)];
                    for (int number = hall.firstSeatOf(row); number < hall.firstSeatOf(row) + hall.seatsIn(row); number++) {
                        json.writeStartObject();
                        json.writeNumberField("number", number);
                        json.writeStringField("status", status(seats.show, number));
                        json.writeFieldName("price");
                        json.writeNumber(price);
                        json.writeEndObject();
                    }
                }
            } else {
                for (SeatView seat : view.seats()) {
                    provider.defaultSerializeValue(seat, json);
                }
            }
            json.writeEndArray();
            json.writeEndObject();
        }
    }
}
