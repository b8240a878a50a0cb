package dev.boxoffice.bench.scenario.dispatch;

import static dev.boxoffice.bench.report.Format.num;
import static dev.boxoffice.bench.report.Format.ratio;

import dev.boxoffice.bench.measure.StepResult;
import dev.boxoffice.bench.report.Chart;
import dev.boxoffice.bench.report.Section;
import dev.boxoffice.bench.report.SteppedReport;
import dev.boxoffice.bench.report.SummaryRow;
import dev.boxoffice.bench.report.Table;
import dev.boxoffice.bench.run.Run;
import dev.boxoffice.bench.run.RunResult;
import dev.boxoffice.bench.run.Scenario;
import dev.boxoffice.bench.run.Selection;
import dev.boxoffice.bench.run.Target;
import dev.boxoffice.bench.system.JavaService;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The experiment of "Quarkus: an IO thread and a worker thread walk into a bar": the same trivial validated endpoint
 * on the event loop, dispatched to a worker thread, and on a virtual thread; per variant a fresh JVM, its start time
 * to first request, RSS, and closed-loop max throughput.
 */
public final class DispatchScenario extends Scenario<DispatchResult> {

    public DispatchScenario() {
        super("dispatch", "event loop vs worker thread vs virtual thread on a trivial endpoint",
                DispatchResult.class, DispatchOptions.class, Target.OWN, true);
    }

    @Override
    public double plannedSeconds(Selection selection) {
        DispatchOptions options = selection.options(DispatchOptions.class);
        return HelloService.VARIANTS.size() * (11 + options.seconds());
    }

    @Override
    public DispatchResult run(Run run) {
        HelloService hello = new HelloService(run);
        List<DispatchResult.Variant> variants = new ArrayList<>();
        for (String variant : HelloService.VARIANTS) {
            try (JavaService service = hello.start(variant)) {
                run.bench().resources().service(service.pid());
                JavaService.sleep(1000);
                double idleRss = run.bench().resources().serviceRssMiB();
                boolean validates = HelloService.rejectsBlankName(service, variant);
                StepResult load = hello.maxThroughput(service, "dispatch", variant);
                run.progress().info(String.format("%s: start %.0f ms, idle RSS %.0f MiB, max RSS %.0f MiB",
                        variant, service.startMillis(), idleRss, load.serviceRssMiB()));
                variants.add(new DispatchResult.Variant(variant, service.startMillis(), idleRss, load.serviceRssMiB(),
                        validates, load));
            } finally {
                run.bench().resources().noService();
            }
        }
        return new DispatchResult(variants);
    }

    @Override
    public List<StepResult> steps(DispatchResult result) {
        return result.variants().stream().map(DispatchResult.Variant::load).toList();
    }

    @Override
    public List<SummaryRow> summary(DispatchResult dispatch, RunResult run) {
        DispatchResult.Variant loop = dispatch.variant("event-loop");
        DispatchResult.Variant worker = dispatch.variant("worker");
        if (loop == null || worker == null) {
            return List.of();
        }
        return List.of(new SummaryRow("Dispatch: event loop vs worker thread, max throughput",
                ratio(loop.load().achievedRps() / worker.load().achievedRps()),
                "RSS " + ratio(loop.maxRssMiB() / worker.maxRssMiB()) + ", req/s per MiB "
                        + ratio(loop.requestsPerSecondPerMiB() / worker.requestsPerSecondPerMiB())));
    }

    @Override
    public List<Section> sections(DispatchResult dispatch, RunResult run) {
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
        List<DispatchResult.Variant> variants = dispatch.variants();
        List<String> names = variants.stream().map(DispatchResult.Variant::name).toList();
        List<String> charts = List.of(
                Chart.bars("Max throughput (req/s)", "req/s", names, List.of(
                        SteppedReport.series("req/s", variants, v -> v.load().achievedRps())), false),
                Chart.bars("Resident memory (MiB)", "MiB", names, List.of(
                        SteppedReport.series("idle", variants, DispatchResult.Variant::idleRssMiB),
                        SteppedReport.series("max under load", variants, DispatchResult.Variant::maxRssMiB)), false));
        return List.of(new Section("Dispatch: event loop, worker thread, virtual thread (Quarkus: an IO thread and a worker"
                + " thread walk into a bar)", "GET /hello/{variant}/{name} with @NotBlank validation, each variant in a fresh"
                + " JVM on the service's cores; closed loop for the max throughput.", charts, List.of(table, ratios)));
    }

    @Override
    public Map<String, Double> figures(DispatchResult dispatch) {
        DispatchResult.Variant loop = dispatch.variant("event-loop");
        DispatchResult.Variant worker = dispatch.variant("worker");
        return Map.of("Dispatch: event-loop / worker throughput", loop == null || worker == null ? Double.NaN
                : loop.load().achievedRps() / worker.load().achievedRps());
    }
}
