package dev.boxoffice.shows;

import com.google.protobuf.InvalidProtocolBufferException;
import dev.boxoffice.domain.Hall;
import dev.boxoffice.domain.Hold;
import dev.boxoffice.domain.Holds;
import dev.boxoffice.domain.SeatMap;
import dev.boxoffice.domain.ShowRules;
import dev.boxoffice.domain.ShowState;
import dev.boxoffice.entity.StateCodec;
import dev.boxoffice.shows.proto.HoldStatus;
import dev.boxoffice.shows.proto.ShowSnapshot;
import java.math.BigDecimal;
import java.util.List;
import java.util.UUID;

/**
 * Show snapshots as Protocol Buffers: the hall in its compact form ({@link HallCodec}), the reserved and held seats as
 * bit sets, the holds, the waiting room ({@link WaitingRoomSnapshot}).
 * Version 5 has the admitted buyers as columns, version 4 one message each; version 4 brought the compact hall,
 * version 3 had the hall's plan, version 2 a count and a price. A snapshot of an earlier version is not read (the show
 * is rebuilt from its events).
 */
final class ShowSnapshotCodec implements StateCodec<ShowState> {

    @Override
    public int schemaVersion() {
        return 5;
    }

    @Override
    public byte[] encode(ShowState state) {
        if (!(state instanceof ShowState.Show show)) {
            throw new IllegalArgumentException("Only an existing show has a snapshot");
        }
        ShowSnapshot.Builder snapshot = ShowSnapshot.newBuilder().setShowId(show.id().toString()).setTitle(show.title())
                .setCompactHall(HallCodec.encodeCompact(show.hall()));
        for (long word : show.seatMap().reservedWords()) {
            snapshot.addReserved(word);
        }
        if (show.seatMap().heldCount() > 0) {
            for (long word : show.seatMap().heldWords()) {
                snapshot.addHeld(word);
            }
        }
        show.holds().live().forEach(hold -> snapshot.addHolds(encode(hold)));
        show.holds().recentlyEnded().forEach(hold -> snapshot.addHolds(encode(hold)));
        show.waitingRoom().ifPresent(room -> snapshot.setWaitingRoom(WaitingRoomSnapshot.encode(room)));
        return snapshot.build().toByteArray();
    }

    @Override
    public ShowState decode(byte[] payload) {
        try {
            ShowSnapshot snapshot = ShowSnapshot.parseFrom(payload);
            UUID id = UUID.fromString(snapshot.getShowId());
            long[] reserved = longs(snapshot.getReservedList());
            long[] held = longs(snapshot.getHeldList());
            List<Hold> holds = snapshot.getHoldsList().stream().map(ShowSnapshotCodec::decode).toList();
            Hall hall = HallCodec.decode(snapshot.getCompactHall());
            return new ShowState.Show(id, snapshot.getTitle(), hall, SeatMap.of(hall.size(), reserved, held),
                    Holds.of(holds.stream().filter(Hold::isLive).toList(), holds.stream().filter(h -> !h.isLive()).toList()),
                    snapshot.hasWaitingRoom() ? WaitingRoomSnapshot.decode(snapshot.getWaitingRoom()) : null);
        } catch (InvalidProtocolBufferException | RuntimeException e) {
            throw new IllegalArgumentException("Corrupt show snapshot", e);
        }
    }

    private static dev.boxoffice.shows.proto.Hold encode(Hold hold) {
        var encoded = dev.boxoffice.shows.proto.Hold.newBuilder().setHoldId(ShowEventCodec.bytes(hold.id()))
                .setExpiresAtMillis(hold.expiresAtMillis()).setStatus(HoldStatus.valueOf("HOLD_STATUS_" + hold.status().name()));
        for (int seat : hold.seats()) {
            encoded.addSeats(seat);
        }
        return encoded.build();
    }

    private static Hold decode(dev.boxoffice.shows.proto.Hold hold) {
        return new Hold(ShowEventCodec.uuid(hold.getHoldId()), hold.getSeatsList().stream().mapToInt(Integer::intValue).toArray(),
                hold.getExpiresAtMillis(), dev.boxoffice.domain.HoldStatus.valueOf(hold.getStatus().name().substring("HOLD_STATUS_".length())));
    }

    /** The shared initial price when it is that price, so that a million shows do not hold a million copies. */
    private static long[] longs(List<Long> values) {
        long[] longs = new long[values.size()];
        for (int i = 0; i < longs.length; i++) {
            longs[i] = values.get(i);
        }
        return longs;
    }

    static BigDecimal price(String text) {
        BigDecimal price = new BigDecimal(text);
        return price.equals(ShowRules.INITIAL_SEAT_PRICE) ? ShowRules.INITIAL_SEAT_PRICE : price;
    }
}
