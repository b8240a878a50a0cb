package dev.boxoffice.bench.report;

import static dev.boxoffice.bench.report.Table.num;
import static dev.boxoffice.bench.report.Table.ratio;

import dev.boxoffice.bench.result.DispatchResult;
import dev.boxoffice.bench.result.RunResult;
import dev.boxoffice.bench.result.StepResult;
import dev.boxoffice.bench.result.VariantResult;
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

/** {@code ./boxoffice bench compare A B}: the key figures of two run folders side by side, with B / A ratios. */
public final class Compare {

    private Compare() {
    }

    public static RunResult read(Path runFolder) {
        Path json = runFolder.resolve("results.json");
        if (!Files.isRegularFile(json)) {
            throw new IllegalArgumentException(runFolder + " is not a run folder (no results.json)");
        }
        return Json.read(json);
    }

    /** Writes compare.md and compare.html into {@code out}; returns the HTML file. */
    public static Path write(Path a, Path b, Path out) {
        RunResult runA = read(a);
        RunResult runB = read(b);
        String nameA = a.getFileName().toString();
        String nameB = b.getFileName().toString();
        try {
            Files.createDirectories(out);
            Files.writeString(out.resolve("compare.md"), markdown(runA, runB, nameA, nameB));
            Path html = out.resolve("compare.html");
            StringBuilder body = new StringBuilder("<h1>BoxOffice benchmark: ").append(Table.escape(nameA)).append(" vs ")
                    .append(Table.escape(nameB)).append("</h1>").append(figures(runA, runB, nameA, nameB).html());
            if (runA.serial() != null && runB.serial() != null) {
                body.append("<h2>Serial steps</h2><div class=\"charts\">").append(overlay(runA.serial(), runB.serial(), nameA, nameB))
                        .append("</div>").append(steps(runA.serial(), runB.serial(), nameA, nameB).html());
            }
            Files.writeString(html, Html.page("BoxOffice comparison", body.toString()));
            return html;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static String markdown(RunResult a, RunResult b, String nameA, String nameB) {
        StringBuilder md = new StringBuilder("# BoxOffice benchmark: " + nameA + " vs " + nameB + "\n\n")
                .append(figures(a, b, nameA, nameB).markdown());
        if (a.serial() != null && b.serial() != null) {
            md.append("\n## Serial steps\n\n").append(steps(a.serial(), b.serial(), nameA, nameB).markdown());
        }
        return md.toString();
    }

    private static Table figures(RunResult a, RunResult b, String nameA, String nameB) {
        Table table = new Table("Figure", nameA, nameB, "B / A");
        Map<String, Function<RunResult, Double>> figures = new LinkedHashMap<>();
        figures.put("Serial capacity, req/s", r -> r.serial() == null ? Double.NaN : r.serial().capacityRps());
        double commonRate = lowestCommonRate(a.serial(), b.serial());
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
        for (String variant : variantsOfBoth(a, b)) {
            figures.put("Variant " + variant + ": serial capacity, req/s", r -> variant(r, variant).serial().capacityRps());
            figures.put("Variant " + variant + ": contention capacity, req/s", r -> variant(r, variant).contention().capacityRps());
            figures.put("Variant " + variant + ": journeys capacity, journeys/s", r -> variant(r, variant).journeys().stepped().capacityRps());
            figures.put("Variant " + variant + ": RSS under load, MiB", r -> variant(r, variant).maxRssMiB());
        }
        figures.forEach((name, figure) -> {
            double va = figure.apply(a);
            double vb = figure.apply(b);
            table.row(name, num(va, decimals(va)), num(vb, decimals(vb)), ratio(vb / va));
        });
        return table;
    }

    /** The variants both runs measured, in the first run's order. */
    private static List<String> variantsOfBoth(RunResult a, RunResult b) {
        if (a.variants() == null || b.variants() == null) {
            return List.of();
        }
        return a.variants().stream().map(VariantResult::name)
                .filter(name -> b.variants().stream().anyMatch(v -> v.name().equals(name))).toList();
    }

    private static VariantResult variant(RunResult run, String name) {
        return run.variants().stream().filter(v -> v.name().equals(name)).findFirst().orElseThrow();
    }

    private static int decimals(double value) {
        return Math.abs(value) < 10 ? 3 : Math.abs(value) < 100 ? 1 : 0;
    }

    /** The lowest offered rate both runs measured, so that their p99 compares like with like. */
    private static double lowestCommonRate(SteppedResult a, SteppedResult b) {
        if (a == null || b == null) {
            return Double.NaN;
        }
        return a.steps().stream().mapToDouble(StepResult::offeredRps)
                .filter(rate -> b.steps().stream().anyMatch(step -> step.offeredRps() == rate)).min().orElse(Double.NaN);
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

    private static Table steps(SteppedResult a, SteppedResult b, String nameA, String nameB) {
        Map<Double, StepResult[]> byRate = new TreeMap<>();
        a.steps().forEach(s -> byRate.computeIfAbsent(s.offeredRps(), k -> new StepResult[2])[0] = s);
        b.steps().forEach(s -> byRate.computeIfAbsent(s.offeredRps(), k -> new StepResult[2])[1] = s);
        Table table = new Table("Offered req/s", "p99 ms " + nameA, "p99 ms " + nameB, "B / A", "CPU service % " + nameA,
                "CPU service % " + nameB);
        byRate.forEach((rate, pair) -> table.row(num(rate, 0),
                pair[0] == null ? "–" : num(pair[0].latency().p99(), 2), pair[1] == null ? "–" : num(pair[1].latency().p99(), 2),
                pair[0] == null || pair[1] == null ? "–" : ratio(pair[1].latency().p99() / pair[0].latency().p99()),
                pair[0] == null ? "–" : num(pair[0].cpu().service(), 0), pair[1] == null ? "–" : num(pair[1].cpu().service(), 0)));
        return table;
    }

    private static String overlay(SteppedResult a, SteppedResult b, String nameA, String nameB) {
        List<Chart.Series> series = new ArrayList<>();
        series.add(new Chart.Series("p99 " + nameA, a.steps().stream().map(s -> new double[] {s.offeredRps(), s.latency().p99()}).toList()));
        series.add(new Chart.Series("p99 " + nameB, b.steps().stream().map(s -> new double[] {s.offeredRps(), s.latency().p99()}).toList()));
        return Chart.line("Serial p99 vs offered load", "offered req/s", "ms (log scale)", series, true, a.sloMillis(), "SLO");
    }
}
