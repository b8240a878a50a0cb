package dev.boxoffice.bench.scenario.contention;

import dev.boxoffice.bench.measure.Positive;
import java.util.List;
import picocli.CommandLine.Option;

/** Set by the command line (picocli implements it). */
public interface ContentionOptions {

    @Option(names = "--contention-rates", split = ",", converter = Positive.class,
            defaultValue = "1000,2000,4000,6000,8000,10000,12000,14000,16000,20000,24000",
            description = "contention: the rates of the steps, requests per second (2 per user; retries on 409 come on top)")
    List<Double> rates();

    @Option(names = "--hot-shows", defaultValue = "2", converter = Positive.Count.class,
            description = "contention: shows that every user competes for")
    int hotShows();

    @Option(names = "--hot-seats", defaultValue = "500", converter = Positive.Count.class,
            description = "contention: seats per hot show (a large hall: with 50, thousands of users a second run out of"
                    + " free seats and retry, which measures seat scarcity, not the hot show)")
    int hotSeats();
}
