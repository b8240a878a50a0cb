package dev.boxoffice.bench.scenario.queue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class SteeringOutcomesTest {

    private static final long SECOND = 1_000_000_000L;
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aRateCountsTheEventsInItsWindowOnly() {
        long[] times = {0, SECOND / 2, SECOND, 2 * SECOND - 1, 2 * SECOND, 5 * SECOND};
        assertThat(SteeringOutcomes.perSecond(times, 0, 2 * SECOND)).isEqualTo(2.0);
        assertThat(SteeringOutcomes.perSecond(times, 2 * SECOND, 4 * SECOND)).isEqualTo(0.5);
    }

    @Test
    void salesFollowOnceTwoSecondsSellNinetyPercentOfTheNewRate() {
        // 10 a second until 3 s, then 20 a second: 36 of the 40 a window needs, first from 2.6 s (4 + 32; from 2.5 s, 5 + 30)
        long[] times = LongStream.concat(LongStream.range(0, 30).map(i -> i * SECOND / 10),
                LongStream.range(0, 100).map(i -> 3 * SECOND + i * SECOND / 20)).toArray();
        double followed = SteeringOutcomes.followedAfterSeconds(times, 0, 8 * SECOND, 20);
        assertThat(followed).isCloseTo(2.6, within(1e-9));
        assertThat(SteeringOutcomes.followedAfterSeconds(times, 0, 8 * SECOND, 40)).as("never at 40").isNaN();
    }

    @Test
    void delaysArePercentilesFromTheMomentOfTheChange() {
        double[] delays = SteeringOutcomes.delaysMillis(List.of(3 * SECOND, SECOND + SECOND / 2, 2 * SECOND), SECOND);
        assertThat(delays).containsExactly(500.0, 1000.0, 2000.0);
        assertThat(SteeringOutcomes.percentile(delays, 0.5)).isEqualTo(1000.0);
        assertThat(SteeringOutcomes.percentile(delays, 0.99)).isEqualTo(2000.0);
        assertThat(SteeringOutcomes.atMost(delays, 1000)).isEqualTo(2);
        assertThat(SteeringOutcomes.percentile(new double[0], 0.99)).isNaN();
    }

    @Test
    void aWaitAtTheNewRateIsThePositionOverIt() throws Exception {
        assertThat(SteeredOnSales.showsRate(JSON.readTree("{\"status\":\"WAITING\",\"position\":81,\"estimatedWaitSeconds\":3}"), 40))
                .isTrue();
        assertThat(SteeredOnSales.showsRate(JSON.readTree("{\"status\":\"WAITING\",\"position\":81,\"estimatedWaitSeconds\":5}"), 40))
                .as("the old rate's wait").isFalse();
        assertThat(SteeredOnSales.showsRate(JSON.readTree("{\"status\":\"WAITING\",\"paused\":true}"), 40)).isFalse();
        assertThat(SteeredOnSales.showsRate(JSON.readTree("{\"status\":\"ADMITTED\",\"position\":0,\"estimatedWaitSeconds\":0}"), 40))
                .isFalse();
    }
}
