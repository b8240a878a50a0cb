package dev.boxoffice.bench.result;

import dev.boxoffice.bench.system.Pinning;
import java.util.List;
import java.util.Map;

/**
 * Everything one run measured, written as results.json and read back by the compare mode. With several nodes, serial
 * and contention hold the cluster's figures and {@code topologies} every topology's, the cluster's last.
 */
public record RunResult(String startedAt, double durationSeconds, Machine machine, Pinning pinning,
        Map<String, String> options, ServiceFacts service, LimitsResult limits, DispatchResult dispatch,
        SteppedResult serial, SteppedResult contention, JourneysResult journeys, SurgeResult surge, SweepResult sweep,
        MemoryResult memory, List<TopologyResult> topologies, FailoverResult failover, List<VariantResult> variants,
        List<String> notes) {
}
