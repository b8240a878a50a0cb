package dev.boxoffice.bench.scenario.failover;

import dev.boxoffice.bench.measure.Positive;
import picocli.CommandLine.Option;

/** Set by the command line (picocli implements it). */
public interface FailoverOptions {

    @Option(names = "--failover-rate", defaultValue = "0", converter = Positive.OrZero.class,
            description = "failover: reservations per second (default 0: half the serial capacity of this run, or 2000)")
    double rate();

    @Option(names = "--failover-seconds", defaultValue = "30", converter = Positive.class,
            description = "failover: length of the step")
    double seconds();

    @Option(names = "--failover-kill-at", defaultValue = "10", converter = Positive.class,
            description = "failover: second of the step at which node 2 is killed (kill -9)")
    double killAt();

    @Option(names = "--failover-restart-at", defaultValue = "20", converter = Positive.class,
            description = "failover: second of the step at which it is started again")
    double restartAt();
}
