package dev.boxoffice.bench.scenario.variants;

import static dev.boxoffice.bench.report.Format.num;

import dev.boxoffice.bench.report.Format;
import dev.boxoffice.bench.report.Table;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The variants matrix of several variants runs: each figure's median and every run's value, and each ratio to
 * reactive as the median of the runs' own ratios (a variant against the service measured in the same run), with
 * its range and how far the farthest run lies from the median: how far one run's answer can be trusted.
 */
public final class VariantsAcrossRuns {

    private VariantsAcrossRuns() {
    }

    /** True when every run measured variants, reactive among them, and there are enough runs for a median. */
    public static boolean applies(List<VariantsResult> runs) {
        return runs.size() >= 3 && runs.stream().allMatch(r -> r != null && r.variant("reactive") != null);
    }

    /** The figures (rows) of every variant that all runs measured (columns): median (each run's value, in order). */
    public static Table medians(List<VariantsResult> runs) {
        return table(runs, "Median (each run)", commonVariants(runs), (variant, perRun) -> {
            List<Double> values = perRun.apply(variant);
            int decimals = Format.decimals(median(values));
            return num(median(values), decimals) + " (" + String.join(" / ", values.stream().map(v -> num(v, decimals)).toList()) + ")";
        });
    }

    /** Per figure and variant: the median of the runs' ratios to reactive (range, ±farthest run from the median). */
    public static Table ratios(List<VariantsResult> runs) {
        List<String> variants = commonVariants(runs).stream().filter(v -> !v.equals("reactive")).toList();
        return table(runs, "Ratio to reactive: median (range, farthest run)", variants, (variant, perRun) -> {
            List<Double> mine = perRun.apply(variant);
            List<Double> reactive = perRun.apply("reactive");
            List<Double> ratios = new ArrayList<>();
            for (int r = 0; r < runs.size(); r++) {
                ratios.add(mine.get(r) / reactive.get(r));
            }
            return spread(ratios);
        });
    }

    /**
     * The steps of the service's lead over blocking code, per pair of variants that differs only in the commit: the
     * commit shared, then the event loop; each the median of the runs' own ratios of a figure after the step to
     * before it (range, farthest run). Empty unless the runs measured such a pair and the service.
     */
    public static Optional<Table> steps(List<VariantsResult> runs) {
        List<String> variants = commonVariants(runs);
        Map<String, List<String>> steps = new LinkedHashMap<>(); // column -> (after, before)
        for (List<String> pair : VariantsReport.COMMIT_PAIRS) {
            if (variants.contains("reactive") && variants.containsAll(pair)) {
                steps.put(pair.get(0) + " → " + pair.get(1), List.of(pair.get(1), pair.get(0)));
                steps.put(pair.get(1) + " → reactive", List.of("reactive", pair.get(1)));
            }
        }
        if (steps.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(table(runs, "Step: median of the runs' ratios (range, farthest run)", List.copyOf(steps.keySet()),
                (column, perRun) -> {
                    List<Double> after = perRun.apply(steps.get(column).get(0));
                    List<Double> before = perRun.apply(steps.get(column).get(1));
                    List<Double> ratios = new ArrayList<>();
                    for (int r = 0; r < runs.size(); r++) {
                        ratios.add(after.get(r) / before.get(r));
                    }
                    return spread(ratios);
                }));
    }

    /** A cell from the variant's name and a figure's value in each run, by variant name. */
    private interface Cell {
        String of(String variant, Function<String, List<Double>> perRun);
    }

    /** A row per figure of the matrix, a column per variant in {@code columns}. */
    private static Table table(List<VariantsResult> runs, String corner, List<String> columns, Cell cell) {
        List<String> variants = commonVariants(runs);
        List<Double> rates = rates(runs, variants);
        // Each variant's figures in each run, computed once: figures.get(variant).get(run).get(figure).
        Map<String, List<List<Double>>> figures = new HashMap<>();
        variants.forEach(name -> figures.put(name, runs.stream().map(r -> VariantsReport.values(r.variant(name), rates)).toList()));
        List<String> header = new ArrayList<>(List.of(corner));
        header.addAll(columns);
        Table table = new Table(header.toArray(String[]::new));
        List<String> names = VariantsReport.figureNames(rates);
        for (int f = 0; f < names.size(); f++) {
            int figure = f;
            List<String> row = new ArrayList<>(List.of(names.get(f)));
            columns.forEach(variant -> row.add(cell.of(variant,
                    name -> figures.get(name).stream().map(values -> values.get(figure)).toList())));
            table.row(row.toArray(String[]::new));
        }
        return table;
    }

    public static String text(int runs) {
        return "The matrix of " + runs + " variants runs. p99 and CPU are compared at one rate per scenario: the highest"
                + " rate every variant ran and met in every run (else the lowest they all ran). A ratio is taken within each run,"
                + " a variant against the service measured in the same minutes, and the table gives the median of the runs'"
                + " ratios, their range, and how far the run farthest from the median lies from it.";
    }

    /** "0.35 (0.34-0.40, ±15 %)"; a dash where a run lacks the figure. */
    static String spread(List<Double> values) {
        if (values.stream().anyMatch(v -> v.isNaN() || v.isInfinite())) {
            return "–";
        }
        return String.format(Locale.ROOT, "%.2f (%.2f-%.2f, ±%.0f %%)", median(values), values.stream().mapToDouble(v -> v).min().orElseThrow(),
                values.stream().mapToDouble(v -> v).max().orElseThrow(), 100 * farthestFromMedian(values));
    }

    /** How far the value farthest from the median lies from it, as a fraction of the median. */
    public static double farthestFromMedian(List<Double> values) {
        double median = median(values);
        return values.stream().mapToDouble(v -> Math.abs(v - median) / median).max().orElse(Double.NaN);
    }

    /** The median; of an even count, the mean of the middle two. NaN if any value is. */
    public static double median(List<Double> values) {
        if (values.isEmpty() || values.stream().anyMatch(v -> v.isNaN())) {
            return Double.NaN;
        }
        List<Double> sorted = values.stream().sorted().toList();
        int middle = sorted.size() / 2;
        return sorted.size() % 2 == 1 ? sorted.get(middle) : (sorted.get(middle - 1) + sorted.get(middle)) / 2;
    }

    /** The variants every run measured, in the first run's order; none if a run measured no variants. */
    static List<String> commonVariants(List<VariantsResult> runs) {
        if (runs.stream().anyMatch(r -> r == null)) {
            return List.of();
        }
        return runs.get(0).variants().stream().map(VariantResult::name)
                .filter(name -> runs.stream().allMatch(r -> r.variant(name) != null)).toList();
    }

    /** The scenarios' common rates over every run: the highest rate every variant met in every run. */
    private static List<Double> rates(List<VariantsResult> runs, List<String> variants) {
        return VariantsReport.commonRates(runs.stream()
                .flatMap(r -> r.variants().stream().filter(v -> variants.contains(v.name()))).toList());
    }

}
