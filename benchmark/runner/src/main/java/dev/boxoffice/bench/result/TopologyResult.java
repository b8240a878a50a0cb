package dev.boxoffice.bench.result;

/**
 * One way of running the service, measured with the same load in the same run as the others: one node addressed
 * directly, one node through HAProxy, several nodes through HAProxy.
 *
 * @param startMillis      from spawning the service's JVMs to the first answer (through HAProxy for a cluster)
 * @param serial           the serial scenario against it; null when not run
 * @param contention       the contention scenario against it; null when not run
 * @param versionConflicts appends refused because another node had written the show first, over both scenarios
 */
public record TopologyResult(String name, int nodes, double startMillis, SteppedResult serial, SteppedResult contention,
        double versionConflicts) {
}
