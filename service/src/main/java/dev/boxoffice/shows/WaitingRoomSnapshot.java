package dev.boxoffice.shows;

import dev.boxoffice.domain.AdmittedBuyers;
import dev.boxoffice.domain.LineSteering;
import dev.boxoffice.domain.Openings;
import dev.boxoffice.domain.WaitingRoom;
import dev.boxoffice.shows.proto.WaitingRoom.Opening;
import java.util.LinkedHashMap;
import java.util.Map;

/** A show's waiting room in its snapshot: what {@link WaitingRoom} keeps, as it keeps it. */
final class WaitingRoomSnapshot {

    private WaitingRoomSnapshot() {
    }

    static dev.boxoffice.shows.proto.WaitingRoom encode(WaitingRoom room) {
        var encoded = dev.boxoffice.shows.proto.WaitingRoom.newBuilder()
                .setSettings(LineEventCodec.settings(room.settings())).setNumbered(room.numbered())
                .setOpened(room.opened()).setLastOpenedAtMillis(room.lastOpenedAtMillis());
        room.lineDraw().ifPresent(draw -> encoded.setDraw(LineEventCodec.draw("", draw)));
        for (Openings.Opening opening : room.openings().list()) {
            var batch = Opening.newBuilder().setFirst(opening.first()).setCount(opening.count()).setAtMillis(opening.atMillis());
            for (long word : opening.claimed()) {
                batch.addClaimed(word);
            }
            encoded.addOpenings(batch);
        }
        long place = 0;
        long lapse = 0;
        for (Map.Entry<Long, Long> buyer : room.buyers().all().entrySet()) {
            encoded.addBuyerPlaceSteps(buyer.getKey() - place).addBuyerLapseSteps(buyer.getValue() - lapse);
            place = buyer.getKey();
            lapse = buyer.getValue();
        }
        encoded.setPaused(room.steering().paused()).setClosed(room.steering().closed());
        room.steering().trail().forEach(controlled -> encoded.addTrail(LineEventCodec.controlled(controlled)));
        return encoded.build();
    }

    static WaitingRoom decode(dev.boxoffice.shows.proto.WaitingRoom room) {
        var openings = room.getOpeningsList().stream().map(batch -> new Openings.Opening(batch.getFirst(), batch.getCount(),
                batch.getAtMillis(), batch.getClaimedList().stream().mapToLong(Long::longValue).toArray())).toList();
        if (room.getBuyerPlaceStepsCount() != room.getBuyerLapseStepsCount()) {
            throw new IllegalArgumentException("a waiting room's buyers have " + room.getBuyerPlaceStepsCount()
                    + " places and " + room.getBuyerLapseStepsCount() + " lapse times");
        }
        Map<Long, Long> buyers = new LinkedHashMap<>();
        long place = 0;
        long lapse = 0;
        for (int i = 0; i < room.getBuyerPlaceStepsCount(); i++) {
            place += room.getBuyerPlaceSteps(i);
            lapse += room.getBuyerLapseSteps(i);
            buyers.put(place, lapse);
        }
        return new WaitingRoom(LineEventCodec.settings(room.getSettings()), room.getNumbered(),
                room.hasDraw() ? LineEventCodec.draw(room.getDraw()) : null, room.getOpened(), room.getLastOpenedAtMillis(),
                Openings.of(openings), AdmittedBuyers.of(buyers), new LineSteering(room.getPaused(), room.getClosed(),
                        room.getTrailList().stream().map(LineEventCodec::controlled).toList()));
    }
}
