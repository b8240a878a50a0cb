package dev.boxoffice.bench.load;

import java.io.FileNotFoundException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Counts and latencies of one step. Used from the load generator's single event loop only, so nothing here is
 * synchronised; results are read after the step has ended on that loop ({@link #finish}), and what a late timer
 * sends or an answer brings after that is not the step's and is dropped.
 *
 * <p>Every request sent ends as exactly one of: ok (2xx), conflict (409 where the scenario expects it), refused (any
 * other status, counted by status), connection failed, or timed out. Latency is recorded in microseconds from the intended send time.
 */
public final class StepRecorder implements AutoCloseable {

    private static final long MAX_MICROS = TimeUnit.SECONDS.toMicros(120);

    private final Histogram all = new Histogram(MAX_MICROS, 3);
    private Histogram interval = new Histogram(MAX_MICROS, 3);
    private KindStats intervalByKind = new KindStats();
    private final List<TimelinePoint> timeline = new ArrayList<>();
    private ArrivalSchedule schedule = ArrivalSchedule.constant(1);
    private long scheduleStartNanos;
    private final Map<Integer, KindStats> byPhase = new TreeMap<>();
    private final HistogramLogWriter log;
    private final PrintStream logStream;
    private final long runStartNanos;
    private long intervalStartNanos;
    private long intervalCount;

    private long sent;
    private long ok;
    private long conflicts;
    private long httpErrors;
    private long transportErrors;
    private long timeouts;
    private final Map<Integer, Long> refusedByStatus = new TreeMap<>();
    private long retriesScheduled;
    private boolean closing;
    private Runnable drained; // told once nothing is in flight (see whenDrained)
    private boolean finished;

    public StepRecorder(Path histogramLog, long runStartNanos) {
        try {
            this.logStream = new PrintStream(histogramLog.toFile());
        } catch (FileNotFoundException e) {
            throw new IllegalStateException(e);
        }
        this.log = new HistogramLogWriter(logStream);
        log.outputLogFormatVersion();
        log.outputComment("Latency in microseconds from each request's intended send time; Interval_Max in milliseconds");
        log.outputLegend();
        this.runStartNanos = runStartNanos;
        this.intervalStartNanos = System.nanoTime();
    }

    public void sent() {
        if (!finished) {
            sent++;
        }
    }

    /** A request to be sent again after a delay (a Retry-After) counts as in flight until then: the step waits for it. */
    void retryScheduled() {
        retriesScheduled++;
    }

    /** The delay of a retry is over, and it has been sent again or given up (see {@link LoadClient#later}). */
    void retryDue() {
        retriesScheduled--;
        checkDrained();
    }

    /** Runs {@code then} once no request is in flight any more: at once if none is, else when the last one ends. */
    public void whenDrained(Runnable then) {
        drained = then;
        checkDrained();
    }

    private void checkDrained() {
        if (drained != null && inFlight() == 0) {
            Runnable then = drained;
            drained = null;
            then.run();
        }
    }

    /** Attributes every request to the phase of {@code schedule} its intended time falls in (see {@link #phases}). */
    void follow(ArrivalSchedule schedule, long startNanos) {
        this.schedule = schedule;
        this.scheduleStartNanos = startNanos;
    }

    public void answered(long intendedNanos, int status, boolean conflictExpected) {
        if (finished) {
            return;
        }
        long micros = record(intendedNanos);
        byKind(intendedNanos, AnswerKind.of(status), micros);
        if (status >= 200 && status < 300) {
            ok++;
        } else if (status == 409 && conflictExpected) {
            conflicts++;
        } else {
            httpErrors++;
            refusedByStatus.merge(status, 1L, Long::sum);
        }
        checkDrained();
    }

    /** A request that got no answer: it timed out, or its connection failed. */
    public void failed(long intendedNanos, Failure failure) {
        if (finished) {
            return;
        }
        boolean timeout = failure == Failure.TIMED_OUT;
        byKind(intendedNanos, timeout ? AnswerKind.TIMEOUT : AnswerKind.CONNECTION_FAILED, Math.max(1, (System.nanoTime() - intendedNanos) / 1000));
        if (timeout) {
            timeouts++;
        } else {
            transportErrors++;
        }
        checkDrained();
    }

    private long record(long intendedNanos) {
        long micros = Math.max(1, (System.nanoTime() - intendedNanos) / 1000);
        long clamped = Math.min(micros, MAX_MICROS);
        all.recordValue(clamped);
        interval.recordValue(clamped);
        intervalCount++;
        return clamped;
    }

    private void byKind(long intendedNanos, AnswerKind kind, long micros) {
        intervalByKind.record(kind, micros);
        int phase = schedule.phaseAt((intendedNanos - scheduleStartNanos) / 1e9);
        byPhase.computeIfAbsent(phase, p -> new KindStats()).record(kind, micros);
    }

    /** Closes the current one-second interval: a point on the latency-over-time chart and a line in the log. */
    public void tick() {
        long now = System.nanoTime();
        double seconds = (now - intervalStartNanos) / 1e9;
        double perSecond = seconds > 0 ? 1 / seconds : 0;
        TimelinePoint point = new TimelinePoint(
                (now - runStartNanos) / 1e9,
                intervalCount * perSecond,
                millis(interval.getValueAtPercentile(50)),
                millis(interval.getValueAtPercentile(99)),
                millis(interval.getMaxValue()),
                intervalByKind.count(AnswerKind.OK) * perSecond,
                intervalByKind.count(AnswerKind.CONFLICT) * perSecond,
                intervalByKind.count(AnswerKind.REFUSED) * perSecond,
                (intervalByKind.count(AnswerKind.ERROR) + intervalByKind.count(AnswerKind.TIMEOUT)
                        + intervalByKind.count(AnswerKind.CONNECTION_FAILED)) * perSecond,
                intervalByKind.millisAt(AnswerKind.OK, 99),
                intervalByKind.millisAt(AnswerKind.CONFLICT, 99),
                intervalByKind.millisAt(AnswerKind.REFUSED, 99));
        log.outputIntervalHistogram((intervalStartNanos - runStartNanos) / 1e9, (now - runStartNanos) / 1e9, interval, 1000.0);
        if (intervalCount > 0 && seconds >= 0.2) { // the last sliver of a drained step is no point on a chart
            timeline.add(point);
        }
        interval = new Histogram(MAX_MICROS, 3);
        intervalByKind = new KindStats();
        intervalCount = 0;
        intervalStartNanos = now;
    }

    /** From now on, users finish the request in flight and send no further one. */
    public void close() {
        closing = true;
        logStream.flush();
    }

    public boolean closing() {
        return closing;
    }

    /** The step has drained (or given up waiting): its results are read from now on, and nothing more is recorded. */
    public void finish() {
        closing = true;
        finished = true;
    }

    public long inFlight() {
        return sent - ok - conflicts - httpErrors - transportErrors - timeouts + retriesScheduled;
    }

    public long sentCount() {
        return sent;
    }

    public double p99SoFarMillis() {
        return millis(all.getValueAtPercentile(99));
    }

    public long errorCount() {
        return httpErrors + transportErrors + timeouts;
    }

    public Counts counts() {
        return new Counts(sent, ok, conflicts, httpErrors, transportErrors, timeouts, refusedByStatus);
    }

    public Latency latency() {
        return Latency.ofMicros(all);
    }

    /** The requests of each phase of the schedule followed (a constant rate is one phase), once drained. */
    public List<PhaseResult> phases() {
        List<PhaseResult> phases = new ArrayList<>();
        byPhase.forEach((index, stats) -> {
            ArrivalSchedule.Phase phase = schedule.phases().get(index);
            Map<AnswerKind, Long> counts = new EnumMap<>(AnswerKind.class);
            Map<AnswerKind, Double> p50 = new EnumMap<>(AnswerKind.class);
            Map<AnswerKind, Double> p99 = new EnumMap<>(AnswerKind.class);
            for (AnswerKind kind : AnswerKind.values()) {
                counts.put(kind, stats.count(kind));
                p50.put(kind, stats.millisAt(kind, 50));
                p99.put(kind, stats.millisAt(kind, 99));
            }
            phases.add(new PhaseResult(phase.name(), phase.perSecond(), phase.seconds(), counts, p50, p99,
                    stats.millisAtAnyAnswer(99)));
        });
        return phases;
    }

    public List<TimelinePoint> timeline() {
        return List.copyOf(timeline);
    }

    private static double millis(long micros) {
        return micros / 1000.0;
    }
}
