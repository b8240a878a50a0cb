package dev.boxoffice.bench.scenario.coldstart;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxoffice.bench.load.Counts;
import dev.boxoffice.bench.load.Latency;
import dev.boxoffice.bench.load.TimelinePoint;
import dev.boxoffice.bench.measure.StepResult;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A fresh service's first seconds: refusals over what was sent, over its first seconds, and of the burst. */
class ColdStartResultTest {

    // Seconds 101-104 of the run: the first refused half, the second a tenth, then none.
    private final StepResult load = step(400, List.of(second(101, 100, 50), second(102, 100, 10), second(103, 100, 0),
            second(104, 100, 0)));

    @Test
    void secondsOfTheLoadCountFromOne() {
        assertThat(result(load, null).secondOf(load.timeline().get(0))).isEqualTo(1);
        assertThat(result(load, null).secondOf(load.timeline().get(3))).isEqualTo(4);
    }

    @Test
    void refusalsAreAShareOfEveryRequestSentAndOfTheFirstSecondsAnswers() {
        ColdStartResult result = result(load, null);
        assertThat(result.refusedPercent()).isEqualTo(100 * 60 / 400.0);
        assertThat(result.refusedPercentWithin(1)).isEqualTo(50);
        assertThat(result.refusedPercentWithin(2)).isEqualTo(30);
        assertThat(result.refusedPercentWithin(10)).isEqualTo(15);
        assertThat(result(step(0, List.of()), null).refusedPercent()).as("nothing sent").isZero();
        assertThat(result(step(0, List.of(second(1, 0, 0))), null).refusedPercentWithin(1)).as("nothing answered").isZero();
    }

    @Test
    void theBurstsRefusalsAreCountedFromItsTimeline() {
        StepResult burst = step(40, List.of(second(200, 20, 12.4), second(201, 20, 3.3)));
        assertThat(result(load, burst).burstRefused()).isEqualTo(16);
        assertThat(result(load, null).burstRefused()).as("no burst").isZero();
    }

    private static ColdStartResult result(StepResult load, StepResult burst) {
        return new ColdStartResult(0, 3000, load, null, burst);
    }

    private static StepResult step(long sent, List<TimelinePoint> timeline) {
        return new StepResult("coldstart", "x", 100, 8, 4, new Counts(sent, sent, 0, 0, 0, 0), 100,
                new Latency(sent, 1, 2, 3, 4, 5, 6), null, 100, timeline, "x", null, List.of());
    }

    private static TimelinePoint second(double at, double answers, double refused) {
        return new TimelinePoint(at, answers, 1, 2, 3, answers - refused, 0, refused, 0, 1, 0, 1);
    }
}
