package dev.boxoffice.bench.scenario.onsale;

import dev.boxoffice.bench.measure.Positive;
import java.util.List;
import picocli.CommandLine.Option;

/** Set by the command line (picocli implements it). */
public interface OnsaleOptions {

    @Option(names = "--onsale-rates", split = ",", converter = Positive.class, defaultValue = "300,1000,3000",
            description = "onsale: new buyers arriving per second, one step each (and each client type)")
    List<Double> rates();

    @Option(names = "--onsale-seconds", defaultValue = "20", converter = Positive.class,
            description = "onsale: how long buyers keep arriving in each step")
    double seconds();

    @Option(names = "--onsale-hot-shows", defaultValue = "3", converter = Positive.Count.class,
            description = "onsale: shows everyone wants")
    int hotShows();

    @Option(names = "--onsale-cold-shows", defaultValue = "300", converter = Positive.Count.class,
            description = "onsale: other shows")
    int coldShows();

    @Option(names = "--onsale-hot-percent", defaultValue = "80", converter = Positive.class,
            description = "onsale: share of buyers who go for a hot show")
    double hotPercent();

    @Option(names = "--onsale-seats", defaultValue = "1000", converter = Positive.Count.class,
            description = "onsale: seats per show")
    int seats();

    @Option(names = "--onsale-through-edge", defaultValue = "true", negatable = true, fallbackValue = "true",
            description = "onsale: every step again through the edge (HAProxy with deploy/haproxy/haproxy.cfg in front of"
                    + " the same service, outside its CPU quota); --no-onsale-through-edge: straight only")
    boolean throughEdge();

    @Option(names = "--onsale-retries", defaultValue = "5", converter = Positive.Count.class,
            description = "onsale: times a buyer tries a request again after any failure (a 409, a 503, no answer)")
    int retries();
}
