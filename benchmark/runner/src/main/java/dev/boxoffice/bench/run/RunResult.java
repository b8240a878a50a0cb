package dev.boxoffice.bench.run;

import dev.boxoffice.bench.system.Pinning;
import java.util.List;
import java.util.Map;

/**
 * Everything one run measured, written as results.json and read back by the compare mode.
 *
 * @param options    every option's value as text
 * @param results    each scenario's result by its name, in run order
 * @param topologies with several nodes: each topology's results of the scenarios measured in every topology, the
 *                   cluster's last (whose results are also in {@code results})
 */
public record RunResult(String startedAt, double durationSeconds, Machine machine, Pinning pinning,
        Map<String, String> options, ServiceFacts service, Map<String, Object> results, List<TopologyResult> topologies,
        List<String> notes) {

    /** The result of {@code scenario} in this run, or null when it did not run. */
    public <T> T result(String scenario, Class<T> type) {
        Object result = results.get(scenario);
        return type.isInstance(result) ? type.cast(result) : null;
    }
}
