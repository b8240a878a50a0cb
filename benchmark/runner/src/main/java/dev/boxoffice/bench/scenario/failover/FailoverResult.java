package dev.boxoffice.bench.scenario.failover;

import dev.boxoffice.bench.load.TimelinePoint;
import dev.boxoffice.bench.measure.StepResult;
import java.util.List;

/**
 * A node killed (kill -9) in the middle of a step of serial reservations through HAProxy, and started again later.
 * Times are seconds since the run started, as the step's timeline.
 *
 * @param lastFailureAfterKill seconds from the kill to the last second with an error or a timeout (0: none after it)
 * @param goodputBackAfter     seconds from the kill to the end of the first second, after the last failure, that
 *                             answered at least 90 % of the offered rate; NaN if none did before the restart
 */
public record FailoverResult(String description, String topology, String victim, StepResult step, double killAtSeconds,
        double restartAtSeconds, double lastFailureAfterKill, double goodputBackAfter) {

    /** Share of the offered rate a second must answer (2xx or 409) to count as served. */
    public static final double SERVED = 0.9;

    public static double lastFailureAfter(List<TimelinePoint> timeline, double killAt) {
        double last = 0;
        for (TimelinePoint point : timeline) {
            if (point.atSeconds() > killAt && point.errorsPerSecond() > 0) {
                last = point.atSeconds() - killAt;
            }
        }
        return last;
    }

    public static double goodputBackAfter(List<TimelinePoint> timeline, double killAt, double until, double offeredRps) {
        double lastFailure = killAt + lastFailureAfter(timeline, killAt);
        for (TimelinePoint point : timeline) {
            if (point.atSeconds() > lastFailure && point.atSeconds() > killAt && point.atSeconds() <= until
                    && point.okPerSecond() + point.conflictsPerSecond() >= SERVED * offeredRps) {
                return point.atSeconds() - killAt;
            }
        }
        return Double.NaN;
    }
}
