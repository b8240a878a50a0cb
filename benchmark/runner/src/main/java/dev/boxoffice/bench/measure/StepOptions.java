package dev.boxoffice.bench.measure;

import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * The open-model load every stepped scenario shares: the SLO, the steps, the warm-up and the generator's limits.
 * Set by the command line (picocli implements it).
 */
public interface StepOptions {

    @Option(names = "--slo-ms", defaultValue = "50", converter = Positive.class,
            description = "p99 bar in milliseconds that a step must meet to count towards capacity")
    double sloMs();

    @Option(names = "--step-seconds", defaultValue = "15", converter = Positive.class,
            description = "duration of each open-model step")
    double stepSeconds();

    @Option(names = "--warmup-seconds", defaultValue = "60",
            description = "unreported warm-up before the serial and contention steps (lets the JIT compile the hot paths)")
    double warmupSeconds();

    @Option(names = "--warmup-rate", defaultValue = "3000", converter = Positive.class,
            description = "requests per second offered during the warm-up")
    double warmupRate();

    @Option(names = "--connections", defaultValue = "256", converter = Positive.Count.class,
            description = "HTTP connections of the open-model load generator (requests beyond them wait in the"
                    + " generator, timed from when they were due)")
    int connections();

    @Option(names = "--timeout-ms", defaultValue = "10000", converter = Positive.Count.class,
            description = "a request not answered within this is a timeout")
    int timeoutMs();

    @Option(names = "--keep-going", defaultValue = "false",
            description = "run every step even after one missed the SLO (default: stop after it)")
    boolean keepGoing();

    @Option(names = "--refine-percent", defaultValue = "5", converter = Positive.OrZero.class,
            description = "after the steps, halve the gap between the highest rate met and the rate missed above it"
                    + " until the gap is at most this percent of the rate met (0: no refinement)")
    double refinePercent();

    @Option(names = "--repeat-missed", defaultValue = "1", converter = Positive.CountOrZero.class,
            description = "times a step that missed the SLO is run again at the same rate; the rate counts as missed"
                    + " only if every attempt missed; with repeats, the rate missed just above the capacity gets a last"
                    + " try at the end (0: never)")
    int repeatMissed();

    /** These options as {@code args} set them, the others at their defaults. */
    static StepOptions parse(String... args) {
        CommandLine cli = new CommandLine(CommandSpec.forAnnotatedObject(StepOptions.class));
        cli.parseArgs(args);
        return cli.getCommand();
    }
}
