package dev.boxoffice.bench.scenario.dbfailover;

import dev.boxoffice.bench.load.TimelinePoint;
import dev.boxoffice.bench.measure.StepResult;
import dev.boxoffice.bench.measure.SteppedResult;
import java.util.List;

/**
 * Reservations through a service on PostgreSQL replicated under pg_auto_failover: the primary killed, later a planned
 * switchover. Times are seconds since the run started, as the step's timeline.
 *
 * @param writesBackAfterKill   seconds from the kill to the end of the first second that answered at least 90 % of
 *                              the offered rate again (NaN: none before the switchover)
 * @param switchoverSeconds     how long the switchover command took
 * @param writesBackAfterSwitch seconds from the switchover's start to the end of the first second, after its first
 *                              refusal or error, that answered 90 % of the rate again (0: no second lost any)
 * @param acknowledged          reservations answered 200
 * @param missing               of them, missing from the new primary's log afterwards
 * @param doubled               seats the log has reserved twice
 * @param serial                the serial steps through the replicated servers, before the kill, when the run measured
 *                              serial on the single server too (else null)
 */
public record DbFailoverResult(int servers, StepResult step, double killAtSeconds, String killed, double switchoverAtSeconds,
        double switchoverSeconds, double writesBackAfterKill, double writesBackAfterSwitch, long acknowledged, long missing,
        long doubled, SteppedResult serial) {

    /** Share of the offered rate a second must answer to count as served. */
    public static final double SERVED = 0.9;

    /** From {@code from} to the end of the first second after it, past its first loss, that served the rate again. */
    static double servedAgainAfter(List<TimelinePoint> timeline, double from, double until, double rate) {
        boolean lost = false;
        for (TimelinePoint point : timeline) {
            if (point.atSeconds() <= from || point.atSeconds() > until) {
                continue;
            }
            boolean served = point.okPerSecond() >= SERVED * rate;
            lost |= !served;
            if (lost && served) {
                return point.atSeconds() - from;
            }
        }
        return lost ? Double.NaN : 0;
    }
}
