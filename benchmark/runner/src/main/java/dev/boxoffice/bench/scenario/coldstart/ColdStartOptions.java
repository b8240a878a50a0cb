package dev.boxoffice.bench.scenario.coldstart;

import dev.boxoffice.bench.measure.Positive;
import picocli.CommandLine.Option;

/** Set by the command line (picocli implements it). */
public interface ColdStartOptions {

    @Option(names = "--coldstart-rate", defaultValue = "0", converter = Positive.OrZero.class,
            description = "coldstart: reservations per second offered from the first second (0: --coldstart-percent of"
                    + " the serial capacity measured in the same run)")
    double rate();

    @Option(names = "--coldstart-percent", defaultValue = "25", converter = Positive.class,
            description = "coldstart: the share of the same run's serial capacity offered, without --coldstart-rate")
    double percent();

    @Option(names = "--coldstart-seconds", defaultValue = "30", converter = Positive.class,
            description = "coldstart: how long the load lasts")
    double seconds();

    @Option(names = "--coldstart-burst", defaultValue = "1000", converter = Positive.CountOrZero.class,
            description = "coldstart: show creations sent all at once, each on a connection of its own, to another fresh"
                    + " service the moment it is ready (0: none)")
    int burst();
}
