package dev.boxoffice.bench.measure;

import dev.boxoffice.bench.load.StepRecorder;
import java.io.PrintStream;
import java.util.Locale;

/** Progress lines on the console: what runs now, how it goes, and an estimate of the time left. */
public final class Progress {

    private final PrintStream out;
    private final long runStartNanos;
    private final double plannedSeconds;
    private final String prefix; // names the variant whose steps these lines follow, in a variants run

    public Progress(PrintStream out, double plannedSeconds) {
        this.out = out;
        this.runStartNanos = System.nanoTime();
        this.plannedSeconds = plannedSeconds;
        this.prefix = "";
    }

    private Progress(Progress whole, String variant) {
        this.out = whole.out;
        this.runStartNanos = whole.runStartNanos;
        this.plannedSeconds = whole.plannedSeconds;
        this.prefix = whole.prefix + variant + ": ";
    }

    /** The same lines, each naming {@code variant}. */
    public Progress forVariant(String variant) {
        return new Progress(this, variant);
    }

    public long runStartNanos() {
        return runStartNanos;
    }

    public double elapsedSeconds() {
        return (System.nanoTime() - runStartNanos) / 1e9;
    }

    public void phase(String message) {
        print("== " + prefix + message);
    }

    public void info(String message) {
        print("   " + prefix + message);
    }

    void step(String scenario, String label, double offeredRps, long elapsed, double seconds, StepRecorder recorder) {
        print(String.format(Locale.ROOT, "   %s%s %s: %d/%.0f s, %s, sent %d, p99 so far %.2f ms, errors %d%s", prefix, scenario, label,
                elapsed, seconds, Double.isNaN(offeredRps) ? "closed loop" : String.format(Locale.ROOT, "offered %.0f req/s", offeredRps),
                recorder.sentCount(), recorder.p99SoFarMillis(), recorder.errorCount(), timeLeft()));
    }

    void stepDone(StepResult step) {
        print(String.format(Locale.ROOT, "   %s%s %s: done, %.0f answered/s, p50 %.2f ms, p99 %.2f ms, max %.1f ms, errors %s,"
                        + " cpu service %s db %s loadgen %s, cores busy %s%%, steal %s%%", prefix, step.scenario(),
                step.label(), step.achievedRps(), step.latency().p50(), step.latency().p99(), step.latency().max(),
                step.counts().describeErrors(),
                percent(step.cpu().service()), percent(step.cpu().database()), percent(step.cpu().loadGenerator()),
                step.cpu().describeCores(), step.cpu().describeSteal()));
    }

    /** A process's share of a core; a dash for a process this step did not run (the limits run no service). */
    private static String percent(double share) {
        return Double.isNaN(share) ? "–" : String.format(Locale.ROOT, "%.0f%%", share);
    }

    private String timeLeft() {
        double left = plannedSeconds - elapsedSeconds();
        return String.format(Locale.ROOT, " | run: %s elapsed, %s", clock(elapsedSeconds()),
                left >= 0 ? "about " + clock(left) + " left" : clock(-left) + " past the estimate");
    }

    private static String clock(double seconds) {
        long s = Math.round(seconds);
        return String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
    }

    private void print(String line) {
        out.println(line);
        out.flush();
    }
}
