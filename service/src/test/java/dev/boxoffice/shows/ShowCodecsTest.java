package dev.boxoffice.shows;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import dev.boxoffice.domain.Decision;
import dev.boxoffice.domain.ShowCommand.CreateShow;
import dev.boxoffice.domain.ShowDecider;
import dev.boxoffice.domain.ShowEvent;
import dev.boxoffice.domain.Hall;
import dev.boxoffice.domain.HallPlan;
import dev.boxoffice.domain.Hold;
import dev.boxoffice.domain.HoldStatus;
import dev.boxoffice.domain.ShowEvent.HoldConfirmed;
import dev.boxoffice.domain.ShowEvent.HoldReleased;
import dev.boxoffice.domain.ShowEvent.SeatReservationCancelled;
import dev.boxoffice.domain.ShowEvent.SeatsHeld;
import dev.boxoffice.domain.ShowEvent.SeatsReserved;
import dev.boxoffice.domain.ShowEvent.SeatReserved;
import dev.boxoffice.domain.ShowEvent.ShowCreated;
import dev.boxoffice.domain.ShowRules;
import dev.boxoffice.domain.ShowState;
import dev.boxoffice.shows.proto.Seat;
import dev.boxoffice.shows.proto.SeatStatus;
import dev.boxoffice.shows.proto.ReleaseReason;
import java.math.BigDecimal;
import dev.boxoffice.domain.LineControl;
import dev.boxoffice.domain.LineDraw;
import dev.boxoffice.domain.ShowCommand;
import dev.boxoffice.domain.ShowCommand.AsAdmittedBuyer;
import dev.boxoffice.domain.ShowCommand.ClaimAdmission;
import dev.boxoffice.domain.ShowCommand.ControlLine;
import dev.boxoffice.domain.ShowCommand.DrawLine;
import dev.boxoffice.domain.ShowCommand.NumberArrivals;
import dev.boxoffice.domain.ShowCommand.OpenPlaces;
import dev.boxoffice.domain.ShowCommand.ReserveSeat;
import dev.boxoffice.domain.ShowEvent.ArrivalsNumbered;
import dev.boxoffice.domain.ShowEvent.BuyerAdmitted;
import dev.boxoffice.domain.ShowEvent.BuyerLeft;
import dev.boxoffice.domain.ShowEvent.LineControlled;
import dev.boxoffice.domain.ShowEvent.LineDrawn;
import dev.boxoffice.domain.ShowEvent.PlacesOpened;
import dev.boxoffice.domain.ShowEvent.WaitingRoomSet;
import dev.boxoffice.domain.WaitingRoom;
import dev.boxoffice.domain.WaitingRoomSettings;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class ShowCodecsTest {

    private final ShowEventCodec events = new ShowEventCodec();
    private final ShowSnapshotCodec snapshots = new ShowSnapshotCodec();
    private final ShowDecider decider = new ShowDecider();
    private final UUID showId = UUID.randomUUID();

    @Test
    void everyEventSurvivesARoundTrip() {
        ShowEvent created = ((Decision.Accepted<ShowEvent>) decider.decide(
                new CreateShow(showId, "Hamlet – première", 50), ShowState.NOT_CREATED)).events().get(0);
        UUID holdId = UUID.randomUUID();
        for (ShowEvent event : List.of(created, new SeatReserved(showId, 49), new SeatReservationCancelled(showId, 0),
                new SeatsReserved(showId, List.of(1, 2, 3)),
                new SeatsHeld(showId, holdId, List.of(7, 8), Instant.parse("2026-11-25T10:15:30.123Z")),
                new HoldConfirmed(showId, holdId, List.of(7, 8)),
                new HoldReleased(showId, holdId, List.of(7, 8), HoldReleased.Reason.CANCELLED),
                new HoldReleased(showId, holdId, List.of(7, 8), HoldReleased.Reason.EXPIRED))) {
            String type = events.typeOf(event);
            assertThat(events.decode(type, events.schemaVersion(type), events.encode(event))).containsExactly(event);
        }
    }

    @Test
    void everyEventOfAWaitingRoomSurvivesARoundTrip() {
        Instant at = Instant.parse("2026-12-01T10:00:00.250Z");
        for (ShowEvent event : List.of(
                new WaitingRoomSet(showId, new WaitingRoomSettings(at, 50, 400, Duration.ofMinutes(7))),
                new ArrivalsNumbered(showId, 1_234), new LineDrawn(showId, new LineDraw("seed of 16 bytes".getBytes(), 900, 17L)),
                new PlacesOpened(showId, 25, at), new BuyerAdmitted(showId, 7, at.plusSeconds(600), at), new BuyerLeft(showId, 7),
                new SeatReserved(showId, 49, OptionalLong.of(7)), new SeatsReserved(showId, List.of(1, 2), OptionalLong.of(0)),
                new HoldConfirmed(showId, UUID.randomUUID(), List.of(7, 8), OptionalLong.of(1L << 40)),
                new HoldReleased(showId, UUID.randomUUID(), List.of(7), HoldReleased.Reason.CANCELLED, OptionalLong.of(8)),
                new LineControlled(showId, new LineControl.SetRate(30), "Ada", at),
                new LineControlled(showId, new LineControl.SetMaxActive(7), "Ada", at),
                new LineControlled(showId, new LineControl.Pause(), "Grace", at),
                new LineControlled(showId, new LineControl.Resume(), "Grace", at),
                new LineControlled(showId, new LineControl.Close(), "Ada", at))) {
            String type = events.typeOf(event);
            assertThat(events.decode(type, events.schemaVersion(type), events.encode(event))).containsExactly(event);
        }
    }

    @Test
    void aSnapshotKeepsTheWaitingRoomItsDrawCallsAndAdmittedBuyers() {
        Instant onSale = Instant.parse("2026-12-01T10:00:00Z");
        ShowState state = ShowState.NOT_CREATED;
        for (ShowCommand command : List.of(
                new CreateShow(showId, "Tour", 100, Optional.of(new WaitingRoomSettings(onSale, 100, 50))),
                new NumberArrivals(showId, 120), new DrawLine(showId, "seed of 16 bytes".getBytes(), Long.MAX_VALUE, onSale),
                new OpenPlaces(showId, 120, onSale.plusSeconds(1)), new ClaimAdmission(showId, 3, onSale.plusSeconds(2)),
                new ClaimAdmission(showId, 4, onSale.plusSeconds(2)),
                new AsAdmittedBuyer(showId, 4, onSale.plusSeconds(3), new ReserveSeat(showId, 9)),
                new ControlLine(showId, new LineControl.SetRate(30), "Ada", onSale.plusSeconds(3)),
                new ControlLine(showId, new LineControl.Pause(), "Grace", onSale.plusSeconds(4)),
                new ControlLine(showId, new LineControl.Close(), "Ada", onSale.plusSeconds(5)))) {
            for (ShowEvent event : ((Decision.Accepted<ShowEvent>) decider.decide(command, state)).events()) {
                state = decider.evolve(state, event);
            }
        }

        ShowState decoded = snapshots.decode(snapshots.encode(state));

        assertThat(decoded).isEqualTo(state);
        var room = ((ShowState.Show) decoded).waitingRoom().orElseThrow();
        assertThat(room.standing(3, onSale.plusSeconds(3).toEpochMilli())).isEqualTo(WaitingRoom.Standing.ADMITTED);
        assertThat(room.standing(4, onSale.plusSeconds(3).toEpochMilli())).isEqualTo(WaitingRoom.Standing.EXPIRED);
        assertThat(room.standing(5, onSale.plusSeconds(3).toEpochMilli())).isEqualTo(WaitingRoom.Standing.CALLED);
        assertThat(room.placeOf(10)).isEqualTo(((ShowState.Show) state).waitingRoom().orElseThrow().placeOf(10));
        assertThat(room.steering().paused()).isTrue();
        assertThat(room.steering().closed()).isTrue();
        assertThat(room.steering().trail()).hasSize(3);
        assertThat(room.settings().admitPerSecond()).isEqualTo(30);
    }

    /** Claimed out of the order of places, so that lapse times go back as often as forward. */
    @Test
    void aSnapshotKeepsThousandsOfAdmittedBuyersInAFewBytesEach() {
        Instant onSale = Instant.parse("2026-12-01T10:00:00Z");
        ShowState state = ShowState.NOT_CREATED;
        List<ShowEvent> line = List.of(new ShowCreated(showId, "Tour", 100, ShowRules.INITIAL_SEAT_PRICE),
                new WaitingRoomSet(showId, new WaitingRoomSettings(onSale, 10_000, 10_000, Duration.ofMinutes(10))),
                new ArrivalsNumbered(showId, 5_000), new PlacesOpened(showId, 5_000, onSale));
        for (ShowEvent event : line) {
            state = decider.evolve(state, event);
        }
        ShowState empty = state;
        for (long place = 0; place < 5_000; place += 2) {
            Instant claimed = onSale.plusMillis(place % 7 * 311 + place * 3);
            state = decider.evolve(state, new BuyerAdmitted(showId, place, claimed.plusSeconds(600), claimed));
        }

        byte[] encoded = snapshots.encode(state);

        assertThat(snapshots.decode(encoded)).isEqualTo(state);
        assertThat(((ShowState.Show) state).waitingRoom().orElseThrow().buyers().all()).hasSize(2_500);
        assertThat(encoded.length - snapshots.encode(empty).length).as("bytes for 2,500 buyers").isLessThan(2_500 * 5);
    }

    @Test
    void aSnapshotRebuildsTheSameState() {
        ShowState state = decider.evolve(ShowState.NOT_CREATED, ((Decision.Accepted<ShowEvent>) decider.decide(
                new CreateShow(showId, "Hamlet", 5), ShowState.NOT_CREATED)).events().get(0));
        state = decider.evolve(state, new SeatReserved(showId, 3));

        assertThat(snapshots.decode(snapshots.encode(state))).isEqualTo(state);
    }

    @Test
    void aSnapshotKeepsHeldSeatsLiveHoldsAndTheHoldsThatEnded() {
        Instant expiry = Instant.parse("2026-11-25T10:00:00Z");
        UUID live = UUID.randomUUID();
        UUID confirmed = UUID.randomUUID();
        ShowState state = decider.evolve(ShowState.NOT_CREATED, new ShowEvent.ShowCreated(showId, "Holds", 300,
                ShowRules.INITIAL_SEAT_PRICE));
        for (ShowEvent event : List.of(new SeatsHeld(showId, live, List.of(5, 6, 200), expiry),
                new SeatsHeld(showId, confirmed, List.of(10), expiry), new HoldConfirmed(showId, confirmed, List.of(10)))) {
            state = decider.evolve(state, event);
        }

        ShowState decoded = snapshots.decode(snapshots.encode(state));

        assertThat(decoded).isEqualTo(state);
        ShowState.Show show = (ShowState.Show) decoded;
        assertThat(show.seatMap().status(200)).isEqualTo(dev.boxoffice.domain.SeatStatus.HELD);
        assertThat(show.hold(confirmed)).map(Hold::status).contains(HoldStatus.CONFIRMED);
    }

    @Test
    void aLargeShowWithReservationsInSeveralBlocksSurvivesASnapshot() {
        ShowState state = decider.evolve(ShowState.NOT_CREATED, new ShowEvent.ShowCreated(showId, "Arena", 10_000,
                new BigDecimal("42.50")));
        for (int seat : new int[] {0, 63, 64, 2047, 2048, 9_999}) {
            state = decider.evolve(state, new SeatReserved(showId, seat));
        }

        assertThat(snapshots.decode(snapshots.encode(state))).isEqualTo(state);
    }

    /** ShowCreated events of version 1 could list every seat; they are upcast to a count and a price. */
    @Test
    void readsTheSeatListOfAVersionOneShowCreated() {
        byte[] created = dev.boxoffice.shows.proto.ShowCreated.newBuilder().setShowId(showId.toString()).setTitle("Old")
                .addAllSeats(List.of(seat(0, SeatStatus.SEAT_STATUS_AVAILABLE), seat(1, SeatStatus.SEAT_STATUS_AVAILABLE)))
                .build().toByteArray();

        assertThat(events.decode(ShowEventCodec.SHOW_CREATED, 1, created))
                .containsExactly(new ShowEvent.ShowCreated(showId, "Old", 2, ShowRules.INITIAL_SEAT_PRICE));
        // ... and on to a hall, as every ShowCreated before version 3
    }

    /** ShowCreated events of version 2 had a count of seats at one price; they are upcast to that hall. */
    @Test
    void readsTheCountAndPriceOfAVersionTwoShowCreatedAsAHall() {
        byte[] created = dev.boxoffice.shows.proto.ShowCreated.newBuilder().setShowId(showId.toString()).setTitle("Old")
                .setSeatCount(50).setSeatPrice("42.50").build().toByteArray();

        List<ShowEvent> decoded = events.decode(ShowEventCodec.SHOW_CREATED, 2, created);

        assertThat(decoded).containsExactly(new ShowEvent.ShowCreated(showId, "Old",
                HallPlan.uniform(50, new BigDecimal("42.50"))));
        assertThat(Hall.of(((ShowEvent.ShowCreated) decoded.get(0)).hall()).label(49).toString())
                .isEqualTo("Hall, row E, seat 10");
    }

    @Test
    void aHallOfSectionsRowsAndCategoriesSurvivesItsEventAndASnapshot() {
        HallPlan theatre = new HallPlan(List.of(new HallPlan.Category("Premium", new BigDecimal("80")),
                new HallPlan.Category("Standard", new BigDecimal("45.5"))), List.of(
                new HallPlan.Section("Stalls", List.of(new HallPlan.Row("A", 10, "Premium", List.of(4), List.of(0), List.of(1)),
                        new HallPlan.Row("B", 12, "Standard")), java.util.Optional.empty()),
                new HallPlan.Section("Box", List.of(new HallPlan.Row("1", 4, "Premium")),
                        java.util.Optional.of(new HallPlan.Position(30, 0)))));
        var created = new ShowEvent.ShowCreated(showId, "Hamlet", theatre);

        assertThat(events.decode(ShowEventCodec.SHOW_CREATED, events.schemaVersion(ShowEventCodec.SHOW_CREATED),
                events.encode(created))).containsExactly(created);
        ShowState state = decider.evolve(decider.evolve(ShowState.NOT_CREATED, created), new SeatReserved(showId, 25));
        assertThat(snapshots.decode(snapshots.encode(state))).isEqualTo(state);
    }

    /** Hold events of version 1 carried the hold id as text; they are upcast to its 16 bytes. */
    @Test
    void readsTheTextHoldIdsOfVersionOneHoldEvents() {
        UUID holdId = UUID.randomUUID();
        ByteString asText = ByteString.copyFromUtf8(holdId.toString()); // what a version 1 string field held
        byte[] held = dev.boxoffice.shows.proto.SeatsHeld.newBuilder().setShowId(showId.toString()).setHoldId(asText)
                .addAllSeats(List.of(3, 4)).setExpiresAtMillis(1_000).build().toByteArray();
        byte[] confirmed = dev.boxoffice.shows.proto.HoldConfirmed.newBuilder().setShowId(showId.toString())
                .setHoldId(asText).addAllSeats(List.of(3, 4)).build().toByteArray();
        byte[] released = dev.boxoffice.shows.proto.HoldReleased.newBuilder().setShowId(showId.toString())
                .setHoldId(asText).addAllSeats(List.of(3, 4)).setReason(ReleaseReason.RELEASE_REASON_EXPIRED)
                .build().toByteArray();

        assertThat(events.decode(ShowEventCodec.SEATS_HELD, 1, held))
                .containsExactly(new SeatsHeld(showId, holdId, List.of(3, 4), Instant.ofEpochMilli(1_000)));
        assertThat(events.decode(ShowEventCodec.HOLD_CONFIRMED, 1, confirmed))
                .containsExactly(new HoldConfirmed(showId, holdId, List.of(3, 4)));
        assertThat(events.decode(ShowEventCodec.HOLD_RELEASED, 1, released))
                .containsExactly(new HoldReleased(showId, holdId, List.of(3, 4), HoldReleased.Reason.EXPIRED));
        assertThat(events.encode(new SeatsHeld(showId, holdId, List.of(3, 4), Instant.ofEpochMilli(1_000))))
                .as("version 2 is the smaller").hasSizeLessThan(held.length - 15);
    }

    @Test
    void anEventWrittenByANewerVersionIsRefusedNotMisread() {
        byte[] held = events.encode(new SeatsHeld(showId, UUID.randomUUID(), List.of(1), Instant.EPOCH));

        assertThatThrownBy(() -> events.decode(ShowEventCodec.SEATS_HELD, 3, held))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("newer version");
    }

    private static Seat seat(int number, SeatStatus status) {
        return Seat.newBuilder().setNumber(number).setStatus(status).setPrice("100").build();
    }

    @Test
    void aSnapshotWhoseHallIsInconsistentIsRefusedNotMisread() throws Exception {
        ShowState state = decider.evolve(ShowState.NOT_CREATED, new ShowEvent.ShowCreated(showId, "Hamlet",
                HallPlan.uniform(100, BigDecimal.TEN)));
        var snapshot = dev.boxoffice.shows.proto.ShowSnapshot.parseFrom(snapshots.encode(state)).toBuilder();
        snapshot.getCompactHallBuilder().addRowSeats(10); // a row more than its categories say

        assertThatThrownBy(() -> snapshots.decode(snapshot.build().toByteArray()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Corrupt");
    }

    @Test
    void unknownTypesAndCorruptPayloadsAreErrorsNotSilentDefaults() {
        assertThatThrownBy(() -> events.decode("SeatTeleported", 1, new byte[0])).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> events.decode(ShowEventCodec.SEAT_RESERVED, 1, new byte[] {(byte) 0xFF, 0x01}))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
