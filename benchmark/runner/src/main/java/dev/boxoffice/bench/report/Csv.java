package dev.boxoffice.bench.report;

import dev.boxoffice.bench.result.DispatchResult;
import dev.boxoffice.bench.result.LimitsResult;
import dev.boxoffice.bench.result.RunResult;
import dev.boxoffice.bench.result.StepResult;
import dev.boxoffice.bench.result.VariantResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** steps.csv: one line per measured step of every scenario, for spreadsheets and scripts. */
final class Csv {

    private static final String HEADER = "scenario,label,offered_rps,connections,seconds,sent,ok,conflicts,http_errors,"
            + "transport_errors,timeouts,achieved_rps,p50_ms,p95_ms,p99_ms,p999_ms,max_ms,mean_ms,cpu_service_pct,"
            + "cpu_postgres_pct,cpu_loadgen_pct,service_rss_mib,histogram_log,read_model_lag_p50_ms,read_model_lag_p99_ms,"
            + "max_core_steal_pct\n";

    private Csv() {
    }

    static String steps(RunResult run) {
        StringBuilder csv = new StringBuilder(HEADER);
        all(run).forEach(s -> row(csv, s.scenario(), s));
        if (run.variants() != null) { // a variant's steps under "variant/scenario"
            for (VariantResult v : run.variants()) {
                List<StepResult> steps = new ArrayList<>(v.serial().attempts());
                steps.addAll(v.contention().attempts());
                steps.addAll(v.journeys().stepped().attempts());
                if (v.profileStep() != null) {
                    steps.add(v.profileStep());
                }
                steps.forEach(s -> row(csv, v.name() + "/" + s.scenario(), s));
            }
        }
        return csv.toString();
    }

    private static void row(StringBuilder csv, String scenario, StepResult s) {
            var c = s.counts();
            var l = s.latency();
            csv.append(String.format(Locale.ROOT, "%s,%s,%.1f,%d,%.3f,%d,%d,%d,%d,%d,%d,%.1f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.1f,%.1f,%.1f,%.1f,%s,%.1f,%.1f,%.1f%n",
                    scenario, s.label(), s.offeredRps(), s.connections(), s.seconds(), c.sent(), c.ok(), c.conflicts(),
                    c.httpErrors(), c.transportErrors(), c.timeouts(), s.achievedRps(), l.p50(), l.p95(), l.p99(), l.p999(),
                    l.max(), l.mean(), s.cpu().service(), s.cpu().database(), s.cpu().loadGenerator(), s.serviceRssMiB(),
                    s.histogramLog(), s.readModelLag() == null ? Double.NaN : s.readModelLag().p50Millis(),
                    s.readModelLag() == null ? Double.NaN : s.readModelLag().p99Millis(), s.cpu().maxSteal()));
    }

    /** Every step of the run, in report order (the repeated ones too). */
    static List<StepResult> all(RunResult run) {
        List<StepResult> steps = new ArrayList<>();
        LimitsResult limits = run.limits();
        if (limits != null) {
            if (limits.diskFlush() != null) {
                steps.add(limits.diskFlush());
            }
            if (limits.singleRow() != null) {
                steps.add(limits.singleRow().step());
                steps.add(limits.multiRow().step());
            }
            steps.add(limits.http());
        }
        if (run.dispatch() != null) {
            run.dispatch().variants().stream().map(DispatchResult.Variant::load).forEach(steps::add);
        }
        if (run.serial() != null) {
            steps.addAll(run.serial().attempts());
        }
        if (run.contention() != null) {
            steps.addAll(run.contention().attempts());
        }
        if (run.journeys() != null) {
            steps.addAll(run.journeys().stepped().attempts());
        }
        if (run.memory() != null) {
            steps.addAll(run.memory().steps());
        }
        if (run.surge() != null) {
            run.surge().parts().forEach(part -> steps.add(part.step()));
        }
        if (run.sweep() != null) {
            steps.addAll(run.sweep().read());
            steps.addAll(run.sweep().write());
        }
        return steps;
    }
}
