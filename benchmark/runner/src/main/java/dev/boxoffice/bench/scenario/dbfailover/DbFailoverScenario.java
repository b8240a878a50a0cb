package dev.boxoffice.bench.scenario.dbfailover;

import dev.boxoffice.postgres.PostgresUrl;
import static dev.boxoffice.bench.report.Format.num;
import static dev.boxoffice.bench.report.Format.percent;

import dev.boxoffice.bench.load.TimelinePoint;
import dev.boxoffice.bench.measure.Bench;
import dev.boxoffice.bench.measure.RisingSteps;
import dev.boxoffice.bench.measure.StepResult;
import dev.boxoffice.bench.measure.SteppedResult;
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
import dev.boxoffice.bench.scenario.serial.SerialLoad;
import dev.boxoffice.bench.scenario.serial.SerialOptions;
import dev.boxoffice.bench.system.JavaService;
import dev.boxoffice.cluster.Ports;
import dev.boxoffice.cluster.ReplicatedDatabase;
import io.vertx.pgclient.PgBuilder;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;
import io.vertx.sqlclient.Row;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * PostgreSQL's primary lost under load: a service of its own on three PostgreSQL servers replicated under
 * pg_auto_failover (./boxoffice run --db-replicas 2), reservations at a constant rate, the primary's PostgreSQL and
 * keeper killed with kill -9 (and a standby's, when two servers are lost), started again, then a planned switchover. The timeline shows the
 * writes' outage from the clients' side; afterwards every acknowledged reservation is looked for in the log. When
 * the run measures serial too (on the single server), serial's steps run first through the replicated servers: what
 * a second copy of each commit costs, in the same run.
 */
public final class DbFailoverScenario extends Scenario<DbFailoverResult> {

    private static final int REPLICAS = 2;
    /** After the kill, the killed server is started again this much later, so that the switchover has a standby. */
    private static final double RESTART_AFTER_SECONDS = 15;

    public DbFailoverScenario() {
        super("dbfailover", "PostgreSQL's primary killed under load, then a planned switchover, on servers replicated"
                + " under pg_auto_failover (only when named)", DbFailoverResult.class, DbFailoverOptions.class, Target.SERVICE, false);
    }

    @Override
    public void check(Selection selection) {
        DbFailoverOptions options = selection.options(DbFailoverOptions.class);
        if (options.serversLost() > REPLICAS) {
            throw new IllegalArgumentException("dbfailover: --dbfailover-servers-lost is 1 or 2 (of " + (REPLICAS + 1)
                    + " servers, one must be left)");
        }
        if (selection.runs(name()) && !(options.killAt() + RESTART_AFTER_SECONDS + 5 < options.switchoverAt()
                && options.switchoverAt() + 10 < options.seconds())) {
            throw new IllegalArgumentException("dbfailover: --dbfailover-kill-at + 20 s < --dbfailover-switchover-at,"
                    + " and --dbfailover-switchover-at + 10 s < --dbfailover-seconds");
        }
    }

    @Override
    public double plannedSeconds(Selection selection) {
        double serial = selection.runs("serial") ? RisingSteps.plannedSeconds(selection.steps(),
                selection.options(SerialOptions.class).rates()) : 0;
        return selection.options(DbFailoverOptions.class).seconds() + 60 + serial;
    }

    @Override
    public DbFailoverResult run(Run run) {
        DbFailoverOptions options = run.options(DbFailoverOptions.class);
        Bench bench = run.bench();
        Path data;
        try {
            data = Files.createTempDirectory("boxoffice-dbfailover-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        run.progress().phase("dbfailover: starting " + (REPLICAS + 1) + " PostgreSQL servers under pg_auto_failover");
        try (ReplicatedDatabase database = ReplicatedDatabase.start(run.repository(), data, REPLICAS, Ports.freeBlock(REPLICAS + 3),
                bench.logDirectory(), true, ProcessBuilder.Redirect.appendTo(bench.logDirectory().resolve("haproxy-postgres.log").toFile()),
                run.pinning().prefix(run.pinning().postgres()));
                JavaService service = JavaService.start("boxoffice-dbfailover", run.serviceJar(),
                        run.serviceJvmOptions(run.repository(), "boxoffice-dbfailover"), Map.of(), Map.of("DATABASE_URL", database.url()),
                        run.pinning().servicePrefix(), bench.logDirectory(), "/q/health/ready")) {
            bench.resources().service(service.pid());
            bench.serviceJvms(1);
            DbFailoverLoad load = new DbFailoverLoad(bench, service.baseUrl(), options.rate(), options.seconds());
            if (bench.steps().warmupSeconds() > 0) {
                new DbFailoverLoad(bench, service.baseUrl(), bench.warmupRate(), bench.warmupSeconds())
                        .run("warm-up", bench.warmupRate(), bench.warmupSeconds(), () -> { });
            }
            SteppedResult serial = null;
            if (run.earlier("serial", SteppedResult.class) != null) {
                run.progress().phase("dbfailover: serial steps through the replicated servers");
                serial = new SerialLoad(bench, service.baseUrl(), run.options(SerialOptions.class)).run("serial-replicated");
            }
            return measure(run, database, load, options, serial);
        } finally {
            run.tier().measuredBy(bench.resources());
            bench.serviceJvms(Math.max(1, run.tier().nodes().size()));
        }
    }

    private DbFailoverResult measure(Run run, ReplicatedDatabase database, DbFailoverLoad load, DbFailoverOptions options,
            SteppedResult serial) {
        Bench bench = run.bench();
        double[] killedAt = {Double.NaN};
        double[] switchover = {Double.NaN, Double.NaN};
        String[] killed = {"none"};
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
        Runnable events = () -> {
            timer.schedule(() -> {
                List<String> lost = lost(database, options.serversLost());
                killed[0] = String.join(" and ", lost);
                killedAt[0] = sinceRunStart(bench);
                lost.forEach(database::kill);
                run.progress().info("dbfailover: killed " + killed[0] + " (PostgreSQL and keeper, kill -9)");
            }, (long) (options.killAt() * 1000), TimeUnit.MILLISECONDS);
            timer.schedule(() -> run.progress().info("dbfailover: started " + database.restartStopped() + " again"),
                    (long) ((options.killAt() + RESTART_AFTER_SECONDS) * 1000), TimeUnit.MILLISECONDS);
            timer.schedule(() -> {
                // Planned: an operator switches over once every standby is in sync, not while one catches up.
                Duration waitLimit = Duration.ofMillis((long) ((options.seconds() - options.switchoverAt() - 10) * 1000));
                run.progress().info(database.awaitInSync(waitLimit)
                        ? "dbfailover: every standby in sync; switching over"
                        : "dbfailover: a standby is still not in sync; switching over anyway");
                switchover[0] = sinceRunStart(bench);
                try {
                    database.switchover();
                    switchover[1] = sinceRunStart(bench) - switchover[0];
                    run.progress().info("dbfailover: switchover done in " + num(switchover[1], 1) + " s, primary "
                            + database.primary().orElse("none"));
                } catch (RuntimeException e) {
                    run.progress().info("dbfailover: the switchover failed: " + e.getMessage());
                }
            }, (long) (options.switchoverAt() * 1000), TimeUnit.MILLISECONDS);
        };
        StepResult step;
        try {
            step = load.run("primary killed, then a switchover", options.rate(), options.seconds(), events);
        } finally {
            timer.shutdownNow();
        }
        long[] log = checkLog(run, database, load);
        List<TimelinePoint> timeline = step.timeline();
        return new DbFailoverResult(REPLICAS + 1, step, killedAt[0], killed[0], switchover[0], switchover[1],
                DbFailoverResult.servedAgainAfter(timeline, killedAt[0], switchover[0], options.rate()),
                DbFailoverResult.servedAgainAfter(timeline, switchover[0], Double.MAX_VALUE, options.rate()),
                load.acknowledged.size(), log[0], log[1], serial);
    }

    /** The primary, then as many standbys as make {@code count} servers. */
    private static List<String> lost(ReplicatedDatabase database, int count) {
        List<String> lost = new ArrayList<>();
        database.primary().ifPresent(lost::add);
        database.states().keySet().stream().filter(server -> !lost.contains(server)).limit(count - lost.size())
                .forEach(lost::add);
        return lost;
    }

    /** Of the acknowledged reservations, how many the log lacks; and how many seats it has reserved twice. */
    private static long[] checkLog(Run run, ReplicatedDatabase database, DbFailoverLoad load) {
        Pool pool = PgBuilder.pool().with(new PoolOptions().setMaxSize(1)).connectingTo(PostgresUrl.parse(database.url()).pgConnectOptions())
                .using(run.bench().vertx()).build();
        try {
            Map<String, Integer> reserved = new HashMap<>();
            // Only this load's reservations carry a correlation id (serial's steps, when they ran first, carry none).
            for (Row row : pool.query("SELECT correlation_id FROM events WHERE event_type = 'SeatReserved'"
                    + " AND correlation_id IS NOT NULL").execute()
                    .toCompletionStage().toCompletableFuture().join()) {
                reserved.merge(row.getString(0), 1, Integer::sum);
            }
            long missing = load.acknowledged.stream().filter(id -> !reserved.containsKey(id)).count();
            long doubled = reserved.values().stream().filter(count -> count > 1).count();
            return new long[] {missing, doubled};
        } finally {
            pool.close().toCompletionStage().toCompletableFuture().join();
        }
    }

    private static double sinceRunStart(Bench bench) {
        return (System.nanoTime() - bench.progress().runStartNanos()) / 1e9;
    }

    @Override
    public List<StepResult> steps(DbFailoverResult result) {
        List<StepResult> steps = new ArrayList<>();
        if (result.serial() != null) {
            steps.addAll(result.serial().attempts());
        }
        steps.add(result.step());
        return steps;
    }

    @Override
    public List<SummaryRow> summary(DbFailoverResult result, RunResult run) {
        List<SummaryRow> rows = new ArrayList<>();
        SteppedResult single = run.result("serial", SteppedResult.class);
        if (result.serial() != null && single != null) {
            rows.add(new SummaryRow("Serial capacity through " + result.servers() + " servers replicated synchronously",
                    SteppedReport.capacity(result.serial()), percent(result.serial().capacityRps() / single.capacityRps())
                            + " of the single server's " + num(single.capacityRps(), 0) + " req/s in this run"));
        }
        rows.addAll(List.of(new SummaryRow("Database failover: " + result.killed() + " killed under " + num(result.step().offeredRps(), 0)
                        + " reservations/s", "writes back " + num(result.writesBackAfterKill(), 1) + " s after the kill; "
                        + num(result.missing(), 0) + " of " + num(result.acknowledged(), 0) + " acknowledged missing, "
                        + num(result.doubled(), 0) + " seats doubled; slowest answer " + num(result.step().latency().max(), 0) + " ms",
                        "≤ 10 s; 0 lost, 0 doubled; no answer past 1 s"),
                new SummaryRow("Database switchover (planned)", "writes back " + num(result.writesBackAfterSwitch(), 1)
                        + " s after it began (the command took " + num(result.switchoverSeconds(), 1) + " s)", "≤ 2 s, fast 503s only")));
        return rows;
    }

    @Override
    public List<Section> sections(DbFailoverResult result, RunResult run) {
        List<TimelinePoint> seconds = result.step().timeline();
        Table table = new Table("Second since the kill", "Reserved (200) per s", "Refused (503) per s", "Errors and timeouts per s",
                "p99 ms", "max ms");
        for (TimelinePoint point : seconds) {
            table.row(num(point.atSeconds() - result.killAtSeconds(), 0), num(point.okPerSecond(), 0),
                    num(point.refusedPerSecond(), 0), num(point.errorsPerSecond(), 0), num(point.p99(), 1), num(point.max(), 0));
        }
        String chart = Chart.line("Reservations per second (kill at " + num(result.killAtSeconds(), 0) + " s, switchover at "
                        + num(result.switchoverAtSeconds(), 0) + " s)", "seconds since the run started", "per second", List.of(
                        SteppedReport.line("reserved (200)", seconds, TimelinePoint::okPerSecond),
                        SteppedReport.line("refused (503)", seconds, TimelinePoint::refusedPerSecond),
                        SteppedReport.line("errors and timeouts", seconds, TimelinePoint::errorsPerSecond)), false,
                result.step().offeredRps(), "offered");
        String text = "One service on " + result.servers() + " PostgreSQL servers under pg_auto_failover (synchronous replication,"
                + " ANY 1 standby; the timings of ./boxoffice run --db-replicas), behind HAProxy routing to the server that takes"
                + " writes. Reservations at " + num(result.step().offeredRps(), 0) + " a second, each of a seat of its own. "
                + result.killed() + " (PostgreSQL and keeper) killed with kill -9 at " + num(result.killAtSeconds(), 0)
                + " s; started again " + num(RESTART_AFTER_SECONDS, 0) + " s later, rejoining as standbys;"
                + " a planned switchover (pg_autoctl perform switchover) at " + num(result.switchoverAtSeconds(), 0) + " s. Writes back:"
                + " from the event to the end of the first second, after the first that lost any, that reserved at least "
                + percent(DbFailoverResult.SERVED) + " of the offered rate. Afterwards every reservation answered 200 is looked"
                + " for in the new primary's log: " + num(result.missing(), 0) + " of " + num(result.acknowledged(), 0)
                + " missing, " + num(result.doubled(), 0) + " seats reserved twice. A request that failed is not sent again."
                + " The PostgreSQL servers, the monitor and their HAProxy run on the PostgreSQL core; their CPU is not measured.";
        List<Section> sections = new ArrayList<>();
        if (result.serial() != null) {
            sections.add(SteppedReport.section("Serial reservations through " + result.servers()
                    + " PostgreSQL servers replicated synchronously (before the kill)", result.serial()));
        }
        sections.add(new Section("PostgreSQL's primary lost under load", text, List.of(chart), List.of(table)));
        return sections;
    }
}
