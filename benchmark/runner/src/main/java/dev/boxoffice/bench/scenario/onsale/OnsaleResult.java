package dev.boxoffice.bench.scenario.onsale;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.boxoffice.bench.client.Refusals;
import dev.boxoffice.bench.load.Latency;
import dev.boxoffice.bench.measure.StepResult;
import dev.boxoffice.cluster.HaProxyStats;
import java.util.List;

/** What the onsale scenario measured: a step per rate and client type. */
public record OnsaleResult(List<Step> steps) {

    /**
     * One rate of arriving buyers, all of one client type.
     *
     * @param client    how its buyers retry ({@link Buyer.Client})
     * @param intents   buyers who arrived: each wants to reserve a seat and then cancel it
     * @param completed buyers whose reservation and cancellation both succeeded
     * @param attempts  requests sent, first tries and retries
     * @param refusals  answers 503 or 429
     * @param noAnswer  requests that got no answer: connection refused or closed, or timed out
     * @param completion from a buyer's arrival to its cancellation's answer, for completed buyers, milliseconds
     * @param answers   every request (the step's latency is of every answer)
     * @param answeringAgainMillis from the end of the crowd until the service answered a request again, NaN if it
     *                  did not within a minute
     * @param refusedBy the service's own count of the step's refusals, by the bound that made them
     * @param edge      the edge's own counters over the step; null when the buyers went straight to the service
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Step(Buyer.Client client, long intents, long completed, long attempts, long refusals, long noAnswer,
            Latency completion, StepResult answers, double answeringAgainMillis, Refusals refusedBy, HaProxyStats edge) {

        public double completedPerSecond() {
            return completed / answers.seconds();
        }

        public double attemptsPerIntent() {
            return intents == 0 ? Double.NaN : (double) attempts / intents;
        }
    }
}
