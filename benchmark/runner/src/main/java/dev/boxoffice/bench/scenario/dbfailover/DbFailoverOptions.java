package dev.boxoffice.bench.scenario.dbfailover;

import dev.boxoffice.bench.measure.Positive;
import picocli.CommandLine.Option;

/** Set by the command line (picocli implements it). */
public interface DbFailoverOptions {

    @Option(names = "--dbfailover-rate", defaultValue = "500", converter = Positive.class,
            description = "dbfailover: reservations per second, each of a seat of its own")
    double rate();

    @Option(names = "--dbfailover-seconds", defaultValue = "60", converter = Positive.class,
            description = "dbfailover: length of the step")
    double seconds();

    @Option(names = "--dbfailover-kill-at", defaultValue = "10", converter = Positive.class,
            description = "dbfailover: second of the step at which the primary's PostgreSQL and keeper are killed (kill -9);"
                    + " the killed server is started again 15 s later and rejoins as a standby")
    double killAt();

    @Option(names = "--dbfailover-servers-lost", defaultValue = "1", converter = Positive.Count.class,
            description = "dbfailover: servers killed at once: 1, the primary; 2, the primary and a standby (of three)")
    int serversLost();

    @Option(names = "--dbfailover-switchover-at", defaultValue = "40", converter = Positive.class,
            description = "dbfailover: second of the step from which a planned switchover starts as soon as every"
                    + " standby is in sync (at the latest 10 s before the step ends)")
    double switchoverAt();
}
