package dev.boxoffice.bench.scenario.connections;

import dev.boxoffice.bench.measure.Positive;
import picocli.CommandLine.Option;

/** Set by the command line (picocli implements it). */
public interface ConnectionsOptions {

    @Option(names = "--idle-connections", defaultValue = "10000", converter = Positive.Count.class,
            description = "connections: keep-alive connections opened, each sent one request, then held idle")
    int connections();

    @Option(names = "--idle-connections-rate", defaultValue = "2000", converter = Positive.class,
            description = "connections: connections opened per second")
    double rate();
}
