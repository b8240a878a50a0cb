package dev.boxoffice.bench.scenario.queue;

import dev.boxoffice.bench.measure.Positive;
import picocli.CommandLine.Option;

/** Set by the command line (picocli implements it). */
public interface QueueOptions {

    @Option(names = "--queue-factor", defaultValue = "10", converter = Positive.class,
            description = "queue: buyers arrive at this many times the purchase capacity measured first")
    double factor();

    @Option(names = "--queue-seconds", defaultValue = "30", converter = Positive.class,
            description = "queue: how long buyers keep arriving")
    double seconds();

    @Option(names = "--queue-capacity-seconds", defaultValue = "10", converter = Positive.class,
            description = "queue: how long purchases without a waiting room are measured first")
    double capacitySeconds();

    @Option(names = "--queue-shows", defaultValue = "4", converter = Positive.Count.class,
            description = "queue: shows on sale at once, each with its waiting room (their rates add up to the capacity);"
                    + " more when the crowd needs more seats than half of theirs")
    int shows();

    @Option(names = "--queue-seats", defaultValue = "10000", converter = Positive.Count.class,
            description = "queue: seats per show")
    int seats();

    @Option(names = "--queue-through-edge", defaultValue = "true", negatable = true, fallbackValue = "true",
            description = "queue: both steps through the edge (HAProxy with deploy/haproxy/haproxy.cfg in front of the"
                    + " service, outside its CPU quota), as the crowd meets a deployment; --no-queue-through-edge: straight")
    boolean throughEdge();

    @Option(names = "--queue-lines", defaultValue = "1",
            description = "queue: line services serving the waiting rooms' lines behind the edge, on the load generator's"
                    + " cores (0: the service serves them itself); only through the edge")
    int lines();

    @Option(names = "--queue-line-seconds", defaultValue = "10", converter = Positive.OrZero.class,
            description = "queue: after the crowd, one line service alone at its throughput: this long of joins, then of"
                    + " polls, each after as long a warm-up (0: not measured)")
    double lineSeconds();

    @Option(names = "--queue-node-cost-seconds", defaultValue = "20", converter = Positive.OrZero.class,
            description = "queue: after the crowd, the node's CPU per request of each kind it brings (admissions, holds,"
                    + " confirmations), each kind this long at the purchase capacity a second, as the crowd brings them, and the node idle as long (0: not measured)")
    double nodeCostSeconds();

    @Option(names = "--queue-node-cost-rate", defaultValue = "0", converter = Positive.OrZero.class,
            description = "queue: the node's costs per request kind measured at this many requests a second (0: at the"
                    + " purchase capacity measured first, as a crowd brings them)")
    double nodeCostRate();

    @Option(names = "--queue-steering-seconds", defaultValue = "15", converter = Positive.OrZero.class,
            description = "queue: after the crowd, two on-sales steered while their lines wait, buyers following their"
                    + " tickets' streams: an operator doubling the rate after this long (and as long after), and a show"
                    + " selling out after about this long (0: not measured)")
    double steeringSeconds();

    @Option(names = "--queue-max-drain-seconds", defaultValue = "900", converter = Positive.class,
            description = "queue: how long the lines may take to empty once the crowd has arrived, at most")
    double maxDrainSeconds();
}
