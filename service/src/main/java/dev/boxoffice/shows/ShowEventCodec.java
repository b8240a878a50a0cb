package dev.boxoffice.shows;

import com.google.protobuf.ByteString;
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
import dev.boxoffice.entity.Upcasters;
import dev.boxoffice.entity.Upcasters.Stored;
import dev.boxoffice.shows.proto.ReleaseReason;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.UUID;

/**
 * Show events as Protocol Buffers (see src/main/protobuf/show_events.proto), each type in its current schema version.
 * The stored type names are spelled out, not taken from the class names, so that renaming a record never orphans the
 * events already written. Events stored in an earlier version are upcast ({@link ShowEventUpcasters}) and then
 * decoded like the current ones. The waiting room's events are coded by {@link LineEventCodec}.
 */
public final class ShowEventCodec implements EventCodec<ShowEvent> {

    static final String SHOW_CREATED = "ShowCreated";
    static final String SEAT_RESERVED = "SeatReserved";
    static final String SEAT_RESERVATION_CANCELLED = "SeatReservationCancelled";
    static final String SEATS_RESERVED = "SeatsReserved";
    static final String SEATS_HELD = "SeatsHeld";
    static final String HOLD_CONFIRMED = "HoldConfirmed";
    static final String HOLD_RELEASED = "HoldReleased";

    private static final Upcasters UPCASTERS = ShowEventUpcasters.all();

    @Override
    public String typeOf(ShowEvent event) {
        String lineEvent = LineEventCodec.typeOf(event);
        if (lineEvent != null) {
            return lineEvent;
        }
        return switch (event) {
            case ShowCreated ignored -> SHOW_CREATED;
            case SeatReserved ignored -> SEAT_RESERVED;
            case SeatReservationCancelled ignored -> SEAT_RESERVATION_CANCELLED;
            case SeatsReserved ignored -> SEATS_RESERVED;
            case SeatsHeld ignored -> SEATS_HELD;
            case HoldConfirmed ignored -> HOLD_CONFIRMED;
            case HoldReleased ignored -> HOLD_RELEASED;
            default -> throw new IllegalStateException("typed above: " + event);
        };
    }

    @Override
    public int schemaVersion(String type) {
        return switch (type) {
            case SHOW_CREATED -> ShowEventUpcasters.HALL;
            case SEATS_HELD, HOLD_CONFIRMED, HOLD_RELEASED -> ShowEventUpcasters.HOLD_ID_AS_BYTES;
            case SEAT_RESERVED, SEAT_RESERVATION_CANCELLED, SEATS_RESERVED -> 1;
            case String line when LineEventCodec.isLineEvent(line) -> 1;
            default -> throw new IllegalArgumentException("Unknown show event type: " + type);
        };
    }

    @Override
    public byte[] encode(ShowEvent event) {
        if (LineEventCodec.typeOf(event) != null) {
            return LineEventCodec.encode(event);
        }
        return switch (event) {
            case ShowCreated e -> dev.boxoffice.shows.proto.ShowCreated.newBuilder()
                    .setShowId(e.showId().toString()).setTitle(e.title()).setHall(HallCodec.encode(e.hall()))
                    .build().toByteArray();
            case SeatReserved e -> {
                var reserved = dev.boxoffice.shows.proto.SeatReserved.newBuilder()
                        .setShowId(e.showId().toString()).setSeatNumber(e.seatNumber());
                e.leavingBuyer().ifPresent(reserved::setLeavingBuyer);
                yield reserved.build().toByteArray();
            }
            case SeatReservationCancelled e -> dev.boxoffice.shows.proto.SeatReservationCancelled.newBuilder()
                    .setShowId(e.showId().toString()).setSeatNumber(e.seatNumber()).build().toByteArray();
            case SeatsReserved e -> {
                var reserved = dev.boxoffice.shows.proto.SeatsReserved.newBuilder()
                        .setShowId(e.showId().toString()).addAllSeats(e.seats());
                e.leavingBuyer().ifPresent(reserved::setLeavingBuyer);
                yield reserved.build().toByteArray();
            }
            case SeatsHeld e -> dev.boxoffice.shows.proto.SeatsHeld.newBuilder().setShowId(e.showId().toString())
                    .setHoldId(bytes(e.holdId())).addAllSeats(e.seats()).setExpiresAtMillis(e.expiresAt().toEpochMilli())
                    .build().toByteArray();
            case HoldConfirmed e -> {
                var confirmed = dev.boxoffice.shows.proto.HoldConfirmed.newBuilder().setShowId(e.showId().toString())
                        .setHoldId(bytes(e.holdId())).addAllSeats(e.seats());
                e.leavingBuyer().ifPresent(confirmed::setLeavingBuyer);
                yield confirmed.build().toByteArray();
            }
            case HoldReleased e -> {
                var released = dev.boxoffice.shows.proto.HoldReleased.newBuilder().setShowId(e.showId().toString())
                        .setHoldId(bytes(e.holdId())).addAllSeats(e.seats())
                        .setReason(e.reason() == HoldReleased.Reason.EXPIRED ? ReleaseReason.RELEASE_REASON_EXPIRED
                                : ReleaseReason.RELEASE_REASON_CANCELLED);
                e.leavingBuyer().ifPresent(released::setLeavingBuyer);
                yield released.build().toByteArray();
            }
            default -> throw new IllegalStateException("encoded above: " + event);
        };
    }

