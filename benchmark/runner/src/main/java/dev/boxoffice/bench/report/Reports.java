package dev.boxoffice.bench.report;

import static dev.boxoffice.bench.report.Table.num;
import static dev.boxoffice.bench.report.Table.percent;
import static dev.boxoffice.bench.report.Table.ratio;

import dev.boxoffice.bench.BenchOptions;
import dev.boxoffice.bench.load.AnswerKind;
import dev.boxoffice.bench.load.Latency;
import dev.boxoffice.bench.load.PhaseResult;
import dev.boxoffice.bench.load.TimelinePoint;
import dev.boxoffice.bench.result.DispatchResult;
import dev.boxoffice.bench.result.LimitsResult;
import dev.boxoffice.bench.result.MemoryResult;
import dev.boxoffice.bench.result.RunResult;
import dev.boxoffice.bench.result.StepResult;
import dev.boxoffice.bench.result.SteppedResult;
import dev.boxoffice.bench.result.SurgeResult;
import dev.boxoffice.bench.result.SweepResult;
import dev.boxoffice.bench.scenario.SurgeScenario;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.ToDoubleFunction;

/** Writes a run folder's results.json, steps.csv, report.md and report.html. */
public final class Reports {

    private Reports() {
    }

    /** How every stepped scenario's capacity is found, for the report's readers. */
    static final String CAPACITY_RULE = "the highest rate with p99 within the SLO and no errors, every lower rate met"
            + " too; a step that missed is run again before its rate counts as missed, and the gap above the capacity"
            + " is halved while wider than --refine-percent";

