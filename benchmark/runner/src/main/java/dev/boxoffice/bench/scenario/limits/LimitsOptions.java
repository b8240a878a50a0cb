package dev.boxoffice.bench.scenario.limits;

import dev.boxoffice.bench.measure.Positive;
import picocli.CommandLine.Option;

/** Set by the command line (picocli implements it). */
public interface LimitsOptions {

    @Option(names = "--limits-seconds", defaultValue = "8", converter = Positive.class,
            description = "limits: seconds per PostgreSQL append measurement")
    double seconds();

    @Option(names = "--limits-clients", defaultValue = "8", converter = Positive.Count.class,
            description = "limits: PostgreSQL connections appending at once")
    int clients();

    @Option(names = "--limits-batch", defaultValue = "64", converter = Positive.Count.class,
            description = "limits: rows per multi-row INSERT")
    int batch();
}
