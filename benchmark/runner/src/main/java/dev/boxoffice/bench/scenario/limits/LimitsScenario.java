package dev.boxoffice.bench.scenario.limits;

import static dev.boxoffice.bench.report.Format.num;

import dev.boxoffice.bench.load.Latency;
import dev.boxoffice.bench.measure.StepResult;
import dev.boxoffice.bench.report.Section;
import dev.boxoffice.bench.report.SummaryRow;
import dev.boxoffice.bench.report.Table;
import dev.boxoffice.bench.run.Run;
import dev.boxoffice.bench.run.RunResult;
import dev.boxoffice.bench.run.Scenario;
import dev.boxoffice.bench.run.Selection;
import dev.boxoffice.bench.run.Target;
import dev.boxoffice.bench.scenario.dispatch.DispatchOptions;
import dev.boxoffice.bench.scenario.dispatch.HelloService;
import dev.boxoffice.bench.system.Database;
import dev.boxoffice.bench.system.JavaService;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * The ceilings every other figure is judged against, measured in the same run on the same cores: the disk's flush
 * latency (what every durable commit waits for), PostgreSQL appending event rows shaped like the service's (one row
 * per commit from several clients, then many rows per commit), and the HTTP layer serving the trivial event-loop
 * endpoint.
 */
public final class LimitsScenario extends Scenario<LimitsResult> {

    public LimitsScenario() {
        super("limits", "PostgreSQL append rate, the disk's flushes and the HTTP ceiling of this machine",
                LimitsResult.class, LimitsOptions.class, Target.OWN, true);
    }

    @Override
    public double plannedSeconds(Selection selection) {
        LimitsOptions options = selection.options(LimitsOptions.class);
        return 2 * options.seconds() + 10 + selection.options(DispatchOptions.class).seconds();
    }

    @Override
    public LimitsResult run(Run run) {
        LimitsOptions options = run.options(LimitsOptions.class);
        Database database = run.database().get();
        StepResult flush = database.dataDirectory().map(new DiskFlush(run.bench(), options.seconds())::measure).orElse(null);
        LimitsResult.Append[] appends = new PostgresAppends(run.bench(), options).measure(database);
        StepResult http;
        HelloService hello = new HelloService(run);
        try (JavaService service = hello.start("event-loop")) {
            run.bench().resources().service(service.pid());
            http = hello.maxThroughput(service, "limits", "event-loop");
        } finally {
            run.bench().resources().noService();
        }
        return new LimitsResult(flush, appends[0], appends[1], http);
    }

    @Override
    public List<StepResult> steps(LimitsResult limits) {
        return Stream.of(limits.diskFlush(), limits.singleRow() == null ? null : limits.singleRow().step(),
                limits.multiRow() == null ? null : limits.multiRow().step(), limits.http()).filter(Objects::nonNull).toList();
    }

    @Override
    public List<SummaryRow> summary(LimitsResult limits, RunResult run) {
        List<SummaryRow> rows = new ArrayList<>();
        if (limits.diskFlush() != null) {
            Latency flush = limits.diskFlush().latency();
            rows.add(new SummaryRow("Disk flush under PostgreSQL (8 kB write + fdatasync, " + num(limits.diskFlush().offeredRps(), 0)
                    + " per s)", "p50 " + num(flush.p50(), 2) + " ms, p99 " + num(flush.p99(), 2) + " ms, p99.9 "
                    + num(flush.p999(), 2) + " ms, max " + num(flush.max(), 1) + " ms", "every durable commit waits for one"));
        }
        if (limits.singleRow() != null) {
            rows.add(new SummaryRow("PostgreSQL ceiling, single-row commits (" + limits.singleRow().clients() + " clients)",
                    num(limits.singleRow().step().achievedRps(), 0) + " commits/s", ""));
            rows.add(new SummaryRow("PostgreSQL ceiling, " + limits.multiRow().rowsPerCommit() + "-row commits",
                    num(limits.multiRow().rowsPerSecond(), 0) + " rows/s", ""));
        }
        StepResult http = limits.http();
        rows.add(new SummaryRow("HTTP ceiling, trivial endpoint on the event loop (closed loop, " + http.connections()
                + " connections)", num(http.achievedRps(), 0) + " req/s", http.cpu().loadGenerator() >= 85
                ? "a lower bound: the load generator used " + num(http.cpu().loadGenerator(), 0) + "% of a core" : ""));
        return rows;
    }

    @Override
    public List<Section> sections(LimitsResult limits, RunResult run) {
        Table table = new Table("Ceiling", "Clients", "Per second", "p50 ms", "p99 ms", "p99.9 ms", "max ms", "CPU service %",
                "CPU PostgreSQL %", "CPU generator %");
        StepResult flush = limits.diskFlush();
        if (flush != null) {
            table.row("Disk flush, 8 kB write + fdatasync (" + num(flush.offeredRps(), 0) + " per s)", "1",
                    num(flush.achievedRps(), 0) + " flushes", num(flush.latency().p50(), 2), num(flush.latency().p99(), 2),
                    num(flush.latency().p999(), 2), num(flush.latency().max(), 1), "–", "–", num(flush.cpu().loadGenerator(), 0));
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
        return List.of(new Section("Limits of this machine", "The disk flush is one writer rewriting an 8 kB page next to "
                + "PostgreSQL's WAL and timing its fdatasync, as each durable commit waits for one, at the commit rate of "
                + "the first serial step: its tail is a floor under the write latency tail at low load. The rest is closed "
                + "loop, as fast as the clients can go. PostgreSQL appends "
                + "50-byte event rows into a table shaped like the event store's (identity position, unique stream and "
                + "version, commit-order index) with full durability; every commit waits for its WAL flush. The HTTP "
                + "ceiling is the hello service's event-loop endpoint on the service's cores.", List.of(table)));
    }

    @Override
    public Map<String, Double> figures(LimitsResult limits) {
        Map<String, Double> figures = new LinkedHashMap<>();
        figures.put("HTTP ceiling, req/s", limits.http().achievedRps());
        figures.put("Disk flush p99.9, ms", limits.diskFlush() == null ? Double.NaN : limits.diskFlush().latency().p999());
        figures.put("PostgreSQL single-row commits/s", limits.singleRow() == null ? Double.NaN : limits.singleRow().step().achievedRps());
        figures.put("PostgreSQL batched rows/s", limits.multiRow() == null ? Double.NaN : limits.multiRow().rowsPerSecond());
        return figures;
    }
}
