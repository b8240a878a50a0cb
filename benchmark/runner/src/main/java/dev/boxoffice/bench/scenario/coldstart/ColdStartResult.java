package dev.boxoffice.bench.scenario.coldstart;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.boxoffice.bench.client.Refusals;
import dev.boxoffice.bench.load.TimelinePoint;
import dev.boxoffice.bench.measure.StepResult;

/**
 * A fresh service's first seconds under load.
 *
 * @param warmCapacityRps the serial capacity the rate was derived from (0 when the rate was given)
 * @param startMillis     the fresh service's start to its first served request
 * @param load            the load from the moment it was ready, with its per-second timeline
 * @param refusedBy       the service's own count of refusals by the bound that made them
 * @param burst           creations sent all at once to another fresh service the moment it was ready; null if none
 */
@JsonInclude(JsonInclude.Include.NON_NULL) // fields added since, null in runs recorded before them, are left out
public record ColdStartResult(double warmCapacityRps, double startMillis, StepResult load, Refusals refusedBy, StepResult burst) {

    /** Refusals of the burst (503 and 429), of every creation sent. */
    public long burstRefused() {
        return burst == null ? 0 : Math.round(burst.timeline().stream().mapToDouble(TimelinePoint::refusedPerSecond).sum());
    }

    /** Refusals (503 and 429) over every request sent, in percent. */
    public double refusedPercent() {
        double refused = load.timeline().stream().mapToDouble(TimelinePoint::refusedPerSecond).sum();
        return load.counts().sent() == 0 ? 0 : 100 * refused / load.counts().sent();
    }

    /** The second of the load a point of its timeline is, from 1. */
    public double secondOf(TimelinePoint point) {
        return point.atSeconds() - load.timeline().get(0).atSeconds() + 1;
    }

    /** The same over the first {@code seconds} seconds of the load only. */
    public double refusedPercentWithin(double seconds) {
        double refused = 0;
        double answered = 0;
        for (TimelinePoint point : load.timeline()) {
            if (secondOf(point) <= seconds) {
                refused += point.refusedPerSecond();
                answered += point.answersPerSecond();
            }
        }
        return answered == 0 ? 0 : 100 * refused / answered;
    }
}
