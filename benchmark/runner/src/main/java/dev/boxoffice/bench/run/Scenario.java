package dev.boxoffice.bench.run;

import dev.boxoffice.bench.measure.StepResult;
import dev.boxoffice.bench.measure.SteppedResult;
import dev.boxoffice.bench.report.Section;
import dev.boxoffice.bench.report.SummaryRow;
import java.util.List;
import java.util.Map;

/**
 * One experiment of the benchmark, and everything the run needs to know of it: its name and options, what it is
 * measured against, how long it takes, how to run it, and how its result reads in the reports. A scenario lives in a
 * package of its own under {@code scenario/} (its scenario, options, result and report) and is registered by one line
 * in {@code Scenarios}; nothing else in the runner knows it.
 *
 * @param <R> its result, as results.json holds it
 */
public abstract class Scenario<R> {

    private final String name;
    private final String summary;
    private final Class<R> resultType;
    private final Class<?> optionsType;
    private final Target target;
    private final boolean runsByDefault;

    /**
     * @param name          its name on the command line, in results.json and in steps.csv
     * @param summary       what it measures, in a line, for --help and the progress lines
     * @param optionsType   an interface whose picocli-annotated methods the command line sets; null if it has none
     * @param runsByDefault whether it runs when no scenario is named
     */
    protected Scenario(String name, String summary, Class<R> resultType, Class<?> optionsType, Target target,
            boolean runsByDefault) {
        this.name = name;
        this.summary = summary;
        this.resultType = resultType;
        this.optionsType = optionsType;
        this.target = target;
        this.runsByDefault = runsByDefault;
    }

    public final String name() {
        return name;
    }

    public final String summary() {
        return summary;
    }

    public final Class<R> resultType() {
        return resultType;
    }

    public final Class<?> optionsType() {
        return optionsType;
    }

    public final Target target() {
        return target;
    }

    public final boolean runsByDefault() {
        return runsByDefault;
    }

    /**
     * Refuses options that do not fit together, with an IllegalArgumentException that names them. Called for every
     * scenario, run or not: an option of a scenario that does not run may be a mistake too.
     */
    public void check(Selection selection) {
    }

    /** An estimate of its length in seconds, against one service tier, for the progress line. */
    public abstract double plannedSeconds(Selection selection);

    public abstract R run(Run run);

    /** Every step it ran, in the order they ran: a row each in steps.csv; a stepped result's attempts. */
    public List<StepResult> steps(R result) {
        return result instanceof SteppedResult stepped ? stepped.attempts() : List.of();
    }

    /** Its rows of the report's summary table. */
    public List<SummaryRow> summary(R result, RunResult run) {
        return List.of();
    }

    /** Its sections of the reports. */
    public abstract List<Section> sections(R result, RunResult run);

    /** Its key figures, by name, for comparing runs ({@code ./boxoffice bench compare}). */
    public Map<String, Double> figures(R result) {
        return Map.of();
    }
}
