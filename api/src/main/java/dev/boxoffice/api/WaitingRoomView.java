package dev.boxoffice.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.boxoffice.domain.LineControl;
import dev.boxoffice.domain.LineDraw;
import dev.boxoffice.domain.ShowEvent;
import dev.boxoffice.domain.ShowState;
import dev.boxoffice.domain.WaitingRoom;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;

/**
 * A show's waiting room, for anyone to audit: its settings, the on-sale's draw (the seed and how many numbers it
 * placed: with them anyone recomputes every pre-start place, see docs/waiting-room.md), how many arrival numbers are
 * recorded, how many places are called, how many buyers are admitted now, the rate places are called at lately, and
 * how many seats are on sale and held (none on sale: nobody is called until seats come back); whether its operators
 * paused or closed it, and their latest controls, oldest first (its audit trail).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record WaitingRoomView(String showId, Instant onSaleAt, int admitPerSecond, int maxActive,
        long admissionTtlSeconds, Draw draw, long numbered, long called, int admittedNow, double admissionRatePerSecond,
        int seatsAvailable, int seatsHeld, boolean paused, boolean closed, List<Control> controls) {

    /** An operator's control: what (SET_RATE, SET_MAX_ACTIVE with value; PAUSE, RESUME, CLOSE), by whom, when. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Control(String action, Integer value, String operator, Instant at) {

        static Control of(ShowEvent.LineControlled controlled) {
            return switch (controlled.control()) {
                case LineControl.SetRate rate -> new Control("SET_RATE", rate.admitPerSecond(), controlled.operator(), controlled.at());
                case LineControl.SetMaxActive max -> new Control("SET_MAX_ACTIVE", max.maxActive(), controlled.operator(), controlled.at());
                case LineControl.Pause pause -> new Control("PAUSE", null, controlled.operator(), controlled.at());
                case LineControl.Resume resume -> new Control("RESUME", null, controlled.operator(), controlled.at());
                case LineControl.Close close -> new Control("CLOSE", null, controlled.operator(), controlled.at());
            };
        }
    }

    /** The on-sale's draw: arrival numbers below count get places from the seed; later ones the place of their number. */
    public record Draw(String seed, long count, Instant at) {
    }

    public static WaitingRoomView of(ShowState.Show show, Instant now) {
        WaitingRoom room = show.waitingRoom().orElseThrow();
        var settings = room.settings();
        Draw draw = room.lineDraw().map(WaitingRoomView::draw).orElse(null);
        double rate = Math.round(room.admissionRate(now.toEpochMilli()) * 10) / 10.0;
        return new WaitingRoomView(show.id().toString(), settings.onSaleAt(), settings.admitPerSecond(), settings.maxActive(),
                settings.admissionTtl().toSeconds(), draw, room.numbered(), room.opened(), room.activeAt(now.toEpochMilli()), rate,
                show.seatMap().availableCount(), show.seatMap().heldCount(), room.steering().paused(), room.steering().closed(),
                room.steering().trail().stream().map(Control::of).toList());
    }

    private static Draw draw(LineDraw draw) {
        return new Draw(HexFormat.of().formatHex(draw.seed()), draw.count(), Instant.ofEpochMilli(draw.atMillis()));
    }
}
