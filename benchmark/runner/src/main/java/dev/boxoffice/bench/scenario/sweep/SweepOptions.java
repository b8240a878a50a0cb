package dev.boxoffice.bench.scenario.sweep;

import dev.boxoffice.bench.measure.Positive;
import java.util.List;
import picocli.CommandLine.Option;

/** Set by the command line (picocli implements it). */
public interface SweepOptions {

    @Option(names = "--sweep-connections", split = ",", defaultValue = "1,5,10,20,40", converter = Positive.Count.class,
            description = "sweep: closed-loop connection counts")
    List<Integer> connections();

    @Option(names = "--sweep-seconds", defaultValue = "8", converter = Positive.class,
            description = "sweep: seconds per level and operation")
    double seconds();
}
