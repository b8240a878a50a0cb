package dev.boxoffice.shows;

import com.google.protobuf.InvalidProtocolBufferException;
import dev.boxoffice.domain.ShowEvent;
import dev.boxoffice.domain.ShowEvent.SeatReservationCancelled;
import dev.boxoffice.domain.ShowEvent.SeatReserved;
import dev.boxoffice.domain.ShowEvent.ShowCreated;
import dev.boxoffice.entity.EventCodec;
import java.util.UUID;

/** Show events as Protocol Buffers (see src/main/protobuf/show_events.proto). */
public final class ShowEventCodec implements EventCodec<ShowEvent> {

    static final String SHOW_CREATED = "ShowCreated";
    static final String SEAT_RESERVED = "SeatReserved";
    static final String SEAT_RESERVATION_CANCELLED = "SeatReservationCancelled";

    @Override
    public String typeOf(ShowEvent event) {
        return switch (event) {
            case ShowCreated ignored -> SHOW_CREATED;
            case SeatReserved ignored -> SEAT_RESERVED;
            case SeatReservationCancelled ignored -> SEAT_RESERVATION_CANCELLED;
        };
    }

    @Override
    public byte[] encode(ShowEvent event) {
        return switch (event) {
            case ShowCreated e -> dev.boxoffice.shows.proto.ShowCreated.newBuilder()
                    .setShowId(e.showId().toString()).setTitle(e.title()).setSeatCount(e.seatCount())
                    .setSeatPrice(e.price().toPlainString()).build().toByteArray();
            case SeatReserved e -> dev.boxoffice.shows.proto.SeatReserved.newBuilder()
                    .setShowId(e.showId().toString()).setSeatNumber(e.seatNumber()).build().toByteArray();
            case SeatReservationCancelled e -> dev.boxoffice.shows.proto.SeatReservationCancelled.newBuilder()
                    .setShowId(e.showId().toString()).setSeatNumber(e.seatNumber()).build().toByteArray();
        };
    }

    @Override
    public ShowEvent decode(String type, byte[] payload) {
        try {
            return switch (type) {
                case SHOW_CREATED -> {
                    var e = dev.boxoffice.shows.proto.ShowCreated.parseFrom(payload);
                    UUID id = UUID.fromString(e.getShowId());
                    if (e.getSeatsCount() > 0) { // written by an earlier version: every seat listed
                        var show = ShowSnapshotCodec.availableSeats(id, e.getTitle(), e.getSeatsList());
                        yield new ShowCreated(id, e.getTitle(), show.seatCount(), show.price());
                    }
                    yield new ShowCreated(id, e.getTitle(), e.getSeatCount(), ShowSnapshotCodec.price(e.getSeatPrice()));
                }
                case SEAT_RESERVED -> {
                    var e = dev.boxoffice.shows.proto.SeatReserved.parseFrom(payload);
                    yield new SeatReserved(UUID.fromString(e.getShowId()), e.getSeatNumber());
                }
                case SEAT_RESERVATION_CANCELLED -> {
                    var e = dev.boxoffice.shows.proto.SeatReservationCancelled.parseFrom(payload);
                    yield new SeatReservationCancelled(UUID.fromString(e.getShowId()), e.getSeatNumber());
                }
                default -> throw new IllegalArgumentException("Unknown show event type: " + type);
            };
        } catch (InvalidProtocolBufferException | NumberFormatException e) {
            throw new IllegalArgumentException("Corrupt " + type + " payload", e);
        }
    }
}
