package dev.boxoffice.bench.load;

import io.vertx.core.Vertx;
import java.util.function.LongConsumer;

/**
 * Open-model arrivals: new users start on a schedule whatever the server does, each at its own intended time. A
 * one-shot timer wakes up when the next arrival is due (at most every millisecond) and releases every arrival that
 * is due by then; if the generator itself falls behind, the delay still counts in latency, because users measure
 * from the intended time they are given.
 */
public final class OpenLoop {

    private final Vertx vertx;
    private final StepRecorder recorder;
    private final LongConsumer arrival;
    private final ArrivalSchedule schedule;
    private final long startNanos = System.nanoTime();
    private int phase;
    private long phaseStartNanos = startNanos;
    private long releasedInPhase;

    private OpenLoop(Vertx vertx, ArrivalSchedule schedule, StepRecorder recorder, LongConsumer arrival) {
        this.vertx = vertx;
        this.schedule = schedule;
        this.recorder = recorder;
        this.arrival = arrival;
    }

    /** Starts arrivals at a constant rate on the calling event loop; they stop when the step's recorder closes. */
    public static void start(Vertx vertx, double arrivalsPerSecond, StepRecorder recorder, LongConsumer arrival) {
        start(vertx, ArrivalSchedule.constant(arrivalsPerSecond), recorder, arrival);
    }

    /** Starts arrivals on {@code schedule}; they stop after its last phase, or when the step's recorder closes. */
    public static void start(Vertx vertx, ArrivalSchedule schedule, StepRecorder recorder, LongConsumer arrival) {
        OpenLoop loop = new OpenLoop(vertx, schedule, recorder, arrival);
        recorder.follow(schedule, loop.startNanos);
        loop.releaseDue();
    }

    private void releaseDue() {
        long now = System.nanoTime();
        long next;
        while ((next = nextIntended()) <= now && !recorder.closing()) {
            arrival.accept(next);
            releasedInPhase++;
        }
        if (recorder.closing() || next == Long.MAX_VALUE) {
            return;
        }
        vertx.setTimer(Math.max(1, (next - now + 999_999) / 1_000_000), timer -> releaseDue());
    }

    /** The intended time of the next arrival, moving on to the next phase when this one is over; MAX_VALUE after the last. */
    private long nextIntended() {
        while (true) {
            ArrivalSchedule.Phase current = schedule.phases().get(phase);
            long phaseNanos = (long) Math.min(current.seconds() * 1e9, Long.MAX_VALUE / 4.0);
            long intended = phaseStartNanos + (long) (releasedInPhase * 1e9 / current.perSecond());
            if (intended < phaseStartNanos + phaseNanos) {
                return intended;
            }
            if (phase == schedule.phases().size() - 1) {
                return Long.MAX_VALUE;
            }
            phase++;
            phaseStartNanos += phaseNanos;
            releasedInPhase = 0;
        }
    }
}
