package dev.boxoffice.bench.scenario.stream;

import dev.boxoffice.bench.measure.Positive;
import java.util.List;
import picocli.CommandLine.Option;

/** Set by the command line (picocli implements it). */
public interface StreamOptions {

    @Option(names = "--stream-viewers", defaultValue = "1000", converter = Positive.Count.class,
            description = "stream: seat-map streams open on one show")
    int viewers();

    @Option(names = "--stream-rates", split = ",", converter = Positive.class, defaultValue = "10,25,50",
            description = "stream: the steps' reservations per second on that show (each reaches every stream)")
    List<Double> rates();

    @Option(names = "--stream-seconds", defaultValue = "15", converter = Positive.class,
            description = "stream: how long each step lasts")
    double seconds();
}
