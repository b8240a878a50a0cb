package dev.boxoffice.shows;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import dev.boxoffice.domain.LineControl;
import dev.boxoffice.domain.LineDraw;
import dev.boxoffice.domain.ShowEvent;
import dev.boxoffice.domain.ShowEvent.ArrivalsNumbered;
import dev.boxoffice.domain.ShowEvent.BuyerAdmitted;
import dev.boxoffice.domain.ShowEvent.BuyerLeft;
import dev.boxoffice.domain.ShowEvent.LineControlled;
import dev.boxoffice.domain.ShowEvent.LineDrawn;
import dev.boxoffice.domain.ShowEvent.PlacesOpened;
import dev.boxoffice.domain.ShowEvent.WaitingRoomSet;
import dev.boxoffice.domain.WaitingRoomSettings;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

/** The waiting room's events of a show as Protocol Buffers, all in schema version 1 (see {@link ShowEventCodec}). */
final class LineEventCodec {

    static final String WAITING_ROOM_SET = "WaitingRoomSet";
    static final String ARRIVALS_NUMBERED = "ArrivalsNumbered";
    static final String LINE_DRAWN = "LineDrawn";
    static final String PLACES_OPENED = "PlacesOpened";
    static final String BUYER_ADMITTED = "BuyerAdmitted";
    static final String BUYER_LEFT = "BuyerLeft";
    static final String LINE_CONTROLLED = "LineControlled";

    private LineEventCodec() {
    }

    static boolean isLineEvent(String type) {
        return switch (type) {
            case WAITING_ROOM_SET, ARRIVALS_NUMBERED, LINE_DRAWN, PLACES_OPENED, BUYER_ADMITTED, BUYER_LEFT, LINE_CONTROLLED -> true;
            default -> false;
        };
    }

    /** The stored type of a waiting room's event; null for any other event. */
    static String typeOf(ShowEvent event) {
        return switch (event) {
            case WaitingRoomSet ignored -> WAITING_ROOM_SET;
            case ArrivalsNumbered ignored -> ARRIVALS_NUMBERED;
            case LineDrawn ignored -> LINE_DRAWN;
            case PlacesOpened ignored -> PLACES_OPENED;
            case BuyerAdmitted ignored -> BUYER_ADMITTED;
            case BuyerLeft ignored -> BUYER_LEFT;
            case LineControlled ignored -> LINE_CONTROLLED;
            default -> null;
        };
    }

    static byte[] encode(ShowEvent event) {
        return switch (event) {
            case WaitingRoomSet e -> dev.boxoffice.shows.proto.WaitingRoomSet.newBuilder().setShowId(e.showId().toString())
                    .setSettings(settings(e.settings())).build().toByteArray();
            case ArrivalsNumbered e -> dev.boxoffice.shows.proto.ArrivalsNumbered.newBuilder().setShowId(e.showId().toString())
                    .setUpTo(e.upTo()).build().toByteArray();
            case LineDrawn e -> draw(e.showId().toString(), e.draw()).toByteArray();
            case PlacesOpened e -> dev.boxoffice.shows.proto.PlacesOpened.newBuilder().setShowId(e.showId().toString())
                    .setUpTo(e.upTo()).setAtMillis(e.at().toEpochMilli()).build().toByteArray();
            case BuyerAdmitted e -> dev.boxoffice.shows.proto.BuyerAdmitted.newBuilder().setShowId(e.showId().toString())
                    .setPlace(e.place()).setLapsesAtMillis(e.lapsesAt().toEpochMilli()).setAtMillis(e.at().toEpochMilli())
                    .build().toByteArray();
            case BuyerLeft e -> dev.boxoffice.shows.proto.BuyerLeft.newBuilder().setShowId(e.showId().toString())
                    .setPlace(e.place()).build().toByteArray();
            case LineControlled e -> controlled(e).toByteArray();
            default -> throw new IllegalArgumentException("not a waiting room's event: " + event);
        };
    }

