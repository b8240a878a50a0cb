package dev.boxoffice.shows;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.boxoffice.domain.Decision;
import dev.boxoffice.domain.ShowCommand.CreateShow;
import dev.boxoffice.domain.ShowDecider;
import dev.boxoffice.domain.ShowEvent;
import dev.boxoffice.domain.Hold;
import dev.boxoffice.domain.HoldStatus;
import dev.boxoffice.domain.ShowEvent.HoldConfirmed;
import dev.boxoffice.domain.ShowEvent.HoldReleased;
import dev.boxoffice.domain.ShowEvent.SeatReservationCancelled;
import dev.boxoffice.domain.ShowEvent.SeatsHeld;
import dev.boxoffice.domain.ShowEvent.SeatsReserved;
import dev.boxoffice.domain.ShowEvent.SeatReserved;
import dev.boxoffice.domain.ShowRules;
import dev.boxoffice.domain.ShowState;
import dev.boxoffice.shows.proto.Seat;
import dev.boxoffice.shows.proto.SeatStatus;
import dev.boxoffice.shows.proto.ShowSnapshot;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
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
            assertThat(events.decode(events.typeOf(event), events.encode(event))).isEqualTo(event);
        }
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

    /** Events and snapshots written before seats became a bit set list every seat; they still load. */
    @Test
    void readsTheSeatListsOfEarlierVersions() {
        List<Seat> seats = List.of(seat(0, SeatStatus.SEAT_STATUS_AVAILABLE), seat(1, SeatStatus.SEAT_STATUS_RESERVED),
                seat(2, SeatStatus.SEAT_STATUS_AVAILABLE));
        byte[] snapshot = ShowSnapshot.newBuilder().setShowId(showId.toString()).setTitle("Old").addAllSeats(seats)
                .build().toByteArray();
        byte[] created = dev.boxoffice.shows.proto.ShowCreated.newBuilder().setShowId(showId.toString()).setTitle("Old")
                .addAllSeats(List.of(seat(0, SeatStatus.SEAT_STATUS_AVAILABLE), seat(1, SeatStatus.SEAT_STATUS_AVAILABLE)))
                .build().toByteArray();

        ShowState.Show show = (ShowState.Show) snapshots.decode(snapshot);
        assertThat(show.seatCount()).isEqualTo(3);
        assertThat(show.seatMap().isReserved(1)).isTrue();
        assertThat(show.availableSeats()).isEqualTo(2);
        assertThat(show.price()).isSameAs(ShowRules.INITIAL_SEAT_PRICE);
        assertThat(events.decode(ShowEventCodec.SHOW_CREATED, created))
                .isEqualTo(new ShowEvent.ShowCreated(showId, "Old", 2, ShowRules.INITIAL_SEAT_PRICE));
    }

    private static Seat seat(int number, SeatStatus status) {
        return Seat.newBuilder().setNumber(number).setStatus(status).setPrice("100").build();
    }

    @Test
    void unknownTypesAndCorruptPayloadsAreErrorsNotSilentDefaults() {
        assertThatThrownBy(() -> events.decode("SeatTeleported", new byte[0])).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> events.decode(ShowEventCodec.SEAT_RESERVED, new byte[] {(byte) 0xFF, 0x01}))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
