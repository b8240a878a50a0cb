package dev.boxoffice.shows;

import static dev.boxoffice.shows.ShowEventCodec.HOLD_CONFIRMED;
import static dev.boxoffice.shows.ShowEventCodec.HOLD_RELEASED;
import static dev.boxoffice.shows.ShowEventCodec.SEATS_HELD;
import static dev.boxoffice.shows.ShowEventCodec.SHOW_CREATED;

import com.google.protobuf.ByteString;
import com.google.protobuf.Message;
import dev.boxoffice.domain.HallPlan;
import dev.boxoffice.entity.Upcasters;
import dev.boxoffice.entity.Upcasters.Stored;
import dev.boxoffice.shows.proto.HoldConfirmed;
import dev.boxoffice.shows.proto.HoldReleased;
import dev.boxoffice.shows.proto.Seat;
import dev.boxoffice.shows.proto.SeatStatus;
import dev.boxoffice.shows.proto.SeatsHeld;
import dev.boxoffice.shows.proto.ShowCreated;
import java.math.BigDecimal;
import java.util.List;
import java.util.UUID;

/** How show events stored in an earlier schema version become current: one step per change, oldest first. */
final class ShowEventUpcasters {

    /** ShowCreated version 2: the seats as a count and a price; version 1 could list every seat instead. */
    static final int SEATS_AS_COUNT_AND_PRICE = 2;

    /** ShowCreated version 3: a hall of sections, rows and categories; version 2's count and price are one of them. */
    static final int HALL = 3;

    /** SeatsHeld, HoldConfirmed and HoldReleased version 2: the hold id as 16 bytes; version 1 had its 36 characters. */
    static final int HOLD_ID_AS_BYTES = 2;

    private ShowEventUpcasters() {
    }

    static Upcasters all() {
        return new Upcasters()
                .from(SHOW_CREATED, 1, payload -> next(SHOW_CREATED, SEATS_AS_COUNT_AND_PRICE,
                        seatsAsCountAndPrice(ShowCreated.parseFrom(payload))))
                .from(SHOW_CREATED, SEATS_AS_COUNT_AND_PRICE, payload -> next(SHOW_CREATED, HALL,
                        countAndPriceAsHall(ShowCreated.parseFrom(payload))))
                // Field 2 was a string and is bytes now: the same wire type, so version 1 parses, holding the text.
                .from(SEATS_HELD, 1, payload -> {
                    SeatsHeld held = SeatsHeld.parseFrom(payload);
                    return next(SEATS_HELD, HOLD_ID_AS_BYTES, held.toBuilder().setHoldId(holdIdAsBytes(held.getHoldId())).build());
                })
                .from(HOLD_CONFIRMED, 1, payload -> {
                    HoldConfirmed confirmed = HoldConfirmed.parseFrom(payload);
                    return next(HOLD_CONFIRMED, HOLD_ID_AS_BYTES,
                            confirmed.toBuilder().setHoldId(holdIdAsBytes(confirmed.getHoldId())).build());
                })
                .from(HOLD_RELEASED, 1, payload -> {
                    HoldReleased released = HoldReleased.parseFrom(payload);
                    return next(HOLD_RELEASED, HOLD_ID_AS_BYTES,
                            released.toBuilder().setHoldId(holdIdAsBytes(released.getHoldId())).build());
                });
    }

    private static List<Stored> next(String type, int schemaVersion, Message payload) {
        return List.of(new Stored(type, schemaVersion, payload.toByteArray()));
    }

    /** Version 1's list of seats, every one available, numbered in order, at one price: their count and price. */
    private static ShowCreated seatsAsCountAndPrice(ShowCreated created) {
        List<Seat> seats = created.getSeatsList();
        for (int i = 0; i < seats.size(); i++) {
            Seat seat = seats.get(i);
            if (seat.getNumber() != i || !seat.getPrice().equals(seats.get(0).getPrice())
                    || seat.getStatus() != SeatStatus.SEAT_STATUS_AVAILABLE) {
                throw new IllegalArgumentException("a new show's seats are all available, in order, at one price");
            }
        }
        return seats.isEmpty() ? created
                : created.toBuilder().clearSeats().setSeatCount(seats.size()).setSeatPrice(seats.get(0).getPrice()).build();
    }

    /** Version 2's seats, all at one price: the hall a show created by its seat count gets. */
    private static ShowCreated countAndPriceAsHall(ShowCreated created) {
        HallPlan hall = HallPlan.uniform(created.getSeatCount(), new BigDecimal(created.getSeatPrice()));
        return created.toBuilder().clearSeatCount().clearSeatPrice().setHall(HallCodec.encode(hall)).build();
    }

    private static ByteString holdIdAsBytes(ByteString text) {
        return ShowEventCodec.bytes(UUID.fromString(text.toStringUtf8()));
    }
}
