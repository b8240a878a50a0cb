package dev.boxoffice.bench;

import static dev.boxoffice.bench.report.Format.num;
import static dev.boxoffice.bench.report.Format.ratio;

import dev.boxoffice.bench.measure.StepResult;
import dev.boxoffice.bench.measure.SteppedResult;
import dev.boxoffice.bench.report.Chart;
import dev.boxoffice.bench.report.Format;
import dev.boxoffice.bench.report.Section;
import dev.boxoffice.bench.report.Table;
import dev.boxoffice.bench.report.Templates;
import dev.boxoffice.bench.run.RunResult;
import dev.boxoffice.bench.scenario.variants.VariantsAcrossRuns;
import dev.boxoffice.bench.scenario.variants.VariantsResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ./boxoffice bench compare RUN...}: the key figures of two or more run folders side by side (each scenario's
 * {@link Scenario#figures}); of two, B / A; of three or more, each figure's median and how far the farthest run lies
 * from it, and for variants runs the variants matrix across the runs ({@link VariantsAcrossRuns}).
 */
final class Compare {

    @picocli.CommandLine.Command(name = "compare", usageHelpWidth = 120, mixinStandardHelpOptions = true,
            description = "Compares run folders: two side by side with B / A; three or more: each figure's median and"
                    + " spread, and for variants runs the matrix across them (ratios to reactive: median, range).")
    static final class Command implements Callable<Integer> {

        @Parameters(paramLabel = "RUN_FOLDER", arity = "2..*", description = "run folders, each with its results.json")
        List<Path> runs;

        @Option(names = "--out", description = "where compare.md and compare.html go (default: the last run folder)")
        Path out;

        @Override
        public Integer call() {
            Path into = out == null ? runs.get(runs.size() - 1) : out;
            System.out.println(write(runs, into));
            System.out.println("Comparison: " + into.resolve("compare.html").toAbsolutePath());
            return 0;
        }
    }

    private Compare() {
    }

    /** Writes compare.md and compare.html into {@code out}; returns the Markdown, for the console. */
    static String write(List<Path> folders, Path out) {
        List<RunResult> runs = folders.stream().map(Compare::read).toList();
        List<String> names = folders.stream().map(folder -> folder.toAbsolutePath().normalize().getFileName().toString()).toList();
        List<Section> sections = new ArrayList<>();
        List<VariantsResult> variants = runs.stream().map(r -> r.result("variants", VariantsResult.class)).toList();
        if (VariantsAcrossRuns.applies(variants)) {
            List<Table> tables = new ArrayList<>(List.of(VariantsAcrossRuns.medians(variants), VariantsAcrossRuns.ratios(variants)));
            VariantsAcrossRuns.steps(variants).ifPresent(tables::add);
            sections.add(new Section("Variants across the runs", VariantsAcrossRuns.text(runs.size()), tables));
        }
        List<SteppedResult> serial = runs.stream().map(r -> r.result("serial", SteppedResult.class)).toList();
        if (serial.stream().allMatch(s -> s != null)) {
            sections.add(new Section("Serial steps", "", List.of(overlay(serial, names)), List.of(steps(serial, names))));
        }
        Map<String, Object> page = Map.of("title", "BoxOffice benchmark: " + String.join(" vs ", names),
                "figures", figures(runs, names), "sections", sections);
        try {
            Files.createDirectories(out);
            String markdown = Templates.render("compare.md", page);
            Files.writeString(out.resolve("compare.md"), markdown);
            Files.writeString(out.resolve("compare.html"), Templates.render("compare.html", page));
            return markdown;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static RunResult read(Path runFolder) {
        Path json = runFolder.resolve("results.json");
        if (!Files.isRegularFile(json)) {
            throw new IllegalArgumentException(runFolder + " is not a run folder (no results.json)");
        }
        return ResultsJson.read(json);
    }

    /** One row per figure that any run has: its value in every run, then B / A (two runs) or the median and spread. */
    private static Table figures(List<RunResult> runs, List<String> names) {
        List<Map<String, Double>> perRun = runs.stream().map(Compare::figuresOf).toList();
        List<String> header = new ArrayList<>(List.of("Figure"));
        header.addAll(names);
        header.addAll(runs.size() == 2 ? List.of("B / A") : List.of("Median", "Farthest from it"));
        Table table = new Table(header.toArray(String[]::new));
        Map<String, Boolean> all = new LinkedHashMap<>();
        perRun.forEach(figures -> figures.keySet().forEach(name -> all.put(name, true)));
        for (String figure : all.keySet()) {
            List<Double> values = perRun.stream().map(figures -> figures.getOrDefault(figure, Double.NaN)).toList();
            if (values.stream().allMatch(v -> v.isNaN())) {
                continue; // a figure none of the runs measured
            }
            List<String> row = new ArrayList<>(List.of(figure));
            values.forEach(v -> row.add(num(v, Format.decimals(v))));
            if (runs.size() == 2) {
                row.add(ratio(values.get(1) / values.get(0)));
            } else {
                double median = VariantsAcrossRuns.median(values);
                row.add(num(median, Format.decimals(median)));
                row.add(Format.percent(VariantsAcrossRuns.farthestFromMedian(values)));
            }
            table.row(row.toArray(String[]::new));
        }
        return table;
    }

    /** A run's key figures: each scenario's, then the service's start and memory. */
    private static Map<String, Double> figuresOf(RunResult run) {
        Map<String, Double> figures = new LinkedHashMap<>();
        RunReport.collect(run, (scenario, result) -> List.copyOf(scenario.figures(result).entrySet()))
                .forEach(figure -> figures.put(figure.getKey(), figure.getValue()));
        figures.put("Service start to first request, ms", run.service() == null ? Double.NaN : run.service().startMillis());
        figures.put("Service RSS under load, MiB", run.service() == null ? Double.NaN : run.service().maxRssMiB());
        return figures;
    }

    private static Table steps(List<SteppedResult> runs, List<String> names) {
        Map<Double, StepResult[]> byRate = new TreeMap<>();
        for (int i = 0; i < runs.size(); i++) {
            int run = i;
            runs.get(i).steps().forEach(s -> byRate.computeIfAbsent(s.offeredRps(), k -> new StepResult[runs.size()])[run] = s);
        }
        List<String> header = new ArrayList<>(List.of("Offered req/s"));
        names.forEach(name -> header.add("p99 ms " + name));
        if (runs.size() == 2) {
            header.add("B / A");
        }
        names.forEach(name -> header.add("CPU service % " + name));
        Table table = new Table(header.toArray(String[]::new));
        byRate.forEach((rate, steps) -> {
            List<String> row = new ArrayList<>(List.of(num(rate, 0)));
            for (StepResult step : steps) {
                row.add(step == null ? "–" : num(step.latency().p99(), 2));
            }
            if (runs.size() == 2) {
                row.add(steps[0] == null || steps[1] == null ? "–" : ratio(steps[1].latency().p99() / steps[0].latency().p99()));
            }
            for (StepResult step : steps) {
                row.add(step == null ? "–" : num(step.cpu().service(), 0));
            }
            table.row(row.toArray(String[]::new));
        });
        return table;
    }

    private static String overlay(List<SteppedResult> runs, List<String> names) {
        List<Chart.Series> series = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            series.add(new Chart.Series("p99 " + names.get(i), runs.get(i).steps().stream()
                    .map(s -> new double[] {s.offeredRps(), s.latency().p99()}).toList()));
        }
        return Chart.line("Serial p99 vs offered load", "offered req/s", "ms (log scale)", series, true, runs.get(0).sloMillis(), "SLO");
    }
}