    static ShowEvent decode(String type, byte[] payload) throws InvalidProtocolBufferException {
        return switch (type) {
            case WAITING_ROOM_SET -> {
                var e = dev.boxoffice.shows.proto.WaitingRoomSet.parseFrom(payload);
                yield new WaitingRoomSet(UUID.fromString(e.getShowId()), settings(e.getSettings()));
            }
            case ARRIVALS_NUMBERED -> {
                var e = dev.boxoffice.shows.proto.ArrivalsNumbered.parseFrom(payload);
                yield new ArrivalsNumbered(UUID.fromString(e.getShowId()), e.getUpTo());
            }
            case LINE_DRAWN -> {
                var e = dev.boxoffice.shows.proto.LineDrawn.parseFrom(payload);
                yield new LineDrawn(UUID.fromString(e.getShowId()), draw(e));
            }
            case PLACES_OPENED -> {
                var e = dev.boxoffice.shows.proto.PlacesOpened.parseFrom(payload);
                yield new PlacesOpened(UUID.fromString(e.getShowId()), e.getUpTo(), Instant.ofEpochMilli(e.getAtMillis()));
            }
            case BUYER_ADMITTED -> {
                var e = dev.boxoffice.shows.proto.BuyerAdmitted.parseFrom(payload);
                yield new BuyerAdmitted(UUID.fromString(e.getShowId()), e.getPlace(),
                        Instant.ofEpochMilli(e.getLapsesAtMillis()), Instant.ofEpochMilli(e.getAtMillis()));
            }
            case BUYER_LEFT -> {
                var e = dev.boxoffice.shows.proto.BuyerLeft.parseFrom(payload);
                yield new BuyerLeft(UUID.fromString(e.getShowId()), e.getPlace());
            }
            case LINE_CONTROLLED -> controlled(dev.boxoffice.shows.proto.LineControlled.parseFrom(payload));
            default -> throw new IllegalArgumentException("not a waiting room's event type: " + type);
        };
    }

    static dev.boxoffice.shows.proto.WaitingRoomSettings settings(WaitingRoomSettings settings) {
        return dev.boxoffice.shows.proto.WaitingRoomSettings.newBuilder()
                .setOnSaleAtMillis(settings.onSaleAt().toEpochMilli()).setAdmitPerSecond(settings.admitPerSecond())
                .setMaxActive(settings.maxActive()).setAdmissionTtlMillis(settings.admissionTtl().toMillis()).build();
    }

    static WaitingRoomSettings settings(dev.boxoffice.shows.proto.WaitingRoomSettings settings) {
        return new WaitingRoomSettings(Instant.ofEpochMilli(settings.getOnSaleAtMillis()), settings.getAdmitPerSecond(),
                settings.getMaxActive(), Duration.ofMillis(settings.getAdmissionTtlMillis()));
    }

    static dev.boxoffice.shows.proto.LineControlled controlled(LineControlled event) {
        var encoded = dev.boxoffice.shows.proto.LineControlled.newBuilder().setShowId(event.showId().toString())
                .setOperator(event.operator()).setAtMillis(event.at().toEpochMilli());
        switch (event.control()) {
            case LineControl.SetRate rate -> encoded.setSetRate(rate.admitPerSecond());
            case LineControl.SetMaxActive max -> encoded.setSetMaxActive(max.maxActive());
            case LineControl.Pause pause -> encoded.setPause(true);
            case LineControl.Resume resume -> encoded.setResume(true);
            case LineControl.Close close -> encoded.setClose(true);
        }
        return encoded.build();
    }

    static LineControlled controlled(dev.boxoffice.shows.proto.LineControlled event) {
        LineControl control = switch (event.getControlCase()) {
            case SET_RATE -> new LineControl.SetRate(event.getSetRate());
            case SET_MAX_ACTIVE -> new LineControl.SetMaxActive(event.getSetMaxActive());
            case PAUSE -> new LineControl.Pause();
            case RESUME -> new LineControl.Resume();
            case CLOSE -> new LineControl.Close();
            case CONTROL_NOT_SET -> throw new IllegalArgumentException("a line's control without one");
        };
        return new LineControlled(UUID.fromString(event.getShowId()), control, event.getOperator(),
                Instant.ofEpochMilli(event.getAtMillis()));
    }

    static dev.boxoffice.shows.proto.LineDrawn draw(String showId, LineDraw draw) {
        return dev.boxoffice.shows.proto.LineDrawn.newBuilder().setShowId(showId).setSeed(ByteString.copyFrom(draw.seed()))
                .setCount(draw.count()).setAtMillis(draw.atMillis()).build();
    }

    static LineDraw draw(dev.boxoffice.shows.proto.LineDrawn drawn) {
        return new LineDraw(drawn.getSeed().toByteArray(), drawn.getCount(), drawn.getAtMillis());
    }
}
