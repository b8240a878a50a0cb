package dev.boxoffice.bench.run;

import dev.boxoffice.bench.measure.StepOptions;
import java.util.List;
import java.util.Map;

/**
 * What the command line asked for: the scenarios to run, in run order, and every option (each scenario's own, the
 * shared step options and the run's), also those of scenarios not run: the variants scenario runs serial, contention
 * and journeys with theirs.
 *
 * @param values every option's value as text, as given or defaulted, for the report
 */
public record Selection(List<Scenario<?>> scenarios, RunOptions run, StepOptions steps, Map<Class<?>, Object> options,
        Map<String, String> values) {

    public boolean runs(String scenario) {
        return scenarios.stream().anyMatch(s -> s.name().equals(scenario));
    }

    /** The options object of the given class: a scenario's, or the shared ones. */
    public <O> O options(Class<O> type) {
        Object found = type == RunOptions.class ? run : type == StepOptions.class ? steps : options.get(type);
        if (found == null) {
            throw new IllegalArgumentException("no options of type " + type.getSimpleName());
        }
        return type.cast(found);
    }

    public List<String> names() {
        return scenarios.stream().map(Scenario::name).toList();
    }
}
