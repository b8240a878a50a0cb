package dev.boxoffice.bench.scenario.variants;

import dev.boxoffice.bench.measure.StepResult;
import dev.boxoffice.bench.measure.SteppedResult;
import dev.boxoffice.bench.scenario.journeys.JourneysResult;

/**
 * One variant of the service measured in a variants run, in a JVM and a database of its own.
 *
 * @param settings    what the variant runs on (execution model, store, pool sizes), for the report
 * @param flameGraph  file name of its CPU profile at the profile rate in the run folder, or null
 * @param profileStep the serial step run while profiling, or null
 */
public record VariantResult(String name, String settings, double startMillis, double idleRssMiB, double maxRssMiB,
        SteppedResult serial, SteppedResult contention, JourneysResult journeys, String flameGraph, StepResult profileStep) {
}
