package dev.boxoffice.bench.scenario.surge;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.boxoffice.bench.client.Refusals;
import dev.boxoffice.bench.load.PhaseResult;
import dev.boxoffice.bench.load.TimelinePoint;
import dev.boxoffice.bench.measure.StepResult;
import dev.boxoffice.cluster.HaProxyStats;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * A surge: a calm phase, a surge phase at a multiple of a capacity measured in the same run, and a calm phase again,
 * on one continuous arrival schedule, for reservations across many shows and for a few hot shows.
 *
 * @param reservations       the surge of reservations, against the serial capacity; null when skipped
 * @param hotShows           the surge on hot shows, against the contention capacity; null when skipped
 * @param reservationsThroughEdge the surge of reservations again, through HAProxy in front of the same service (the
 *                                edge queues what the service cannot take at once); null when skipped
 */
@JsonInclude(JsonInclude.Include.NON_NULL) // fields added since, null in runs recorded before them, are left out
public record SurgeResult(Part reservations, Part hotShows, Part reservationsThroughEdge) {

    /** The parts that ran. */
    public List<Part> parts() {
        return Stream.of(reservations, hotShows, reservationsThroughEdge).filter(Objects::nonNull).toList();
    }

    /**
     * @param capacityRps        the capacity the rates are multiples of
     * @param requestsPerArrival requests each arrival of the schedule sends, at least (a hot-show user: two)
     * @param surgeStartSeconds  when the surge phase began, in seconds since the run started (as the timeline)
     * @param surgeSeconds       how long it lasted
     * @param recoverySeconds    after the surge, seconds until the per-second p99 was back under the SLO and stayed
     *                           there; NaN if it never was
     * @param refusedByService   the service's own count of its refusals during the part, by the bound that made them
     * @param edge               the edge's own counters during the part; null when the load went straight to the service
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Part(String description, double capacityRps, StepResult step, double requestsPerArrival,
            double surgeStartSeconds, double surgeSeconds, double recoverySeconds, Refusals refusedByService,
            HaProxyStats edge) {

        /** Refusals the service made itself (any bound), NaN where its counters could not be read. */
        public double serviceRefusals() {
            return refusedByService == null ? Double.NaN
                    : refusedByService.inFlight() + refusedByService.queueDelay() + refusedByService.connections();
        }

        /** The rate offered in a phase, in requests per second (an arrival may send more than one). */
        public double offeredRps(PhaseResult phase) {
            return phase.offeredRps() * requestsPerArrival;
        }

        public PhaseResult phase(String name) {
            return step.phases().stream().filter(p -> p.name().equals(name)).findFirst().orElse(null);
        }

        /** Seconds from the end of the surge until every later second of the step had p99 <= {@code sloMillis}. */
        public static double recovery(List<TimelinePoint> timeline, double surgeEndSeconds, double sloMillis) {
            double lastBad = surgeEndSeconds;
            boolean any = false;
            for (TimelinePoint point : timeline) {
                if (point.atSeconds() > surgeEndSeconds) {
                    any = true;
                    if (point.p99() > sloMillis) {
                        lastBad = point.atSeconds();
                    }
                }
            }
            return any ? lastBad - surgeEndSeconds : Double.NaN;
        }
    }
}