    @Override
    public List<ShowEvent> decode(String type, int schemaVersion, byte[] payload) {
        int current = schemaVersion(type);
        if (schemaVersion == current) {
            return List.of(decodeCurrent(type, payload));
        }
        if (schemaVersion > current) {
            throw new IllegalArgumentException(type + " version " + schemaVersion + " was written by a newer version"
                    + " of the service (this one reads up to " + current + ")");
        }
        List<Stored> upcast = UPCASTERS.upcast(new Stored(type, schemaVersion, payload));
        List<ShowEvent> events = new ArrayList<>(upcast.size());
        for (Stored stored : upcast) {
            if (stored.schemaVersion() != schemaVersion(stored.type())) {
                throw new IllegalStateException("no upcaster from " + stored.type() + " version " + stored.schemaVersion());
            }
            events.add(decodeCurrent(stored.type(), stored.payload()));
        }
        return events;
    }

    private static ShowEvent decodeCurrent(String type, byte[] payload) {
        try {
            return switch (type) {
                case SHOW_CREATED -> {
                    var e = dev.boxoffice.shows.proto.ShowCreated.parseFrom(payload);
                    yield new ShowCreated(UUID.fromString(e.getShowId()), e.getTitle(), HallCodec.decode(e.getHall()));
                }
                case SEAT_RESERVED -> {
                    var e = dev.boxoffice.shows.proto.SeatReserved.parseFrom(payload);
                    yield new SeatReserved(UUID.fromString(e.getShowId()), e.getSeatNumber(),
                            leavingBuyer(e.hasLeavingBuyer(), e.getLeavingBuyer()));
                }
                case SEAT_RESERVATION_CANCELLED -> {
                    var e = dev.boxoffice.shows.proto.SeatReservationCancelled.parseFrom(payload);
                    yield new SeatReservationCancelled(UUID.fromString(e.getShowId()), e.getSeatNumber());
                }
                case SEATS_RESERVED -> {
                    var e = dev.boxoffice.shows.proto.SeatsReserved.parseFrom(payload);
                    yield new SeatsReserved(UUID.fromString(e.getShowId()), e.getSeatsList(),
                            leavingBuyer(e.hasLeavingBuyer(), e.getLeavingBuyer()));
                }
                case SEATS_HELD -> {
                    var e = dev.boxoffice.shows.proto.SeatsHeld.parseFrom(payload);
                    yield new SeatsHeld(UUID.fromString(e.getShowId()), uuid(e.getHoldId()), e.getSeatsList(),
                            Instant.ofEpochMilli(e.getExpiresAtMillis()));
                }
                case HOLD_CONFIRMED -> {
                    var e = dev.boxoffice.shows.proto.HoldConfirmed.parseFrom(payload);
                    yield new HoldConfirmed(UUID.fromString(e.getShowId()), uuid(e.getHoldId()), e.getSeatsList(),
                            leavingBuyer(e.hasLeavingBuyer(), e.getLeavingBuyer()));
                }
                case HOLD_RELEASED -> {
                    var e = dev.boxoffice.shows.proto.HoldReleased.parseFrom(payload);
                    yield new HoldReleased(UUID.fromString(e.getShowId()), uuid(e.getHoldId()), e.getSeatsList(),
                            e.getReason() == ReleaseReason.RELEASE_REASON_EXPIRED ? HoldReleased.Reason.EXPIRED
                                    : HoldReleased.Reason.CANCELLED, leavingBuyer(e.hasLeavingBuyer(), e.getLeavingBuyer()));
                }
                case String line when LineEventCodec.isLineEvent(line) -> LineEventCodec.decode(line, payload);
                default -> throw new IllegalArgumentException("Unknown show event type: " + type);
            };
        } catch (InvalidProtocolBufferException | IllegalArgumentException e) {
            throw new IllegalArgumentException("Corrupt " + type + " payload", e);
        }
    }

    private static OptionalLong leavingBuyer(boolean present, long place) {
        return present ? OptionalLong.of(place) : OptionalLong.empty();
    }

    /** A UUID as its 16 bytes. */
    static ByteString bytes(UUID id) {
        return ByteString.copyFrom(ByteBuffer.allocate(16).putLong(id.getMostSignificantBits())
                .putLong(id.getLeastSignificantBits()).array());
    }

    static UUID uuid(ByteString bytes) {
        if (bytes.size() != 16) {
            throw new IllegalArgumentException("a UUID is 16 bytes, not " + bytes.size());
        }
        ByteBuffer buffer = bytes.asReadOnlyByteBuffer();
        return new UUID(buffer.getLong(), buffer.getLong());
    }
}
