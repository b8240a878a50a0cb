package dev.boxoffice.bench.scenario.holds;

import dev.boxoffice.bench.measure.Positive;
import java.util.List;
import picocli.CommandLine.Option;

/** Set by the command line (picocli implements it). */
public interface HoldsOptions {

    @Option(names = "--holds-rates", split = ",", converter = Positive.class,
            defaultValue = "1000,2000,3000,4000,5000,6000,7000,8000,9000,10000",
            description = "holds: the rates of the steps, buyers arriving per second (each holds seats, then confirms"
                    + " them or lets the hold expire)")
    List<Double> rates();

    @Option(names = "--holds-warmup-rate", defaultValue = "1000", converter = Positive.class,
            description = "holds: requests per second of the warm-up, instead of --warmup-rate: run alone, the scenario"
                    + " meets a cold service, and an overloaded warm-up turns 2 s holds into expiries and 410s")
    double warmupRate();

    @Option(names = "--holds-seats-per-hold", defaultValue = "2", converter = Positive.Count.class,
            description = "holds: seats in each hold")
    int seatsPerHold();

    @Option(names = "--holds-expire-percent", defaultValue = "10", converter = Positive.OrZero.class,
            description = "holds: buyers who never confirm, in percent: their holds expire")
    double expirePercent();

    @Option(names = "--holds-ttl-seconds", defaultValue = "2", converter = Positive.Count.class,
            description = "holds: how long a buyer's hold lasts (short, so that the expiries fall within the steps)")
    int ttlSeconds();

    @Option(names = "--holds-think-ms", defaultValue = "100",
            description = "holds: pause between a buyer's hold and confirmation (paying)")
    double thinkMs();

    @Option(names = "--holds-pending", defaultValue = "100000", converter = Positive.Count.class,
            description = "holds: pending holds placed before the expiry measurement, two seats each")
    int pending();

    @Option(names = "--holds-pending-shows", defaultValue = "10000", converter = Positive.Count.class,
            description = "holds: shows of 50 seats the pending holds are spread over")
    int pendingShows();

    @Option(names = "--holds-pending-rate", defaultValue = "4000", converter = Positive.class,
            description = "holds: pending holds placed per second (shows are created at half this rate)")
    double pendingRate();

    @Option(names = "--holds-expiry-seconds", defaultValue = "50", converter = Positive.class,
            description = "holds: the window the pending holds' expiries are spread over")
    double expirySeconds();

    @Option(names = "--holds-idle-seconds", defaultValue = "10", converter = Positive.Count.class,
            description = "holds: the service's idle timeout (boxoffice.entities.idle-timeout) in this scenario, so"
                    + " that the shows of pending holds leave memory before their holds expire")
    int idleSeconds();
}
