package dev.boxoffice.http;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SeatStreamsPathTest {

    @Test
    void aShowsStreamIsPickedOutByItsPath() {
        assertThat(SeatStreams.streamedShow("/shows/abc/stream")).isEqualTo("abc");
    }

    @Test
    void everyOtherPathUnderShowsGoesOnToTheResources() {
        assertThat(SeatStreams.streamedShow("/shows/abc/seats/3")).isNull();
        assertThat(SeatStreams.streamedShow("/shows/abc/queue/t/stream")).isNull();
        assertThat(SeatStreams.streamedShow("/shows/stream")).isNull();
        assertThat(SeatStreams.streamedShow("/shows//stream")).isNull();
        assertThat(SeatStreams.streamedShow("/shows")).isNull();
    }
}
