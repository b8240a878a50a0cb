package dev.boxoffice.bench.scenario.surge;

import dev.boxoffice.bench.measure.Positive;
import picocli.CommandLine.Option;

/** Set by the command line (picocli implements it). */
public interface SurgeOptions {

    @Option(names = "--surge-factor", defaultValue = "3", converter = Positive.class,
            description = "surge: the surge of reservations, as a multiple of the serial capacity")
    double factor();

    @Option(names = "--surge-hot-factor", defaultValue = "2", converter = Positive.class,
            description = "surge: the surge on hot shows, as a multiple of the contention capacity")
    double hotFactor();

    @Option(names = "--surge-seconds", defaultValue = "30", converter = Positive.class,
            description = "surge: how long each surge lasts")
    double seconds();

    @Option(names = "--surge-calm-seconds", defaultValue = "15", converter = Positive.class,
            description = "surge: calm (half the capacity) before and after each surge")
    double calmSeconds();

    @Option(names = "--surge-warmup-burst-seconds", defaultValue = "10", converter = Positive.OrZero.class,
            description = "surge: after each part's warm-up, this long at the surge's own rate the same way, so that the"
                    + " measured surge is not the first crowd the service's JIT meets (0: none)")
    double warmupBurstSeconds();

    @Option(names = "--surge-connections", defaultValue = "2048", converter = Positive.Count.class,
            description = "surge: HTTP connections, opened before the load (a surge brings many buyers at once; the"
                    + " service bounds its connections at 4096)")
    int connections();

    @Option(names = "--surge-seats", defaultValue = "1000", converter = Positive.Count.class,
            description = "surge: seats per show of the reservations' pool (shows are created for one reservation per request)")
    int seats();

    @Option(names = "--surge-through-edge", defaultValue = "true", negatable = true, fallbackValue = "true",
            description = "surge: the surge of reservations again through the edge (HAProxy with deploy/haproxy/haproxy.cfg"
                    + " in front of the same service, outside its CPU quota); --no-surge-through-edge: straight only")
    boolean throughEdge();

    @Option(names = "--surge-base-rps", defaultValue = "0", converter = Positive.OrZero.class,
            description = "surge: the serial capacity to multiply (default 0: as measured by serial in this run)")
    double baseRps();

    @Option(names = "--surge-hot-base-rps", defaultValue = "0", converter = Positive.OrZero.class,
            description = "surge: the contention capacity to multiply (default 0: as measured by contention in this run)")
    double hotBaseRps();
}
