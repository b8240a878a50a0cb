package dev.boxoffice.line;

import dev.boxoffice.domain.LineDraw;
import dev.boxoffice.domain.SeatSupply;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.util.HexFormat;

/**
 * A waiting room's public record as a node served it ({@code GET /shows/{id}/queue}): what the line service needs to
 * answer a waiting ticket (the settings' rate and on-sale, the draw, the numbers recorded, the places called, whether
 * seats are on sale, held or sold out, whether the line is paused or closed), and the record's bytes, served as they came.
 */
record RoomRecord(long onSaleAtMillis, int admitPerSecond, LineDraw draw, long numbered, long called, SeatSupply seats,
        boolean paused, boolean closed, Buffer body) {

    static RoomRecord parse(Buffer body) {
        JsonObject room = body.toJsonObject();
        JsonObject drawn = room.getJsonObject("draw");
        LineDraw draw = drawn == null ? null : new LineDraw(HexFormat.of().parseHex(drawn.getString("seed")),
                drawn.getLong("count"), Instant.parse(drawn.getString("at")).toEpochMilli());
        // A node of an earlier build does not say: on sale, as it answers itself.
        SeatSupply seats = SeatSupply.of(room.getInteger("seatsAvailable", 1), room.getInteger("seatsHeld", 0));
        return new RoomRecord(Instant.parse(room.getString("onSaleAt")).toEpochMilli(), room.getInteger("admitPerSecond"),
                draw, room.getLong("numbered"), room.getLong("called"), seats, room.getBoolean("paused", false),
                room.getBoolean("closed", false), body);
    }

    /** What its waiting tickets are told beyond their places. */
    LineOutlook outlook() {
        return new LineOutlook(seats, admitPerSecond, paused);
    }

    /** How far the line got, as far as numbers go: the lowest to hand out is neither drawn nor called. */
    LineNumbers.Progress progress() {
        return new LineNumbers.Progress(numbered, draw == null ? 0 : Math.max(called, draw.count()), draw != null);
    }
}