    public static void write(RunResult result, Path out) {
        Json.write(result, out.resolve("results.json"));
        try {
            Files.writeString(out.resolve("steps.csv"), Csv.steps(result));
            Files.writeString(out.resolve("report.md"), markdown(result));
            Files.writeString(out.resolve("report.html"), Html.page("BoxOffice benchmark " + result.startedAt(), html(result)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The headline table: printed at the end of a run and placed first in both reports. */
    public static String summary(RunResult run) {
        return summaryTable(run).markdown();
    }

    static Table summaryTable(RunResult run) {
        Table table = new Table("Figure", "Measured", "Against");
        double http = run.limits() != null && run.limits().http() != null ? run.limits().http().achievedRps() : Double.NaN;
        SteppedResult serial = run.serial();
        if (serial != null) {
            StepResult atCapacity = serial.capacityStep();
            table.row("Serial capacity (highest rate with p99 ≤ " + num(serial.sloMillis(), 0) + " ms, no errors)",
                    capacity(serial), percent(serial.capacityRps() / http) + " of the HTTP ceiling");
            if (!serial.steps().isEmpty()) {
                StepResult first = serial.steps().get(0);
                table.row("Serial p99 at " + num(first.offeredRps(), 0) + " req/s", num(first.latency().p99(), 2) + " ms", "");
            }
            if (atCapacity != null) {
                table.row("Service CPU at capacity", num(atCapacity.serviceCoresPer1000(), 3) + " cores per 1000 req/s",
                        "service " + num(atCapacity.cpu().service(), 0) + "%, PostgreSQL " + num(atCapacity.cpu().database(), 0)
                                + "%, load generator " + num(atCapacity.cpu().loadGenerator(), 0) + "% of a core");
                if (atCapacity.readModelLag() != null) {
                    table.row("Read-model lag at capacity (event append to show_view commit)",
                            "p50 " + num(atCapacity.readModelLag().p50Millis(), 1) + " ms, p99 "
                                    + num(atCapacity.readModelLag().p99Millis(), 1) + " ms", "service's own metric, last ~10-20 s of the step");
                }
                table.row("Events appended at capacity", num(atCapacity.achievedRps(), 0) + " per s",
                        run.limits() != null && run.limits().singleRow() != null
                                ? percent(atCapacity.achievedRps() / run.limits().singleRow().rowsPerSecond())
                                        + " of single-row commits, " + percent(atCapacity.achievedRps() / run.limits().multiRow().rowsPerSecond())
                                        + " of batched rows" : "");
            }
        }
        if (run.contention() != null) {
            table.row("Contention capacity", capacity(run.contention()),
                    serial != null ? percent(run.contention().capacityRps() / serial.capacityRps()) + " of serial capacity" : "");
        }
        if (run.surge() != null && run.surge().reservations() != null) {
            surgeRow(table, "Surge of reservations", run.surge().reservations(), "serial");
        }
        if (run.surge() != null && run.surge().hotShows() != null) {
            surgeRow(table, "Surge on hot shows", run.surge().hotShows(), "contention");
        }
        if (run.topologies() != null) {
            ClusterSections.summaryRows(table, run.topologies(), run.failover());
        }
        if (run.journeys() != null) {
            table.row("Journeys capacity (journeys started per s)", capacity(run.journeys().stepped()), "mix " + run.journeys().mix());
        }
        if (run.variants() != null) {
            VariantSections.summaryRows(table, run.variants());
        }
        MemoryResult memory = run.memory();
        if (memory != null && memory.heap().size() == 4) {
            MemoryResult.HeapReading end = memory.reading("after reservations");
            long answered = memory.steps().stream().mapToLong(s -> s.counts().answered()).sum();
            long failed = memory.steps().stream().mapToLong(s -> s.counts().transportErrors() + s.counts().timeouts()).sum();
            table.row("Memory: shows far past the budget (" + num(end.budgetMiB(), 0) + " MiB)", (memory.outOfMemory()
                            ? "**OutOfMemoryError**" : "no OutOfMemoryError") + "; " + memory.largeCreated() + " shows of "
                            + memory.largeSeats() + " seats and " + memory.smallCreated() + " of " + memory.smallSeats()
                            + " created; " + answered + " answered, " + failed
                            + " timeouts or errors; " + memory.mismatches() + " of " + memory.sampled()
                            + " sampled shows differ after passivation and reload",
                    "measured per show in memory: " + num(memory.measuredBytesPerShow("start", "after large shows"), 0)
                            + " bytes (" + memory.largeSeats() + " seats), " + num(memory.measuredBytesPerShow("start",
                            "after small shows"), 0) + " bytes (" + memory.smallSeats() + " seats)");
        }
        if (run.service() != null) {
            table.row("Service start to first served request", num(run.service().startMillis(), 0) + " ms", "");
            table.row("Service RSS idle / largest under load", num(run.service().idleRssMiB(), 0) + " / "
                    + num(run.service().maxRssMiB(), 0) + " MiB", "");
        }
        LimitsResult limits = run.limits();
        if (limits != null) {
            if (limits.diskFlush() != null) {
                Latency flush = limits.diskFlush().latency();
                table.row("Disk flush under PostgreSQL (8 kB write + fdatasync, " + num(limits.diskFlush().offeredRps(), 0) + " per s)", "p50 " + num(flush.p50(), 2)
                        + " ms, p99 " + num(flush.p99(), 2) + " ms, p99.9 " + num(flush.p999(), 2) + " ms, max "
                        + num(flush.max(), 1) + " ms", "every durable commit waits for one");
            }
            if (limits.singleRow() != null) {
                table.row("PostgreSQL ceiling, single-row commits (" + limits.singleRow().clients() + " clients)",
                        num(limits.singleRow().step().achievedRps(), 0) + " commits/s", "");
                table.row("PostgreSQL ceiling, " + limits.multiRow().rowsPerCommit() + "-row commits",
                        num(limits.multiRow().rowsPerSecond(), 0) + " rows/s", "");
            }
            table.row("HTTP ceiling, trivial endpoint on the event loop (closed loop, "
                    + limits.http().connections() + " connections)", num(http, 0) + " req/s",
                    limits.http().cpu().loadGenerator() >= 85 ? "a lower bound: the load generator used "
                            + num(limits.http().cpu().loadGenerator(), 0) + "% of a core" : "");
        }
        DispatchResult dispatch = run.dispatch();
        if (dispatch != null && dispatch.variant("event-loop") != null && dispatch.variant("worker") != null) {
            DispatchResult.Variant loop = dispatch.variant("event-loop");
            DispatchResult.Variant worker = dispatch.variant("worker");
            table.row("Dispatch: event loop vs worker thread, max throughput", ratio(loop.load().achievedRps() / worker.load().achievedRps()),
                    "RSS " + ratio(loop.maxRssMiB() / worker.maxRssMiB()) + ", req/s per MiB "
                            + ratio(loop.requestsPerSecondPerMiB() / worker.requestsPerSecondPerMiB()));
        }
        StepResult generatorStep = busiest(run);
        if (generatorStep != null) {
            table.row("Load generator cost", num(generatorStep.loadGeneratorCpuPer1000(), 1) + "% of a core per 1000 req/s",
                    "at " + num(generatorStep.achievedRps(), 0) + " req/s (" + generatorStep.scenario() + " " + generatorStep.label() + ")");
        }
        Csv.all(run).stream().filter(s -> s.cpu() != null && s.cpu().maxSteal() > 0)
                .max(Comparator.comparingDouble(s -> s.cpu().maxSteal()))
                .ifPresent(noisiest -> table.row("Largest CPU steal in a step (time the hypervisor kept from a busy core)",
                        num(noisiest.cpu().maxSteal(), 0) + "% of a core", noisiest.scenario() + " " + noisiest.label()
                                + "; above a few percent, that step measured the host as much as the code"));
        return table;
    }

    private static void surgeRow(Table table, String title, SurgeResult.Part part, String capacityName) {
        PhaseResult surge = part.phase(SurgeScenario.SURGE);
        if (surge == null) {
            return;
        }
        table.row(title + " at " + num(part.offeredRps(surge) / part.capacityRps(), 1) + "x the " + capacityName + " capacity",
                "goodput " + num(surge.perSecond(AnswerKind.OK), 0) + " req/s (" + percent(surge.perSecond(AnswerKind.OK) / part.capacityRps())
                        + " of " + num(part.capacityRps(), 0) + "); p99 2xx / 409 / 503: " + num(surge.p99().get(AnswerKind.OK), 1) + " / "
                        + num(surge.p99().get(AnswerKind.CONFLICT), 1) + " / " + num(surge.p99().get(AnswerKind.REFUSED), 1) + " ms",
                surge.count(AnswerKind.REFUSED) + " refused (503), " + surge.count(AnswerKind.TIMEOUT) + " timeouts, "
                        + surge.count(AnswerKind.ERROR) + " errors; per-second p99 back under the SLO "
                        + num(part.recoverySeconds(), 0) + " s after the surge");
    }

    static String capacity(SteppedResult result) {
        String unit = result.scenario().equals("journeys") ? " journeys/s" : " req/s";
        return result.capacityIsLowerBound()
                ? "≥ " + num(result.capacityRps(), 0) + unit + " (every step met the SLO; add steps to find the limit)"
                : num(result.capacityRps(), 0) + unit;
    }

    /** The open-model step with the most answers per second that met its SLO, to quote the generator's cost at. */
    private static StepResult busiest(RunResult run) {
        List<StepResult> steps = new ArrayList<>();
        if (run.serial() != null) {
            steps.addAll(run.serial().steps());
        }
        if (run.contention() != null) {
            steps.addAll(run.contention().steps());
        }
        return steps.stream().filter(s -> s.counts().errors() == 0)
                .max((a, b) -> Double.compare(a.achievedRps(), b.achievedRps())).orElse(null);
    }

    static String markdown(RunResult run) {
        StringBuilder md = new StringBuilder("# BoxOffice benchmark, " + run.startedAt() + "\n\n");
        md.append(machine(run)).append("\n\n## Summary\n\n").append(summaryTable(run).markdown());
        for (Section section : sections(run)) {
            md.append("\n## ").append(section.title()).append("\n\n").append(section.text()).append("\n\n");
            section.tables().forEach(t -> md.append(t.markdown()).append('\n'));
        }
        if (!run.notes().isEmpty()) {
            md.append("\n## Notes\n\n");
            run.notes().forEach(n -> md.append("- ").append(n).append('\n'));
        }
        return md.toString();
    }

    private static String html(RunResult run) {
        StringBuilder html = new StringBuilder("<h1>BoxOffice benchmark</h1><p class=\"meta\">")
                .append(Table.escape(machine(run))).append("</p><h2>Summary</h2>").append(summaryTable(run).html());
        for (Section section : sections(run)) {
            html.append("<h2>").append(Table.escape(section.title())).append("</h2><p>").append(Table.escape(section.text()))
                    .append("</p><div class=\"charts\">");
            section.charts().forEach(html::append);
            html.append("</div>");
            section.tables().forEach(t -> html.append(t.html()));
        }
        if (!run.notes().isEmpty()) {
            html.append("<h2>Notes</h2><ul>");
            run.notes().forEach(n -> html.append("<li>").append(Table.escape(n)).append("</li>"));
            html.append("</ul>");
        }
        return html.toString();
    }

    private static String machine(RunResult run) {
        var m = run.machine();
        return String.format("%s, %d CPUs, %s GiB; %s; %s; PostgreSQL %s. Pinning: %s. Run took %s s; options: %s.",
                m.cpuModel(), m.cpus(), num(m.memoryGiB(), 1), m.kernel(), m.jdk(), m.postgres(), run.pinning().describe(),
                num(run.durationSeconds(), 0), BenchOptions.commandLine(run.options()))
                + (run.service() == null || run.service().jvmOptions().isBlank() ? ""
                        : " Service JVM options: " + run.service().jvmOptions() + ".");
    }

    record Section(String title, String text, List<String> charts, List<Table> tables) {
    }

    private static List<Section> sections(RunResult run) {
        List<Section> sections = new ArrayList<>();
        if (run.limits() != null) {
            sections.add(limits(run.limits()));
        }
        if (run.dispatch() != null) {
            sections.add(dispatch(run.dispatch()));
        }
        if (run.serial() != null) {
            sections.add(stepped("Serial reservations (Reactive Event Sourcing benchmarks, part 1)", run.serial()));
        }
        if (run.contention() != null) {
            sections.add(stepped("Contention on hot shows", run.contention()));
        }
        if (run.journeys() != null) {
            sections.add(VariantSections.journeys(run.journeys()));
        }
        if (run.variants() != null && !run.variants().isEmpty()) {
            sections.add(VariantSections.variants(run.variants()));
        }
        if (run.surge() != null && run.surge().reservations() != null) {
            sections.add(surge("Surge of reservations", run.surge().reservations()));
        }
        if (run.surge() != null && run.surge().hotShows() != null) {
            sections.add(surge("Surge on hot shows", run.surge().hotShows()));
        }
        if (run.sweep() != null) {
            sections.add(sweep(run.sweep()));
        }
        if (run.topologies() != null && run.topologies().size() > 1) {
            sections.add(ClusterSections.topologies(run.topologies()));
        }
        if (run.failover() != null) {
            sections.add(ClusterSections.failover(run.failover()));
        }
        if (run.memory() != null) {
            sections.add(memory(run.memory()));
        }
        return sections;
    }

    private static Section limits(LimitsResult limits) {
        Table table = new Table("Ceiling", "Clients", "Per second", "p50 ms", "p99 ms", "p99.9 ms", "max ms", "CPU service %",
                "CPU PostgreSQL %", "CPU generator %");
        StepResult flush = limits.diskFlush();
        if (flush != null) {
            table.row("Disk flush, 8 kB write + fdatasync (" + num(flush.offeredRps(), 0) + " per s)", "1",
                    num(flush.achievedRps(), 0) + " flushes",
                    num(flush.latency().p50(), 2), num(flush.latency().p99(), 2), num(flush.latency().p999(), 2),
                    num(flush.latency().max(), 1), "–", "–", num(flush.cpu().loadGenerator(), 0));
        }
        for (LimitsResult.Append append : new LimitsResult.Append[] {limits.singleRow(), limits.multiRow()}) {
            if (append != null) {
                StepResult s = append.step();
                table.row("PostgreSQL " + append.label(), Integer.toString(append.clients()),
                        num(s.achievedRps(), 0) + " commits, " + num(append.rowsPerSecond(), 0) + " rows",
                        num(s.latency().p50(), 2), num(s.latency().p99(), 2), num(s.latency().p999(), 2),
                        num(s.latency().max(), 1), "–", num(s.cpu().database(), 0), num(s.cpu().loadGenerator(), 0));
            }
        }
        StepResult http = limits.http();
        table.row("HTTP, trivial endpoint (event loop)", Integer.toString(http.connections()), num(http.achievedRps(), 0) + " requests",
                num(http.latency().p50(), 2), num(http.latency().p99(), 2), num(http.latency().p999(), 2),
                num(http.latency().max(), 1), num(http.cpu().service(), 0), "–", num(http.cpu().loadGenerator(), 0));
        return new Section("Limits of this machine", "The disk flush is one writer rewriting an 8 kB page next to "
                + "PostgreSQL's WAL and timing its fdatasync, as each durable commit waits for one, at the commit rate of "
                + "the first serial step: its tail is a floor under the write latency tail at low load. The rest is closed "
                + "loop, as fast as the clients can go. PostgreSQL appends "
                + "50-byte event rows into a table shaped like the event store's (identity position, unique stream and "
                + "version, commit-order index) with full durability; every commit waits for its WAL flush. The HTTP "
                + "ceiling is the hello service's event-loop endpoint on the service's cores.", List.of(), List.of(table));
    }

    private static Section dispatch(DispatchResult dispatch) {
        Table table = new Table("Variant", "Start to first request ms", "Idle RSS MiB", "Max RSS MiB", "Max req/s", "p50 ms",
                "p99 ms", "req/s per MiB", "CPU service %", "Blank name → 400");
        DispatchResult.Variant base = dispatch.variant("event-loop");
        for (DispatchResult.Variant v : dispatch.variants()) {
            table.row(v.name(), num(v.startMillis(), 0), num(v.idleRssMiB(), 0), num(v.maxRssMiB(), 0),
                    num(v.load().achievedRps(), 0), num(v.load().latency().p50(), 2), num(v.load().latency().p99(), 2),
                    num(v.requestsPerSecondPerMiB(), 1), num(v.load().cpu().service(), 0), v.blankNameRejected() ? "yes" : "NO");
        }
        Table ratios = new Table("Variant vs event loop", "Throughput", "Max RSS", "req/s per MiB", "Start time");
        for (DispatchResult.Variant v : dispatch.variants()) {
            if (base != null && v != base) {
                ratios.row(v.name(), ratio(v.load().achievedRps() / base.load().achievedRps()), ratio(v.maxRssMiB() / base.maxRssMiB()),
                        ratio(v.requestsPerSecondPerMiB() / base.requestsPerSecondPerMiB()), ratio(v.startMillis() / base.startMillis()));
            }
        }
        List<String> names = dispatch.variants().stream().map(DispatchResult.Variant::name).toList();
        List<String> charts = List.of(
                Chart.bars("Max throughput (req/s)", "req/s", names, List.of(series("req/s", dispatch.variants(), v -> v.load().achievedRps())), false),
                Chart.bars("Resident memory (MiB)", "MiB", names, List.of(series("idle", dispatch.variants(), DispatchResult.Variant::idleRssMiB),
                        series("max under load", dispatch.variants(), DispatchResult.Variant::maxRssMiB)), false));
        return new Section("Dispatch: event loop, worker thread, virtual thread (Quarkus: an IO thread and a worker thread walk into a bar)", "GET /hello/{variant}/{name} "
                + "with @NotBlank validation, each variant in a fresh JVM on the service's cores; closed loop for the max throughput.",
                charts, List.of(table, ratios));
    }

    static <T> Chart.Series series(String name, List<T> items, ToDoubleFunction<T> value) {
        List<double[]> points = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            points.add(new double[] {i, value.applyAsDouble(items.get(i))});
        }
        return new Chart.Series(name, points);
    }

    static Section stepped(String title, SteppedResult result) {
        boolean conflicts = result.scenario().equals("contention");
        Table table = conflicts
                ? new Table("Offered req/s", "Achieved req/s", "p50 ms", "p95 ms", "p99 ms", "p99.9 ms", "max ms", "Conflicts (409)",
                        "Errors", "Timeouts", "CPU service %", "CPU PostgreSQL %", "CPU generator %", "Cores busy % (cpu0 / cpu1 ...)", "Steal %", "Service cores per 1000 req/s", "RSS MiB", "SLO")
                : new Table("Offered req/s", "Achieved req/s", "p50 ms", "p95 ms", "p99 ms", "p99.9 ms", "max ms", "Errors",
                        "Timeouts", "CPU service %", "CPU PostgreSQL %", "CPU generator %", "Cores busy % (cpu0 / cpu1 ...)", "Steal %", "Service cores per 1000 req/s",
                        "RSS MiB", "Read-model lag p50 / p99 ms", "SLO");
        for (StepResult s : result.attempts()) {
            List<String> row = new ArrayList<>(List.of(num(s.offeredRps(), 0), num(s.achievedRps(), 0), num(s.latency().p50(), 2),
                    num(s.latency().p95(), 2), num(s.latency().p99(), 2), num(s.latency().p999(), 2), num(s.latency().max(), 1)));
            if (conflicts) {
                row.add(Long.toString(s.counts().conflicts()));
            }
            row.addAll(List.of(Long.toString(s.counts().httpErrors() + s.counts().transportErrors()),
                    Long.toString(s.counts().timeouts()), num(s.cpu().service(), 0), num(s.cpu().database(), 0),
                    num(s.cpu().loadGenerator(), 0), s.cpu().describeCores(), s.cpu().describeSteal(), num(s.serviceCoresPer1000(), 3),
                    num(s.serviceRssMiB(), 0)));
            if (!conflicts) {
                row.add(s.readModelLag() == null ? "–"
                        : num(s.readModelLag().p50Millis(), 1) + " / " + num(s.readModelLag().p99Millis(), 1));
            }
            row.add(s.meets(result.sloMillis()) ? "met" : result.isRepeated(s) ? "missed, run again" : "**missed**");
            table.row(row.toArray(String[]::new));
        }
        List<StepResult> steps = result.steps();
        List<String> labels = steps.stream().map(s -> num(s.offeredRps(), 0)).toList();
        List<String> charts = List.of(
                Chart.line("Latency vs offered load", "offered req/s", "ms (log scale)", List.of(
                        points("p50", steps, StepResult::offeredRps, s -> s.latency().p50()),
                        points("p99", steps, StepResult::offeredRps, s -> s.latency().p99()),
                        points("p99.9", steps, StepResult::offeredRps, s -> s.latency().p999())), true,
                        result.sloMillis(), "SLO " + num(result.sloMillis(), 0) + " ms"),
                Chart.line("Achieved vs offered throughput", "offered req/s", "req/s", List.of(
                        points("achieved", steps, StepResult::offeredRps, StepResult::achievedRps),
                        points("offered", steps, StepResult::offeredRps, StepResult::offeredRps)), false, Double.NaN, ""),
                Chart.bars("CPU per step (% of one core)", "% of a core", labels, List.of(
                        series("service", steps, s -> s.cpu().service()),
                        series("PostgreSQL", steps, s -> s.cpu().database()),
                        series("load generator", steps, s -> s.cpu().loadGenerator())), true),
                Chart.line("Latency over time (per second)", "seconds since the run started", "ms (log scale)", List.of(
                        timeline("p50", result.attempts(), TimelinePoint::p50), timeline("p99", result.attempts(), TimelinePoint::p99)), true,
                        result.sloMillis(), "SLO"));
        String text = result.description() + ". Open model: users arrive at a constant rate whatever the latency; "
                + "latency is measured from each request's intended send time. Capacity: " + capacity(result)
                + " (" + CAPACITY_RULE + ").";
        return new Section(title, text, charts, List.of(table));
    }

    private static Section surge(String title, SurgeResult.Part part) {
        Table table = new Table("Phase", "Offered req/s", "Goodput (2xx) per s", "409 per s", "503 per s", "Errors",
                "Timeouts", "2xx p50 / p99 ms", "409 p50 / p99 ms", "503 p50 / p99 ms");
        for (PhaseResult phase : part.step().phases()) {
            table.row(phase.name(), num(part.offeredRps(phase), 0), num(phase.perSecond(AnswerKind.OK), 0),
                    num(phase.perSecond(AnswerKind.CONFLICT), 0), num(phase.perSecond(AnswerKind.REFUSED), 0),
                    Long.toString(phase.count(AnswerKind.ERROR)), Long.toString(phase.count(AnswerKind.TIMEOUT)),
                    pair(phase, AnswerKind.OK), pair(phase, AnswerKind.CONFLICT), pair(phase, AnswerKind.REFUSED));
        }
        List<TimelinePoint> seconds = part.step().timeline();
        double start = part.surgeStartSeconds();
        double end = start + part.surgeSeconds();
        List<String> charts = List.of(
                Chart.line("Answers per second", "seconds since the run started (surge " + num(start, 0) + "-" + num(end, 0) + ")",
                        "per second", List.of(
                                line("goodput (2xx)", seconds, TimelinePoint::okPerSecond),
                                line("refused (503)", seconds, TimelinePoint::refusedPerSecond),
                                line("conflict (409)", seconds, TimelinePoint::conflictsPerSecond),
                                line("errors and timeouts", seconds, TimelinePoint::errorsPerSecond)), false,
                        part.capacityRps(), "capacity"),
                Chart.line("p99 per second, by answer", "seconds since the run started", "ms (log scale)", List.of(
                        line("2xx", seconds, TimelinePoint::p99Ok), line("503", seconds, TimelinePoint::p99Refused),
                        line("409", seconds, TimelinePoint::p99Conflict)), true, 100, "100 ms"));
        String text = part.description() + ". Open model with " + part.step().connections() + " connections; latency from each "
                + "request's intended send time. Service CPU over the whole step " + num(part.step().cpu().service(), 0)
                + "% of a core, PostgreSQL " + num(part.step().cpu().database(), 0) + "%, load generator "
                + num(part.step().cpu().loadGenerator(), 0) + "%; steal " + part.step().cpu().describeSteal()
                + ". After the surge, the per-second p99 was back under the SLO within " + num(part.recoverySeconds(), 0) + " s.";
        return new Section(title, text, charts, List.of(table));
    }

    private static Section memory(MemoryResult memory) {
        Table steps = new Table("Step", "Offered req/s", "2xx", "409", "503", "Other errors", "Timeouts", "p50 ms", "p99 ms",
                "max ms", "CPU service %", "RSS MiB");
        for (StepResult s : memory.steps()) {
            PhaseResult all = s.phases().isEmpty() ? null : s.phases().get(0);
            steps.row(s.label(), num(s.offeredRps(), 0), Long.toString(s.counts().ok()), Long.toString(s.counts().conflicts()),
                    all == null ? "–" : Long.toString(all.count(AnswerKind.REFUSED)),
                    Long.toString(all == null ? s.counts().httpErrors() : all.count(AnswerKind.ERROR)),
                    Long.toString(s.counts().timeouts()), num(s.latency().p50(), 2), num(s.latency().p99(), 2),
                    num(s.latency().max(), 1), num(s.cpu().service(), 0), num(s.serviceRssMiB(), 0));
        }
        Table heap = new Table("When", "Heap after full GC MiB", "Shows in memory", "Their estimate MiB", "Budget MiB",
                "Dropped so far");
        for (MemoryResult.HeapReading r : memory.heap()) {
            heap.row(r.when(), num(r.heapUsedMiB(), 1), num(r.showsInMemory(), 0), num(r.residentMiB(), 1),
                    num(r.budgetMiB(), 1), num(r.evicted(), 0));
        }
        String text = "Shows of " + memory.largeSeats() + " seats (" + memory.largeCreated() + " created), then of "
                + memory.smallSeats() + " seats (" + memory.smallCreated() + " created), each reserved into once created (a "
                + "refused creation is retried after Retry-After, backing off), far past the memory budget; then random seats of random shows, most of them dropped from "
                + "memory and rebuilt from the store. " + memory.sampled() + " sampled shows were read at the end and compared "
                + "with the reservations acknowledged for them: " + memory.mismatches() + " differ. The service "
                + (memory.outOfMemory() ? "RAN OUT OF MEMORY." : "never ran out of memory.")
                + " Measured bytes per show in memory (heap growth over the step / shows in memory): "
                + num(memory.measuredBytesPerShow("start", "after large shows"), 0) + " (" + memory.largeSeats() + " seats), "
                + num(memory.measuredBytesPerShow("start", "after small shows"), 0) + " (" + memory.smallSeats() + " seats).";
        return new Section("Memory bound", text, List.of(), List.of(steps, heap));
    }

    private static String pair(PhaseResult phase, AnswerKind kind) {
        return num(phase.p50().get(kind), 2) + " / " + num(phase.p99().get(kind), 2);
    }

    static Chart.Series line(String name, List<TimelinePoint> points, ToDoubleFunction<TimelinePoint> y) {
        return new Chart.Series(name, points.stream().map(p -> new double[] {p.atSeconds(), y.applyAsDouble(p)}).toList());
    }

    private static Section sweep(SweepResult sweep) {
        Table table = new Table("Connections", "Read req/s", "Read mean ms", "Read p99 ms", "Read max ms", "Write req/s",
                "Write mean ms", "Write p99 ms", "Write max ms", "Errors", "CPU service % (write)", "CPU PostgreSQL % (write)");
        for (int i = 0; i < sweep.read().size(); i++) {
            StepResult r = sweep.read().get(i);
            StepResult w = sweep.write().get(i);
            table.row(Integer.toString(r.connections()), num(r.achievedRps(), 0), num(r.latency().mean(), 3), num(r.latency().p99(), 2),
                    num(r.latency().max(), 1), num(w.achievedRps(), 0), num(w.latency().mean(), 3), num(w.latency().p99(), 2),
                    num(w.latency().max(), 1), Long.toString(r.counts().errors() + w.counts().errors()), num(w.cpu().service(), 0),
                    num(w.cpu().database(), 0));
        }
        List<String> charts = List.of(
                Chart.line("Throughput vs connections", "connections", "req/s", List.of(
                        points("read", sweep.read(), s -> s.connections(), StepResult::achievedRps),
                        points("write", sweep.write(), s -> s.connections(), StepResult::achievedRps)), false, Double.NaN, ""),
                Chart.line("Mean and max latency vs connections", "connections", "ms (log scale)", List.of(
                        points("read mean", sweep.read(), s -> s.connections(), s -> s.latency().mean()),
                        points("write mean", sweep.write(), s -> s.connections(), s -> s.latency().mean()),
                        points("read max", sweep.read(), s -> s.connections(), s -> s.latency().max()),
                        points("write max", sweep.write(), s -> s.connections(), s -> s.latency().max())), true, Double.NaN, ""));
        return new Section("Concurrency sweep (Quarkus Runtime Performance)", "Closed loop: each connection sends its next request when the "
                + "previous one is answered. Read: GET /shows/{id} of a 100-seat show. Write: reserve then cancel seats of the "
                + "connection's own show, one event per request.", charts, List.of(table));
    }

    static Chart.Series points(String name, List<StepResult> steps, ToDoubleFunction<StepResult> x,
            ToDoubleFunction<StepResult> y) {
        return new Chart.Series(name, steps.stream().map(s -> new double[] {x.applyAsDouble(s), y.applyAsDouble(s)}).toList());
    }

    private static Chart.Series timeline(String name, List<StepResult> steps, ToDoubleFunction<TimelinePoint> y) {
        List<double[]> points = new ArrayList<>();
        steps.forEach(s -> s.timeline().forEach(p -> points.add(new double[] {p.atSeconds(), y.applyAsDouble(p)})));
        return new Chart.Series(name, points);
    }
}
