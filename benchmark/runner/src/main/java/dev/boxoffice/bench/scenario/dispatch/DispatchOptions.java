package dev.boxoffice.bench.scenario.dispatch;

import dev.boxoffice.bench.measure.Positive;
import picocli.CommandLine.Option;

/** Set by the command line (picocli implements it). */
public interface DispatchOptions {

    @Option(names = "--dispatch-connections", defaultValue = "40", converter = Positive.Count.class,
            description = "dispatch and HTTP limit: closed-loop connections")
    int connections();

    @Option(names = "--dispatch-seconds", defaultValue = "10", converter = Positive.class,
            description = "dispatch and HTTP limit: seconds measured per variant (after 5 s of warm-up)")
    double seconds();
}
