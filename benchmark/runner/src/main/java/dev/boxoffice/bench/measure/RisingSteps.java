package dev.boxoffice.bench.measure;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * The step plan of an open-model scenario: an unreported warm-up ({@code --warmup-seconds} at {@code --warmup-rate}),
 * then one step per rate given, stopping after the first rate that misses the SLO unless {@code --keep-going}; then
 * the capacity is refined by halving the gap between the highest rate met and the rate missed above it until the gap
 * is at most {@code --refine-percent} of the rate met.
 *
 * <p>A step that misses the SLO is run again at the same rate ({@code --repeat-missed} times): the rate counts as
 * missed only when every attempt missed. On a shared host a single stall of a few hundred milliseconds (a disk flush,
 * a neighbour's burst) lifts a ten-second step's p99 over the SLO; without the repeat the capacity of one variant
 * moved by a whole step between runs.
 *
 * <p>With repeats, the plan ends by running the rate that bounds the capacity (the lowest rate missed above it) once
 * more, minutes after its last attempt: two stalls in a row there would otherwise set the capacity of the whole
 * scenario. If that rate meets the SLO now, the plan carries on above it, climbing and refining as before, and tries
 * no rate a third time again.
 */
public final class RisingSteps {

    public static final String WARMUP = "warm-up";
    static final String LAST_TRY = "last try";

    /** Runs one step at {@code rate} requests per second for {@code seconds}. */
    @FunctionalInterface
    public interface Step {
        StepResult run(String label, double rate, double seconds);
    }

    private final StepOptions options;
    private final String scenario;
    private final Step step;
    private final Consumer<String> info;
    private final TreeMap<Double, StepResult> decisive = new TreeMap<>();
    private final List<StepResult> repeated = new ArrayList<>();
    private int refinements; // numbers the refinement steps across both refinements

    private RisingSteps(StepOptions options, String scenario, Step step, Consumer<String> info) {
        this.options = options;
        this.scenario = scenario;
        this.step = step;
        this.info = info;
    }

    /**
     * The most times {@link #run} can call its step: the warm-up, every rate and every refinement (twice over when the
     * last try meets the SLO), each attempted {@code 1 + --repeat-missed} times, and the last try (the contention
     * scenario prepares fresh shows for each).
     */
    public static int mostSteps(StepOptions options, List<Double> rates) {
        int refinements = 0;
        if (options.refinePercent() > 0) {
            double previous = 0;
            for (double rate : rates.stream().sorted().toList()) {
                if (previous > 0) {
                    double gapPercent = (rate - previous) / previous * 100;
                    refinements = Math.max(refinements, 1 + (int) Math.ceil(log2(gapPercent / options.refinePercent())));
                }
                previous = rate;
            }
        }
        boolean lastTry = options.repeatMissed() > 0;
        return (rates.size() + (lastTry ? 2 : 1) * refinements) * (1 + options.repeatMissed()) + (lastTry ? 1 : 0)
                + (options.warmupSeconds() > 0 ? 1 : 0);
    }

    /** An estimate of the plan's length: the warm-up, then each rate once. */
    public static double plannedSeconds(StepOptions options, List<Double> rates) {
        return options.warmupSeconds() + rates.size() * (options.stepSeconds() + 1);
    }

    public static SteppedResult run(Bench bench, String scenario, List<Double> rates, String description, Step step) {
        StepOptions options = bench.steps();
        Step inTurns = (label, rate, seconds) -> {
            StepResult result = step.run(label, rate, seconds);
            bench.passTurn();
            return result;
        };
        StepResult warmup = options.warmupSeconds() > 0 ? inTurns.run(WARMUP, bench.warmupRate(), bench.warmupSeconds()) : null;
        return bench.profiled(scenario, () -> measure(options, scenario, description, warmup, rates, inTurns, bench.progress()::info));
    }

    /** The measured steps: up the rates, then the refinement; {@code info} hears what the plan decides. */
    static SteppedResult measure(StepOptions options, String scenario, String description, StepResult warmup,
            List<Double> rates, Step step, Consumer<String> info) {
        RisingSteps plan = new RisingSteps(options, scenario, step, info);
        int climbed = plan.climb(rates, 0);
        plan.refine();
        if (options.repeatMissed() > 0) {
            Double limit = plan.decisive.higherKey(plan.capacity());
            if (limit != null && plan.metAtLastTry(limit)) {
                if (plan.decisive.higherKey(limit) == null) {
                    plan.climb(rates, climbed);
                }
                plan.refine();
            }
        }
        List<StepResult> steps = List.copyOf(plan.decisive.values());
        return new SteppedResult(scenario, description, options.sloMs(), warmup, steps, List.copyOf(plan.repeated),
                SteppedResult.capacity(steps, options.sloMs()));
    }

    /** Runs the rates from index {@code from} up; returns the index after the last one it ran. */
    private int climb(List<Double> rates, int from) {
        for (int i = from; i < rates.size(); i++) {
            if (!attempt("step " + (i + 1) + "/" + rates.size(), rates.get(i)) && !options.keepGoing()) {
                info.accept(scenario + ": " + Math.round(rates.get(i)) + " missed the SLO (p99 <= "
                        + options.sloMs() + " ms, no errors), no higher steps");
                return i + 1;
            }
        }
        return rates.size();
    }

    private double capacity() {
        return SteppedResult.capacity(List.copyOf(decisive.values()), options.sloMs());
    }

    /** Runs the missed rate {@code limit} once more, its decisive attempt now; true if it met the SLO this time. */
    private boolean metAtLastTry(double limit) {
        StepResult result = step.run(LAST_TRY, limit, options.stepSeconds());
        repeated.add(decisive.put(limit, result));
        if (!result.meets(options.sloMs())) {
            info.accept(scenario + ": " + Math.round(limit) + " missed the SLO at its last try too");
            return false;
        }
        info.accept(scenario + ": " + Math.round(limit) + " met the SLO at its last try; carrying on above it");
        return true;
    }

    private void refine() {
        if (options.refinePercent() <= 0) {
            return;
        }
        while (true) {
            double met = capacity();
            Double missed = decisive.higherKey(met);
            if (met == 0 || missed == null || (missed - met) / met * 100 <= options.refinePercent()) {
                return;
            }
            double between = roundedBetween(met, missed);
            if (between <= met || between >= missed) {
                return;
            }
            attempt("refine " + ++refinements, between);
        }
    }

    /** Runs the step at {@code rate}, again while it misses (up to --repeat-missed times); true if it met the SLO. */
    private boolean attempt(String label, double rate) {
        StepResult result = step.run(label, rate, options.stepSeconds());
        for (int again = 1; !result.meets(options.sloMs()) && again <= options.repeatMissed(); again++) {
            repeated.add(result);
            info.accept(scenario + ": " + label + " missed the SLO; running it again");
            result = step.run(label + " again" + (again > 1 ? " " + again : ""), rate, options.stepSeconds());
        }
        decisive.put(rate, result);
        return result.meets(options.sloMs());
    }

    /** The middle of two rates, to three significant digits (5250, not 5234.375). */
    static double roundedBetween(double low, double high) {
        return new BigDecimal((low + high) / 2).round(new MathContext(3)).doubleValue();
    }

    private static double log2(double value) {
        return Math.log(value) / Math.log(2);
    }
}
