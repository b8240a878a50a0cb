package dev.boxoffice.bench.report;

import static dev.boxoffice.bench.report.Table.num;
import static dev.boxoffice.bench.report.Table.ratio;
import static dev.boxoffice.bench.report.VariantsAcrossRuns.variant;

import dev.boxoffice.bench.result.DispatchResult;
import dev.boxoffice.bench.result.RunResult;
import dev.boxoffice.bench.result.StepResult;
import dev.boxoffice.bench.result.SteppedResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * {@code ./boxoffice bench compare RUN...}: the key figures of two or more run folders side by side; of two, B / A;
 * of three or more, each figure's median and how far the farthest run lies from it, and for variants runs the
 * variants matrix across the runs ({@link VariantsAcrossRuns}).
 */
public final class Compare {

    private Compare() {
    }

    private static RunResult read(Path runFolder) {
        Path json = runFolder.resolve("results.json");
        if (!Files.isRegularFile(json)) {
            throw new IllegalArgumentException(runFolder + " is not a run folder (no results.json)");
        }
        return Json.read(json);
    }

    /** Writes compare.md and compare.html into {@code out}; returns the Markdown, for the console. */
    public static String write(List<Path> folders, Path out) {
        List<RunResult> runs = folders.stream().map(Compare::read).toList();
        List<String> names = names(folders);
        try {
            Files.createDirectories(out);
            String markdown = markdown(runs, names);
            Files.writeString(out.resolve("compare.md"), markdown);
            Path html = out.resolve("compare.html");
            StringBuilder body = new StringBuilder("<h1>").append(Table.escape(title(names))).append("</h1>")
                    .append(figures(runs, names).html());
            if (VariantsAcrossRuns.applies(runs)) {
                body.append("<h2>Variants across the runs</h2><p>").append(Table.escape(VariantsAcrossRuns.text(runs.size())))
                        .append("</p>").append(VariantsAcrossRuns.medians(runs).html()).append(VariantsAcrossRuns.ratios(runs).html());
            }
            if (runs.stream().allMatch(r -> r.serial() != null)) {
                body.append("<h2>Serial steps</h2><div class=\"charts\">").append(overlay(runs, names))
                        .append("</div>").append(steps(runs, names).html());
            }
            Files.writeString(html, Html.page("BoxOffice comparison", body.toString()));
            return markdown;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String markdown(List<RunResult> runs, List<String> names) {
        StringBuilder md = new StringBuilder("# " + title(names) + "\n\n").append(figures(runs, names).markdown());
        if (VariantsAcrossRuns.applies(runs)) {
            md.append("\n## Variants across the runs\n\n").append(VariantsAcrossRuns.text(runs.size())).append("\n\n")
                    .append(VariantsAcrossRuns.medians(runs).markdown()).append('\n').append(VariantsAcrossRuns.ratios(runs).markdown());
        }
        if (runs.stream().allMatch(r -> r.serial() != null)) {
            md.append("\n## Serial steps\n\n").append(steps(runs, names).markdown());
        }
        return md.toString();
    }

    /** The run folders' names, as the tables' columns. */
    private static List<String> names(List<Path> folders) {
        return folders.stream().map(folder -> folder.toAbsolutePath().normalize().getFileName().toString()).toList();
    }

    private static String title(List<String> names) {
        return "BoxOffice benchmark: " + String.join(" vs ", names);
    }

    /** One row per figure that any run has: its value in every run, then B / A (two runs) or the median and spread. */
    private static Table figures(List<RunResult> runs, List<String> names) {
        List<String> header = new ArrayList<>(List.of("Figure"));
        header.addAll(names);
        header.addAll(runs.size() == 2 ? List.of("B / A") : List.of("Median", "Farthest from it"));
        Table table = new Table(header.toArray(String[]::new));
        Map<String, Function<RunResult, Double>> figures = new LinkedHashMap<>();
        figures.put("Serial capacity, req/s", r -> r.serial() == null ? Double.NaN : r.serial().capacityRps());
        double commonRate = lowestCommonRate(runs.stream().map(RunResult::serial).toList());
        figures.put("Serial p99 at " + num(commonRate, 0) + " req/s, ms", r -> r.serial() == null ? Double.NaN
                : r.serial().steps().stream().filter(step -> step.offeredRps() == commonRate)
                        .mapToDouble(step -> step.latency().p99()).findFirst().orElse(Double.NaN));
        figures.put("Service cores per 1000 req/s at capacity", r -> atCapacity(r.serial(), StepResult::serviceCoresPer1000));
        figures.put("Read-model lag p99 at capacity, ms", r -> atCapacity(r.serial(),
                s -> s.readModelLag() == null ? Double.NaN : s.readModelLag().p99Millis()));
        figures.put("Contention capacity, req/s", r -> r.contention() == null ? Double.NaN : r.contention().capacityRps());
        figures.put("Service start to first request, ms", r -> r.service() == null ? Double.NaN : r.service().startMillis());
        figures.put("Service RSS under load, MiB", r -> r.service() == null ? Double.NaN : r.service().maxRssMiB());
        figures.put("HTTP ceiling, req/s", r -> r.limits() == null ? Double.NaN : r.limits().http().achievedRps());
        figures.put("Disk flush p99.9, ms", r -> r.limits() == null || r.limits().diskFlush() == null ? Double.NaN
                : r.limits().diskFlush().latency().p999());
        figures.put("PostgreSQL single-row commits/s", r -> r.limits() == null || r.limits().singleRow() == null ? Double.NaN
                : r.limits().singleRow().step().achievedRps());
        figures.put("PostgreSQL batched rows/s", r -> r.limits() == null || r.limits().multiRow() == null ? Double.NaN
                : r.limits().multiRow().rowsPerSecond());
        figures.put("Dispatch: event-loop / worker throughput", Compare::dispatchRatio);
        figures.put("Sweep: best write req/s", r -> r.sweep() == null ? Double.NaN
                : r.sweep().write().stream().mapToDouble(StepResult::achievedRps).max().orElse(Double.NaN));
        figures.put("Sweep: best read req/s", r -> r.sweep() == null ? Double.NaN
                : r.sweep().read().stream().mapToDouble(StepResult::achievedRps).max().orElse(Double.NaN));
        figures.put("Journeys capacity, journeys/s", r -> r.journeys() == null ? Double.NaN : r.journeys().stepped().capacityRps());
        for (String name : VariantsAcrossRuns.commonVariants(runs)) {
            figures.put("Variant " + name + ": serial capacity, req/s", r -> variant(r, name).serial().capacityRps());
            figures.put("Variant " + name + ": contention capacity, req/s", r -> variant(r, name).contention().capacityRps());
            figures.put("Variant " + name + ": journeys capacity, journeys/s", r -> variant(r, name).journeys().stepped().capacityRps());
            figures.put("Variant " + name + ": RSS under load, MiB", r -> variant(r, name).maxRssMiB());
        }
        figures.forEach((name, figure) -> {
            List<Double> values = runs.stream().map(figure).toList();
            if (values.stream().allMatch(v -> v.isNaN())) {
                return; // a figure none of the runs measured
            }
            List<String> row = new ArrayList<>(List.of(name));
            values.forEach(v -> row.add(num(v, Table.decimals(v))));
            if (runs.size() == 2) {
                row.add(ratio(values.get(1) / values.get(0)));
            } else {
                double median = VariantsAcrossRuns.median(values);
                row.add(num(median, Table.decimals(median)));
                row.add(Table.percent(VariantsAcrossRuns.farthestFromMedian(values)));
            }
            table.row(row.toArray(String[]::new));
        });
        return table;
    }

    /** The lowest offered rate every run measured, so that their p99 compares like with like. */
    private static double lowestCommonRate(List<SteppedResult> results) {
        if (results.stream().anyMatch(r -> r == null)) {
            return Double.NaN;
        }
        return results.get(0).steps().stream().mapToDouble(StepResult::offeredRps)
                .filter(rate -> results.stream().allMatch(r -> r.steps().stream().anyMatch(step -> step.offeredRps() == rate)))
                .min().orElse(Double.NaN);
    }

    private static double dispatchRatio(RunResult run) {
        DispatchResult d = run.dispatch();
        if (d == null || d.variant("event-loop") == null || d.variant("worker") == null) {
            return Double.NaN;
        }
        return d.variant("event-loop").load().achievedRps() / d.variant("worker").load().achievedRps();
    }

    private static double atCapacity(SteppedResult result, Function<StepResult, Double> figure) {
        StepResult step = result == null ? null : result.capacityStep();
        return step == null ? Double.NaN : figure.apply(step);
    }

    private static Table steps(List<RunResult> runs, List<String> names) {
        Map<Double, StepResult[]> byRate = new TreeMap<>();
        for (int i = 0; i < runs.size(); i++) {
            int run = i;
            runs.get(i).serial().steps().forEach(s -> byRate.computeIfAbsent(s.offeredRps(), k -> new StepResult[runs.size()])[run] = s);
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

    private static String overlay(List<RunResult> runs, List<String> names) {
        List<Chart.Series> series = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            series.add(new Chart.Series("p99 " + names.get(i), runs.get(i).serial().steps().stream()
                    .map(s -> new double[] {s.offeredRps(), s.latency().p99()}).toList()));
        }
        return Chart.line("Serial p99 vs offered load", "offered req/s", "ms (log scale)", series, true, runs.get(0).serial().sloMillis(), "SLO");
    }
}
