package dev.boxoffice.shows;

import com.google.protobuf.InvalidProtocolBufferException;
import dev.boxoffice.domain.ShowEvent;
import dev.boxoffice.domain.ShowEvent.HoldConfirmed;
import dev.boxoffice.domain.ShowEvent.HoldReleased;
import dev.boxoffice.domain.ShowEvent.SeatReservationCancelled;
import dev.boxoffice.domain.ShowEvent.SeatReserved;
import dev.boxoffice.domain.ShowEvent.SeatsHeld;
import dev.boxoffice.domain.ShowEvent.SeatsReserved;
import dev.boxoffice.domain.ShowEvent.ShowCreated;
import dev.boxoffice.entity.EventCodec;
import dev.boxoffice.shows.proto.ReleaseReason;
import java.time.Instant;
import java.util.UUID;

/**
 * Show events as Protocol Buffers (see src/main/protobuf/show_events.proto). The stored type names are spelled out,
 * not taken from the class names, so that renaming a record never orphans the events already written.
 */
public final class ShowEventCodec implements EventCodec<ShowEvent> {

    static final String SHOW_CREATED = "ShowCreated";
    static final String SEAT_RESERVED = "SeatReserved";
    static final String SEAT_RESERVATION_CANCELLED = "SeatReservationCancelled";
    static final String SEATS_RESERVED = "SeatsReserved";
    static final String SEATS_HELD = "SeatsHeld";
    static final String HOLD_CONFIRMED = "HoldConfirmed";
    static final String HOLD_RELEASED = "HoldReleased";

    @Override
    public String typeOf(ShowEvent event) {
        return switch (event) {
            case ShowCreated ignored -> SHOW_CREATED;
            case SeatReserved ignored -> SEAT_RESERVED;
            case SeatReservationCancelled ignored -> SEAT_RESERVATION_CANCELLED;
            case SeatsReserved ignored -> SEATS_RESERVED;
            case SeatsHeld ignored -> SEATS_HELD;
            case HoldConfirmed ignored -> HOLD_CONFIRMED;
            case HoldReleased ignored -> HOLD_RELEASED;
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
            case SeatsReserved e -> dev.boxoffice.shows.proto.SeatsReserved.newBuilder()
                    .setShowId(e.showId().toString()).addAllSeats(e.seats()).build().toByteArray();
            case SeatsHeld e -> dev.boxoffice.shows.proto.SeatsHeld.newBuilder().setShowId(e.showId().toString())
                    .setHoldId(e.holdId().toString()).addAllSeats(e.seats()).setExpiresAtMillis(e.expiresAt().toEpochMilli())
                    .build().toByteArray();
            case HoldConfirmed e -> dev.boxoffice.shows.proto.HoldConfirmed.newBuilder().setShowId(e.showId().toString())
                    .setHoldId(e.holdId().toString()).addAllSeats(e.seats()).build().toByteArray();
            case HoldReleased e -> dev.boxoffice.shows.proto.HoldReleased.newBuilder().setShowId(e.showId().toString())
                    .setHoldId(e.holdId().toString()).addAllSeats(e.seats())
                    .setReason(e.reason() == HoldReleased.Reason.EXPIRED ? ReleaseReason.RELEASE_REASON_EXPIRED
                            : ReleaseReason.RELEASE_REASON_CANCELLED).build().toByteArray();
        };
    }

    @Override
    public ShowEvent decode(String type, byte[] payload) {
        try {
            return switch (type) {
                case SHOW_CREATED -> showCreated(dev.boxoffice.shows.proto.ShowCreated.parseFrom(payload));
                case SEAT_RESERVED -> {
                    var e = dev.boxoffice.shows.proto.SeatReserved.parseFrom(payload);
                    yield new SeatReserved(UUID.fromString(e.getShowId()), e.getSeatNumber());
                }
                case SEAT_RESERVATION_CANCELLED -> {
                    var e = dev.boxoffice.shows.proto.SeatReservationCancelled.parseFrom(payload);
                    yield new SeatReservationCancelled(UUID.fromString(e.getShowId()), e.getSeatNumber());
                }
                case SEATS_RESERVED -> {
                    var e = dev.boxoffice.shows.proto.SeatsReserved.parseFrom(payload);
                    yield new SeatsReserved(UUID.fromString(e.getShowId()), e.getSeatsList());
                }
                case SEATS_HELD -> {
                    var e = dev.boxoffice.shows.proto.SeatsHeld.parseFrom(payload);
                    yield new SeatsHeld(UUID.fromString(e.getShowId()), UUID.fromString(e.getHoldId()), e.getSeatsList(),
                            Instant.ofEpochMilli(e.getExpiresAtMillis()));
                }
                case HOLD_CONFIRMED -> {
                    var e = dev.boxoffice.shows.proto.HoldConfirmed.parseFrom(payload);
                    yield new HoldConfirmed(UUID.fromString(e.getShowId()), UUID.fromString(e.getHoldId()), e.getSeatsList());
                }
                case HOLD_RELEASED -> {
                    var e = dev.boxoffice.shows.proto.HoldReleased.parseFrom(payload);
                    yield new HoldReleased(UUID.fromString(e.getShowId()), UUID.fromString(e.getHoldId()), e.getSeatsList(),
                            e.getReason() == ReleaseReason.RELEASE_REASON_EXPIRED ? HoldReleased.Reason.EXPIRED
                                    : HoldReleased.Reason.CANCELLED);
                }
                default -> throw new IllegalArgumentException("Unknown show event type: " + type);
            };
        } catch (InvalidProtocolBufferException | NumberFormatException e) {
            throw new IllegalArgumentException("Corrupt " + type + " payload", e);
        }
    }

    private static ShowCreated showCreated(dev.boxoffice.shows.proto.ShowCreated e) {
        UUID id = UUID.fromString(e.getShowId());
        if (e.getSeatsCount() > 0) { // written by an earlier version: every seat listed
            var show = ShowSnapshotCodec.availableSeats(id, e.getTitle(), e.getSeatsList());
            return new ShowCreated(id, e.getTitle(), show.seatCount(), show.price());
        }
        return new ShowCreated(id, e.getTitle(), e.getSeatCount(), ShowSnapshotCodec.price(e.getSeatPrice()));
    }
}
