package dev.boxoffice.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class CountsTest {

    @Test
    void everyErrorClassIsNamedAndRefusalsByStatus() {
        assertThat(new Counts(10, 10, 0, 0, 0, 0).describeErrors()).isEqualTo("0");
        assertThat(new Counts(10, 5, 5, 0, 0, 0).describeErrors()).as("expected conflicts are no error").isEqualTo("0");
        assertThat(new Counts(2000, 0, 0, 1503, 7, 490, Map.of(503, 1500L, 400, 2L, 429, 1L)).describeErrors())
                .isEqualTo("refused 1,503 (400: 2, 429: 1, 503: 1,500); timed out 490; connection failed 7");
        assertThat(new Counts(3, 0, 0, 0, 0, 3).describeErrors()).isEqualTo("timed out 3");
        assertThat(new Counts(1, 0, 0, 0, 1, 0).describeErrors()).isEqualTo("connection failed 1");
        assertThat(new Counts(4, 0, 0, 4, 0, 0).describeErrors()).as("recorded before statuses were counted").isEqualTo("refused 4");
    }

    @Test
    void twoStepsCountedTogether() {
        Counts joins = new Counts(10, 7, 0, 2, 0, 1, Map.of(503, 2L));
        Counts polls = new Counts(20, 17, 1, 1, 1, 0, Map.of(503, 1L));

        assertThat(joins.plus(polls)).isEqualTo(new Counts(30, 24, 1, 3, 1, 1, Map.of(503, 3L)));
        assertThat(joins.plus(polls).errors()).isEqualTo(5);
        assertThat(joins.plus(polls).answered()).isEqualTo(28);
        assertThat(new Counts(1, 1, 0, 0, 0, 0, null).refusedByStatus()).isEmpty();
    }
}
