package dev.boxoffice.bench.run;

import dev.boxoffice.bench.measure.SteppedResult;
import java.util.Map;

/**
 * One way of running the service, measured with the same load in the same run as the others: one node addressed
 * directly, one node through HAProxy, several nodes through HAProxy.
 *
 * @param startMillis      from spawning the service's JVMs to the first answer (through HAProxy for a cluster)
 * @param stepped          the result against it of each scenario measured in every topology, by scenario name
 * @param versionConflicts appends refused because another node had written the show first, over those scenarios
 */
public record TopologyResult(String name, int nodes, double startMillis, Map<String, SteppedResult> stepped,
        double versionConflicts) {

    /** The result of {@code scenario} against this topology; null when it did not run. */
    public SteppedResult of(String scenario) {
        return stepped.get(scenario);
    }
}
