package dev.boxoffice.bench.scenario.faults;

import dev.boxoffice.bench.measure.Positive;
import java.util.List;
import picocli.CommandLine.Option;

/** Set by the command line (picocli implements it). */
public interface FaultsOptions {

    @Option(names = "--faults-kinds", defaultValue = "kill,pause,primary,ring,mixed", split = ",",
            description = "faults: the kinds of fault, a set of histories each: kill, pause, primary, ring, mixed")
    List<String> kinds();

    @Option(names = "--faults-histories", defaultValue = "1", converter = Positive.Count.class,
            description = "faults: histories recorded for each kind")
    int histories();

    @Option(names = "--faults-seconds", defaultValue = "60", converter = Positive.class,
            description = "faults: length of a history, faults injected throughout")
    double seconds();

    @Option(names = "--faults-shows", defaultValue = "10", converter = Positive.Count.class,
            description = "faults: shows a history's clients share (new ones each history)")
    int shows();

    @Option(names = "--faults-seats", defaultValue = "16", converter = Positive.Count.class,
            description = "faults: seats of each show: few, so that clients contend for them")
    int seats();

    @Option(names = "--faults-clients", defaultValue = "16", converter = Positive.Count.class,
            description = "faults: clients, each one operation at a time")
    int clients();

    @Option(names = "--faults-rate", defaultValue = "200", converter = Positive.class,
            description = "faults: operations a second, all clients together (each paces itself at random intervals"
                    + " around its share); a history stays one the checker can search")
    double rate();
}
