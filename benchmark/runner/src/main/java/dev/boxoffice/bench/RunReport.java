package dev.boxoffice.bench;

import static dev.boxoffice.bench.report.Format.num;

import dev.boxoffice.bench.measure.StepResult;
import dev.boxoffice.bench.report.Csv;
import dev.boxoffice.bench.report.Section;
import dev.boxoffice.bench.report.SummaryRow;
import dev.boxoffice.bench.report.Table;
import dev.boxoffice.bench.report.Templates;
import dev.boxoffice.bench.run.RunResult;
import dev.boxoffice.bench.run.Scenario;
import dev.boxoffice.bench.run.Target;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/** A run folder's results.json, steps.csv, report.md and report.html: each scenario's part, in run order. */
final class RunReport {

    private RunReport() {
    }

    static void write(RunResult run, Path out) {
        ResultsJson.write(run, out.resolve("results.json"));
        Map<String, Object> page = Map.of("title", "BoxOffice benchmark " + run.startedAt(), "startedAt", run.startedAt(),
                "meta", machine(run), "summary", summaryTable(run), "sections", sections(run), "notes", run.notes());
        try {
            Files.writeString(out.resolve("steps.csv"), Csv.steps(steps(run)));
            Files.writeString(out.resolve("report.md"), Templates.render("report.md", page));
            Files.writeString(out.resolve("report.html"), Templates.render("report.html", page));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The headline table: printed at the end of a run and placed first in both reports. */
    static String summary(RunResult run) {
        return summaryTable(run).markdown();
    }

    static Table summaryTable(RunResult run) {
        List<SummaryRow> rows = new ArrayList<>(collect(run, (scenario, result) -> scenario.summary(result, run)));
        if (run.service() != null) {
            rows.add(new SummaryRow("Service start to first served request", num(run.service().startMillis(), 0) + " ms", ""));
            rows.add(new SummaryRow("Service RSS idle / largest under load", num(run.service().idleRssMiB(), 0) + " / "
                    + num(run.service().maxRssMiB(), 0) + " MiB", ""));
        }
        // The load generator's cost is quoted at the busiest open-model step against the service.
        collect(run, (scenario, result) -> scenario.target() == Target.OWN ? List.<StepResult>of() : scenario.steps(result))
                .stream().filter(s -> !Double.isNaN(s.offeredRps()) && s.counts().errors() == 0)
                .max(Comparator.comparingDouble(StepResult::achievedRps))
                .ifPresent(busiest -> rows.add(new SummaryRow("Load generator cost", num(busiest.loadGeneratorCpuPer1000(), 1)
                        + "% of a core per 1000 req/s", "at " + num(busiest.achievedRps(), 0) + " req/s (" + busiest.scenario()
                        + " " + busiest.label() + ")")));
        steps(run).stream().filter(s -> s.cpu() != null && s.cpu().maxSteal() > 0)
                .max(Comparator.comparingDouble(s -> s.cpu().maxSteal()))
                .ifPresent(noisiest -> rows.add(new SummaryRow("Largest CPU steal in a step (time the hypervisor kept from a busy core)",
                        num(noisiest.cpu().maxSteal(), 0) + "% of a core", noisiest.scenario() + " " + noisiest.label()
                                + "; above a few percent, that step measured the host as much as the code")));
        Table table = new Table("Figure", "Measured", "Against");
        rows.forEach(row -> table.row(row.figure(), row.measured(), row.against()));
        return table;
    }

    static List<Section> sections(RunResult run) {
        return collect(run, (scenario, result) -> scenario.sections(result, run));
    }

    /** Every step of the run, in run order (the repeated ones too). */
    static List<StepResult> steps(RunResult run) {
        return collect(run, Scenario::steps);
    }

    /**
     * What {@code part} makes of each scenario that has a result in {@code run}, in run order. The cast is safe: a
     * result is kept, or read back, only as its scenario's result type.
     */
    @SuppressWarnings("unchecked")
    static <T> List<T> collect(RunResult run, BiFunction<Scenario<Object>, Object, List<T>> part) {
        List<T> all = new ArrayList<>();
        for (Scenario<?> scenario : Scenarios.all()) {
            Object result = run.results().get(scenario.name());
            if (scenario.resultType().isInstance(result)) {
                all.addAll(part.apply((Scenario<Object>) scenario, result));
            }
        }
        return all;
    }

    private static String machine(RunResult run) {
        var m = run.machine();
        return String.format("%s, %d CPUs, %s GiB; %s; %s; PostgreSQL %s. Pinning: %s. Run took %s s; options: %s.",
                m.cpuModel(), m.cpus(), num(m.memoryGiB(), 1), m.kernel(), m.jdk(), m.postgres(), run.pinning().describe(),
                num(run.durationSeconds(), 0), BenchCommand.commandLine(run.options()))
                + (run.service() == null || run.service().jvmOptions().isBlank() ? ""
                        : " Service JVM options: " + run.service().jvmOptions() + ".");
    }
}
