package dev.boxoffice.bench.scenario.journeys;

import dev.boxoffice.bench.measure.StepResult;
import dev.boxoffice.bench.measure.SteppedResult;
import java.util.List;
import java.util.Map;

/**
 * User journeys arriving in fixed proportions: the stepped result (offered rates in journeys started per second,
 * latency and errors over every request), and per step each journey's and each request type's figures.
 *
 * @param mix     each journey's share, in percent
 * @param thinkMs the pause between two requests of a journey
 * @param retryPercent the share of writes sent again under their Idempotency-Key once answered (0: none)
 */
public record JourneysResult(SteppedResult stepped, Map<String, Integer> mix, double thinkMs, int retryPercent,
        List<Breakdown> breakdowns) {

    /** One step's figures by journey and by request type. */
    public record Breakdown(String label, double journeysPerSecond, List<Figures> journeys, List<Figures> requests) {
    }

    /**
     * A journey's latency is the sum of its requests' latencies (think time excluded); it failed if any request did.
     * A request's latency runs from the moment it was due.
     */
    public record Figures(String name, long count, long ok, long conflicts, long errors, double p50Millis, double p99Millis) {
    }

    /** The breakdown of the step that sets the capacity, else of the first step. */
    public Breakdown atCapacity() {
        StepResult step = stepped.capacityStep();
        String label = step != null ? step.label() : stepped.steps().isEmpty() ? null : stepped.steps().get(0).label();
        return breakdowns.stream().filter(b -> b.label().equals(label)).findFirst().orElse(null);
    }
}
