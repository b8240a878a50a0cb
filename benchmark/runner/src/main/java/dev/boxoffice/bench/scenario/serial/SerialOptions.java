package dev.boxoffice.bench.scenario.serial;

import dev.boxoffice.bench.measure.Positive;
import java.util.List;
import picocli.CommandLine.Option;

/** Set by the command line (picocli implements it). */
public interface SerialOptions {

    @Option(names = "--serial-rates", split = ",", converter = Positive.class,
            defaultValue = "1000,2000,4000,6000,8000,10000,12000,14000,16000,18000,20000,24000,28000",
            description = "serial: the rates of the steps, requests per second")
    List<Double> rates();

    @Option(names = "--seats", defaultValue = "50", converter = Positive.Count.class,
            description = "serial: seats per show (a user creates one show, then reserves every seat)")
    int seats();
}
