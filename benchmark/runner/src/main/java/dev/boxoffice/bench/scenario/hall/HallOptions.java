package dev.boxoffice.bench.scenario.hall;

import dev.boxoffice.bench.measure.Positive;
import java.util.List;
import picocli.CommandLine.Option;

/** Set by the command line (picocli implements it). */
public interface HallOptions {

    @Option(names = "--hall-rates", split = ",", converter = Positive.class,
            defaultValue = "500,1000,1500,2000,2500,3000,4000,5000",
            description = "hall: the rates of the steps, buyers arriving per second, for each way of choosing seats")
    List<Double> rates();

    @Option(names = "--hall-warmup-rate", defaultValue = "500", converter = Positive.class,
            description = "hall: buyers per second of each warm-up, instead of --warmup-rate: a buyer is a hold and its"
                    + " release, and the serial warm-up's rate would be three times the capacity")
    double warmupRate();

    @Option(names = "--hall-seats", defaultValue = "50000", converter = Positive.Count.class,
            description = "hall: seats of the halls on sale (sections of 100 rows of 50; a multiple of 50)")
    int seats();

    @Option(names = "--hall-seats-per-buyer", defaultValue = "1", converter = Positive.Count.class,
            description = "hall: seats each buyer holds, named or best available (at most 20)")
    int seatsPerBuyer();

    @Option(names = "--hall-ttl-seconds", defaultValue = "5", converter = Positive.Count.class,
            description = "hall: how long the buyers' holds last; they are confirmed 100 ms after, and only those left"
                    + " when a step ends expire, within the scenario")
    int ttlSeconds();

    @Option(names = "--hall-stadiums", defaultValue = "20", converter = Positive.Count.class,
            description = "hall: 100,000-seat shows, nine seats in ten sold, weighed on the heap and loaded again")
    int stadiums();

    @Option(names = "--hall-stadium-seats", defaultValue = "100000", converter = Positive.Count.class,
            description = "hall: seats of each stadium (a multiple of 100, up to 100,000, the most a show has)")
    int stadiumSeats();

    @Option(names = "--hall-decisions-together", split = ",", defaultValue = "1,2,3,4,8", converter = Positive.Count.class,
            description = "hall: seats together timed in the domain on a stadium sold at random (8 or more: refused there)")
    List<Integer> decisionsTogether();

    @Option(names = "--hall-idle-seconds", defaultValue = "5", converter = Positive.Count.class,
            description = "hall: the idle timeout of the stadiums' service, after which they leave memory")
    int idleSeconds();

    @Option(names = "--hall-half-capacity-seconds", defaultValue = "60", converter = Positive.Count.class,
            description = "hall: how long best available is measured at half its capacity; a step of 10 s gets one p99"
                    + " out of 20,000 answers, and one stall of the shared host (100-200 ms, a few a minute) sets it")
    int halfCapacitySeconds();
}
