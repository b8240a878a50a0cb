package dev.boxoffice.bench.scenario.memory;

import dev.boxoffice.bench.measure.Positive;
import picocli.CommandLine.Option;

/** Set by the command line (picocli implements it). */
public interface MemoryOptions {

    @Option(names = "--memory-large-shows", defaultValue = "5000", converter = Positive.Count.class,
            description = "memory: shows of 10,000 seats created (and reserved into) first")
    int largeShows();

    @Option(names = "--memory-small-shows", defaultValue = "1000000", converter = Positive.Count.class,
            description = "memory: shows of 50 seats created (and reserved into) next")
    int smallShows();

    @Option(names = "--memory-rate", defaultValue = "4000", converter = Positive.class,
            description = "memory: shows of 50 seats created per second (each followed by a reservation)")
    double rate();

    @Option(names = "--memory-large-rate", defaultValue = "100", converter = Positive.class,
            description = "memory: shows of 10,000 seats created per second (each answer lists the whole hall, about 480 KB)")
    double largeRate();

    @Option(names = "--memory-reserve-rate", defaultValue = "4000", converter = Positive.class,
            description = "memory: reservations per second across all shows, last")
    double reserveRate();

    @Option(names = "--memory-reserve-seconds", defaultValue = "30", converter = Positive.class,
            description = "memory: how long the reservations across all shows last")
    double reserveSeconds();

    @Option(names = "--memory-connections", defaultValue = "2048", converter = Positive.Count.class,
            description = "memory: HTTP connections (more than the service admits at once, so that it, not the"
                    + " generator, decides what waits)")
    int connections();
}
