package dev.boxoffice.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.boxoffice.domain.LineControl.Close;
import dev.boxoffice.domain.LineControl.Pause;
import dev.boxoffice.domain.LineControl.Resume;
import dev.boxoffice.domain.LineControl.SetMaxActive;
import dev.boxoffice.domain.LineControl.SetRate;
import dev.boxoffice.domain.ShowCommand.ClaimAdmission;
import dev.boxoffice.domain.ShowCommand.ControlLine;
import dev.boxoffice.domain.ShowCommand.CreateShow;
import dev.boxoffice.domain.ShowCommand.DrawLine;
import dev.boxoffice.domain.ShowCommand.NumberArrivals;
import dev.boxoffice.domain.ShowCommand.OpenPlaces;
import dev.boxoffice.domain.ShowEvent.LineControlled;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** An operator steering a waiting room: its rate and bound changed, paused and resumed, closed; each one event. */
class LineControlDecisionsTest {

    private static final Instant ON_SALE = Instant.parse("2026-12-01T10:00:00Z");
    private static final byte[] SEED = "0123456789abcdef".getBytes();

    private final ShowHarness harness = new ShowHarness();
    private final UUID showId = UUID.randomUUID();

    @Test
    void aPausedLineCallsNobodyKeepsItsPlacesAndResumedGoesOnAtItsRateWithoutMakingUpTheTimePaused() {
        onSaleWithArrivals(10, 1_000, 1_000);
        run(new OpenPlaces(showId, 1_000, at(1_000)));
        assertThat(room().opened()).isEqualTo(10);

        assertThat(run(control(new Pause(), at(1_000)))).containsExactly(
                new LineControlled(showId, new Pause(), "ops", at(1_000)));
        assertThat(run(new OpenPlaces(showId, 1_000, at(5_000)))).as("paused").isEmpty();

        run(control(new Resume(), at(60_000)));
        run(new OpenPlaces(showId, 1_000, at(60_500)));
        assertThat(room().opened()).as("half a second's worth since the resume, no more").isEqualTo(15);
    }

    @Test
    void aNewRateTakesEffectAtTheNextOpeningAndANewBoundAtTheNextClaim() {
        onSaleWithArrivals(10, 100, 1_000);
        run(new OpenPlaces(showId, 1_000, at(1_000)));
        run(control(new SetRate(100), at(1_000)));
        run(new OpenPlaces(showId, 1_000, at(1_250)));
        assertThat(room().opened()).as("10 in the first second, then 25 in a quarter of one").isEqualTo(35);
        assertThat(room().settings().admitPerSecond()).isEqualTo(100);

        run(control(new SetMaxActive(1), at(1_250)));
        run(new ClaimAdmission(showId, 0, at(1_300)));
        assertThat(harness.rejected(new ClaimAdmission(showId, 1, at(1_300))).code())
                .isEqualTo(Rejection.Code.WAITING_ROOM_FULL);
    }

    @Test
    void aClosedLineTakesNobodyNewAndCallsThoseInIt() {
        onSaleWithArrivals(100, 100, 1_000);
        run(control(new Close(), at(500)));

        assertThat(harness.rejected(new NumberArrivals(showId, 10)).code()).isEqualTo(Rejection.Code.LINE_CLOSED);
        run(new OpenPlaces(showId, 100, at(1_000)));
        assertThat(room().opened()).as("those in the line are called as before").isEqualTo(100);
        assertThat(room().steering().closed()).isTrue();
    }

    @Test
    void aControlThatChangesNothingIsNotRecordedAndTheTrailKeepsTheLatestWithWhoAndWhen() {
        onSaleWithArrivals(10, 10, 100);
        assertThat(run(control(new SetRate(10), at(0)))).as("the rate it has").isEmpty();
        assertThat(run(control(new Resume(), at(0)))).as("not paused").isEmpty();
        run(control(new Pause(), at(0)));
        assertThat(run(control(new Pause(), at(1)))).as("paused already").isEmpty();

        for (int i = 0; i < LineSteering.TRAIL + 5; i++) {
            run(new ControlLine(showId, new SetRate(11 + i), "operator " + i, at(i)));
        }
        var trail = room().steering().trail();
        assertThat(trail).hasSize(LineSteering.TRAIL);
        assertThat(trail.getLast()).isEqualTo(new LineControlled(showId, new SetRate(11 + LineSteering.TRAIL + 4),
                "operator " + (LineSteering.TRAIL + 4), at(LineSteering.TRAIL + 4)));
        assertThat(room().steering().paused()).as("the pause outlives its entry in the trail").isTrue();
    }

    @Test
    void aControlOutOfBoundsOrWithoutAnOperatorCannotBeMade() {
        assertThatThrownBy(() -> new SetRate(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new SetMaxActive(WaitingRoomSettings.MAX_ACTIVE + 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ControlLine(showId, new Pause(), " ", ON_SALE)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ControlLine(showId, new Pause(), "x".repeat(ControlLine.MAX_OPERATOR_NAME + 1), ON_SALE))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aShowWithoutAWaitingRoomHasNoLineToControl() {
        run(new CreateShow(showId, "Hamlet", 10));
        assertThat(harness.rejected(control(new Pause(), ON_SALE)).code()).isEqualTo(Rejection.Code.NO_WAITING_ROOM);
    }

    /** A room on sale at its rate and bound, with {@code arrivals} numbered before the on-sale and drawn at it. */
    private void onSaleWithArrivals(int admitPerSecond, int maxActive, int arrivals) {
        run(new CreateShow(showId, "Hamlet", 100, Optional.of(new WaitingRoomSettings(ON_SALE, admitPerSecond, maxActive))));
        run(new NumberArrivals(showId, arrivals));
        run(new DrawLine(showId, SEED, Long.MAX_VALUE, ON_SALE));
    }

    private ControlLine control(LineControl control, Instant now) {
        return new ControlLine(showId, control, "ops", now);
    }

    private static Instant at(long millisAfterOnSale) {
        return ON_SALE.plusMillis(millisAfterOnSale);
    }

    private List<ShowEvent> run(ShowCommand command) {
        return harness.run(command);
    }

    private WaitingRoom room() {
        return harness.show().waitingRoom().orElseThrow();
    }
}
