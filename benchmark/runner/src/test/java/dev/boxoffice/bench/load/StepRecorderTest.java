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

        recorder.sent(); // the retry is sent, then its delay is counted over: never nothing in flight between
        recorder.retryDue();
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
        recorder.failed(System.nanoTime(), Failure.TIMED_OUT);

        assertThat(recorder.closing()).isTrue();
        assertThat(recorder.counts()).isEqualTo(new Counts(1, 1, 0, 0, 0, 0));
        assertThat(recorder.latency().count()).isEqualTo(1);
    }

    @Test
    void everyRequestEndsInExactlyOneClassAndRefusalsAreCountedByStatus() {
        long now = System.nanoTime();
        int[] statuses = {200, 201, 204, 409, 409, 400, 404, 429, 503, 503, 500};
        for (int status : statuses) {
            recorder.sent();
            recorder.answered(now, status, status == 409);
        }
        recorder.sent();
        recorder.answered(now, 409, false); // a 409 the load did not expect is a refusal
        recorder.sent();
        recorder.failed(now, Failure.TIMED_OUT);
        recorder.sent();
        recorder.sent();
        recorder.failed(now, Failure.CONNECTION_FAILED);
        recorder.failed(now, Failure.CONNECTION_FAILED);

        Counts counts = recorder.counts();
        assertThat(counts).isEqualTo(new Counts(15, 3, 2, 7, 2, 1,
                java.util.Map.of(400, 1L, 404, 1L, 409, 1L, 429, 1L, 500, 1L, 503, 2L)));
        assertThat(counts.ok() + counts.conflicts() + counts.httpErrors() + counts.transportErrors() + counts.timeouts())
                .isEqualTo(counts.sent());
        assertThat(counts.errors()).isEqualTo(10);
        assertThat(counts.answered()).isEqualTo(12);
        assertThat(counts.refusedByStatus().keySet()).containsExactly(400, 404, 409, 429, 500, 503);
        assertThat(recorder.inFlight()).isZero();
        assertThat(recorder.latency().count()).as("answers only: a request without one has no latency").isEqualTo(12);
    }

    @Test
    void theStepIsToldOnceNothingIsInFlightAndNotBefore() {
        int[] told = {0};
        recorder.sent();
        recorder.sent();
        recorder.close();
        recorder.whenDrained(() -> told[0]++);
        recorder.answered(System.nanoTime(), 503, false);
        recorder.retryScheduled(); // the refused one asks again later
        recorder.failed(System.nanoTime(), Failure.TIMED_OUT);
        assertThat(told[0]).as("a retry waits").isZero();

        recorder.retryDue(); // the step is closing: it is not sent
        assertThat(told[0]).isEqualTo(1);
        recorder.sent();
        recorder.answered(System.nanoTime(), 200, false);
        assertThat(told[0]).as("once").isEqualTo(1);

        int[] atOnce = {0};
        recorder.whenDrained(() -> atOnce[0]++);
        assertThat(atOnce[0]).as("nothing in flight: at once").isEqualTo(1);
    }

    @Test
    void aPhaseCountsTheRequestsIntendedWithinItAndTheirLatencies() {
        long start = System.nanoTime();
        recorder.follow(new ArrivalSchedule(java.util.List.of(new ArrivalSchedule.Phase("calm", 10, 1),
                new ArrivalSchedule.Phase("surge", 100, 1))), start);
        recorder.sent();
        recorder.answered(start + 500_000_000L, 200, false); // half a second in: calm
        recorder.sent();
        recorder.answered(start + 1_500_000_000L, 503, false); // surge
        recorder.sent();
        recorder.failed(start + 1_600_000_000L, Failure.TIMED_OUT);

        var phases = recorder.phases();
        assertThat(phases).extracting(PhaseResult::name).containsExactly("calm", "surge");
        assertThat(phases.get(0).count(AnswerKind.OK)).isEqualTo(1);
        assertThat(phases.get(1).count(AnswerKind.REFUSED)).isEqualTo(1);
        assertThat(phases.get(1).count(AnswerKind.TIMEOUT)).isEqualTo(1);
        assertThat(phases.get(1).perSecond(AnswerKind.REFUSED)).isEqualTo(1.0);
        assertThat(phases.get(1).p99().get(AnswerKind.TIMEOUT)).as("no latency without an answer").isNaN();
        assertThat(phases.get(0).p99().get(AnswerKind.REFUSED)).isNaN();
    }

    @Test
    void aTickIsAPointOfTheTimelineWithItsRatesByKind() throws Exception {
        long now = System.nanoTime();
        for (int i = 0; i < 4; i++) {
            recorder.sent();
            recorder.answered(now, i < 3 ? 200 : 503, false);
        }
        Thread.sleep(250); // a tick shorter than 0.2 s is no point on the chart
        recorder.tick();

        var point = recorder.timeline().get(0);
        double seconds = 4 / point.answersPerSecond();
        assertThat(seconds).isBetween(0.25, 5.0);
        assertThat(point.okPerSecond() * seconds).isCloseTo(3, org.assertj.core.data.Offset.offset(1e-6));
        assertThat(point.refusedPerSecond() * seconds).isCloseTo(1, org.assertj.core.data.Offset.offset(1e-6));
        assertThat(point.errorsPerSecond()).isZero();

        recorder.tick(); // nothing since: no point
        assertThat(recorder.timeline()).hasSize(1);
    }
}
