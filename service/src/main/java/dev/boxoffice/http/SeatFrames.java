package dev.boxoffice.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.boxoffice.api.SeatChange;
import dev.boxoffice.api.HallLayout;
import dev.boxoffice.api.SeatLetters;
import dev.boxoffice.api.SeatMapSnapshot;
import dev.boxoffice.domain.ShowEvent;
import dev.boxoffice.domain.ShowEvent.HoldConfirmed;
import dev.boxoffice.domain.ShowEvent.HoldReleased;
import dev.boxoffice.domain.ShowEvent.SeatReservationCancelled;
import dev.boxoffice.domain.ShowEvent.SeatReserved;
import dev.boxoffice.domain.ShowEvent.SeatsHeld;
import dev.boxoffice.domain.ShowEvent.SeatsReserved;
import dev.boxoffice.domain.ShowEvent.ShowCreated;
import dev.boxoffice.domain.ShowState;
import dev.boxoffice.eventstore.RecordedEvent;
import dev.boxoffice.shows.ShowEventCodec;
import io.vertx.core.buffer.Buffer;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * The server-sent events of a show's stream (text/event-stream): a {@code snapshot} of the whole seat map, then one
 * {@code seats} event per committed change, each with the log position of its event as its {@code id}; an
 * {@code end} event before the server closes a stream on purpose; comments to keep idle connections open.
 */
final class SeatFrames {

    static final Buffer HEARTBEAT = Buffer.buffer(": keep-alive\n\n");
    /** How long a browser waits before it reconnects (it sends Last-Event-ID then). */
    static final Buffer RETRY = Buffer.buffer("retry: 1000\n\n");

    private final ObjectMapper json;
    private final ShowEventCodec codec = new ShowEventCodec();

    SeatFrames(ObjectMapper json) {
        this.json = json;
    }

    Buffer snapshot(ShowState.Show show, long version, long position) {
        var snapshot = new SeatMapSnapshot(show.id().toString(), show.title(), show.hall().categories().get(0).price(),
                HallLayout.of(show.hall().plan()), version, SeatLetters.of(show));
        return frame(position, "snapshot", snapshot);
    }

    /** The {@code seats} events of a run of a show's events; empty if none of them changes a seat. */
    Buffer changes(List<RecordedEvent> events) {
        Buffer frames = Buffer.buffer();
        for (RecordedEvent recorded : events) {
            for (ShowEvent event : codec.decode(recorded)) {
                SeatChange change = change(event, recorded);
                if (change != null) {
                    frames.appendBuffer(frame(recorded.position(), "seats", change));
                }
            }
        }
        return frames;
    }

    Buffer end(String reason) {
        return Buffer.buffer("event: end\ndata: " + write(new End(reason)) + "\n\n");
    }

    /** Why the server ended a stream; the client may reconnect with Last-Event-ID. */
    record End(String reason) {
    }

    private static SeatChange change(ShowEvent event, RecordedEvent recorded) {
        long version = recorded.version();
        String at = recorded.recordedAt().toInstant().toString();
        return switch (event) {
            case ShowCreated created -> null;
            case SeatReserved reserved -> new SeatChange(List.of(reserved.seatNumber()), "RESERVED", null, null, null, version, at);
            case SeatReservationCancelled cancelled ->
                    new SeatChange(List.of(cancelled.seatNumber()), "AVAILABLE", null, null, null, version, at);
            case SeatsReserved reserved -> new SeatChange(reserved.seats(), "RESERVED", null, null, null, version, at);
            case SeatsHeld held -> new SeatChange(held.seats(), "HELD", held.holdId().toString(),
                    held.expiresAt().toString(), null, version, at);
            case HoldConfirmed confirmed ->
                    new SeatChange(confirmed.seats(), "RESERVED", confirmed.holdId().toString(), null, null, version, at);
            case HoldReleased released -> new SeatChange(released.seats(), "AVAILABLE", released.holdId().toString(),
                    null, released.reason().name(), version, at);
            default -> null; // the waiting room's events change no seat
        };
    }

    private Buffer frame(long id, String event, Object data) {
        return Buffer.buffer("id: " + id + "\nevent: " + event + "\ndata: " + write(data) + "\n\n");
    }

    private String write(Object data) {
        try {
            return json.writeValueAsString(data);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
