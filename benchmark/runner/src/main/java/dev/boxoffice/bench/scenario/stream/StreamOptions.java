package dev.boxoffice.bench.scenario.stream;

import dev.boxoffice.bench.measure.Positive;
import picocli.CommandLine.Option;

/** Set by the command line (picocli implements it). */
public interface StreamOptions {

    @Option(names = "--stream-viewers", defaultValue = "1000", converter = Positive.Count.class,
            description = "stream: seat-map streams open on one show")
    int viewers();

    @Option(names = "--stream-rate", defaultValue = "50", converter = Positive.class,
            description = "stream: reservations per second on that show while the streams are open")
    double rate();

    @Option(names = "--stream-seconds", defaultValue = "20", converter = Positive.class,
            description = "stream: how long the reservations last")
    double seconds();
}
