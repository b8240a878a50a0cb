package dev.boxoffice.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StepRecorderTest {

    @TempDir
    Path logs;

    private StepRecorder recorder;

    @BeforeEach
    void record() {
        recorder = new StepRecorder(logs.resolve("step.hlog"), System.nanoTime());
    }

    @AfterEach
    void close() {
        recorder.close();
    }

    @Test
    void aRetryWaitingForItsDelayIsInFlightUntilItIsDue() {
        recorder.sent();
        recorder.answered(System.nanoTime(), 503, false);
        recorder.retryScheduled();
        assertThat(recorder.inFlight()).isEqualTo(1);

        recorder.retryDue();
        recorder.sent();
        assertThat(recorder.inFlight()).isEqualTo(1);
        recorder.answered(System.nanoTime(), 200, false);
        assertThat(recorder.inFlight()).isZero();
    }

    @Test
    void whatComesAfterTheStepHasFinishedIsNotTheStepsAndIsDropped() {
        recorder.sent();
        recorder.answered(System.nanoTime(), 200, false);
        recorder.finish();

        recorder.sent(); // a late retry's timer
        recorder.answered(System.nanoTime(), 200, false);
        recorder.failed(System.nanoTime(), true);

        assertThat(recorder.closing()).isTrue();
        assertThat(recorder.counts()).isEqualTo(new Counts(1, 1, 0, 0, 0, 0));
        assertThat(recorder.latency().count()).isEqualTo(1);
    }
}
