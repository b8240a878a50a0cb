package dev.boxoffice.shows;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.boxoffice.domain.Decision;
import dev.boxoffice.domain.ShowCommand.CreateShow;
import dev.boxoffice.domain.ShowDecider;
import dev.boxoffice.domain.ShowEvent;
import dev.boxoffice.domain.ShowEvent.SeatReservationCancelled;
import dev.boxoffice.domain.ShowEvent.SeatReserved;
import dev.boxoffice.domain.ShowState;
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
        for (ShowEvent event : List.of(created, new SeatReserved(showId, 49), new SeatReservationCancelled(showId, 0))) {
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
    void unknownTypesAndCorruptPayloadsAreErrorsNotSilentDefaults() {
        assertThatThrownBy(() -> events.decode("SeatTeleported", new byte[0])).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> events.decode(ShowEventCodec.SEAT_RESERVED, new byte[] {(byte) 0xFF, 0x01}))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
