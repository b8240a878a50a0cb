package dev.boxoffice.shows;

import com.google.protobuf.InvalidProtocolBufferException;
import dev.boxoffice.domain.Seat;
import dev.boxoffice.domain.SeatStatus;
import dev.boxoffice.domain.ShowState;
import dev.boxoffice.entity.StateCodec;
import dev.boxoffice.shows.proto.ShowSnapshot;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/** Show snapshots (and the seats they share with ShowCreated) as Protocol Buffers. */
final class ShowSnapshotCodec implements StateCodec<ShowState> {

    @Override
    public byte[] encode(ShowState state) {
        if (!(state instanceof ShowState.Show show)) {
            throw new IllegalArgumentException("Only an existing show has a snapshot");
        }
        return ShowSnapshot.newBuilder().setShowId(show.id().toString()).setTitle(show.title())
                .addAllSeats(toProto(show.seats())).build().toByteArray();
    }

    @Override
    public ShowState decode(byte[] payload) {
        try {
            ShowSnapshot snapshot = ShowSnapshot.parseFrom(payload);
            return new ShowState.Show(UUID.fromString(snapshot.getShowId()), snapshot.getTitle(),
                    fromProto(snapshot.getSeatsList()));
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalArgumentException("Corrupt show snapshot", e);
        }
    }

    static List<dev.boxoffice.shows.proto.Seat> toProto(List<Seat> seats) {
        List<dev.boxoffice.shows.proto.Seat> result = new ArrayList<>(seats.size());
        for (Seat seat : seats) {
            result.add(dev.boxoffice.shows.proto.Seat.newBuilder()
                    .setNumber(seat.number())
                    .setStatus(seat.isAvailable()
                            ? dev.boxoffice.shows.proto.SeatStatus.SEAT_STATUS_AVAILABLE
                            : dev.boxoffice.shows.proto.SeatStatus.SEAT_STATUS_RESERVED)
                    .setPrice(seat.price().toPlainString())
                    .build());
        }
        return result;
    }

    static List<Seat> fromProto(List<dev.boxoffice.shows.proto.Seat> seats) {
        List<Seat> result = new ArrayList<>(seats.size());
        for (dev.boxoffice.shows.proto.Seat seat : seats) {
            SeatStatus status = switch (seat.getStatus()) {
                case SEAT_STATUS_AVAILABLE -> SeatStatus.AVAILABLE;
                case SEAT_STATUS_RESERVED -> SeatStatus.RESERVED;
                default -> throw new IllegalArgumentException("Seat " + seat.getNumber() + " has no status");
            };
            result.add(new Seat(seat.getNumber(), status, new BigDecimal(seat.getPrice())));
        }
        return result;
    }
}
