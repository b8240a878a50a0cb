package dev.boxoffice.bench.scenario.coldstart;

import static dev.boxoffice.bench.report.Format.num;

import dev.boxoffice.bench.load.TimelinePoint;
import dev.boxoffice.bench.measure.Bench;
import dev.boxoffice.bench.measure.StepResult;
import dev.boxoffice.bench.measure.SteppedResult;
import dev.boxoffice.bench.report.Section;
import dev.boxoffice.bench.report.SummaryRow;
import dev.boxoffice.bench.report.Table;
import dev.boxoffice.bench.run.Run;
import dev.boxoffice.bench.run.RunResult;
import dev.boxoffice.bench.run.Scenario;
import dev.boxoffice.bench.run.Selection;
import dev.boxoffice.bench.run.Target;
import dev.boxoffice.bench.client.Refusals;
import dev.boxoffice.bench.client.ShowsApi;
import dev.boxoffice.bench.load.LoadClient;
import dev.boxoffice.bench.load.OpenLoop;
import dev.boxoffice.bench.system.JavaService;
import io.vertx.core.http.HttpMethod;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A cold start under load: a service of its own, started fresh (no JIT-compiled code, no show in memory) with the
 * run's JVM options, pinning and CPU quota, offered reservations at a constant rate from the moment it is ready (open
 * model: every request at its time, whatever the answers), at a quarter of the warm capacity measured in the same
 * run. Whether admission control refuses load that the service can serve while its JIT compiles, second by second.
 */
public final class ColdStartScenario extends Scenario<ColdStartResult> {

    /** The share of requests a cold start may refuse. */
    private static final double TARGET_REFUSED_PERCENT = 1;
    private static final int SEATS_PER_SHOW = 1000;
    private static final double RESERVATIONS_PER_SHOW_PER_SECOND = 20;

    public ColdStartScenario() {
        super("coldstart", "a fresh service under a quarter of the warm serial capacity from its first second: refusals"
                + " and latency per second (only when named; after serial)", ColdStartResult.class,
                ColdStartOptions.class, Target.SERVICE, false);
    }

    @Override
    public void check(Selection selection) {
        if (selection.runs(name()) && selection.options(ColdStartOptions.class).rate() == 0 && !selection.runs("serial")) {
            throw new IllegalArgumentException("coldstart needs --coldstart-rate, or serial in the same run to derive it from");
        }
    }

    @Override
    public double plannedSeconds(Selection selection) {
        return selection.options(ColdStartOptions.class).seconds() + 15;
    }

    @Override
    public ColdStartResult run(Run run) {
        ColdStartOptions options = run.options(ColdStartOptions.class);
        SteppedResult serial = run.earlier("serial", SteppedResult.class);
        double warm = options.rate() > 0 || serial == null ? 0 : serial.capacityRps();
        double rate = options.rate() > 0 ? options.rate() : Math.max(1, warm * options.percent() / 100);
        Bench bench = run.bench();
        // Enough shows that each takes a few dozen reservations a second, as under the serial load, and seats for all;
        // created through the run's service, so that the fresh one first meets them in the log, as after a restart.
        int showCount = (int) Math.max(Math.ceil(rate / RESERVATIONS_PER_SHOW_PER_SECOND),
                Math.ceil(rate * options.seconds() / SEATS_PER_SHOW));
        List<UUID> shows = ShowsApi.createShowsNow(run.baseUrl(), showCount, SEATS_PER_SHOW);
        StepResult burst = options.burst() > 0 ? burst(run, options.burst()) : null;
        run.progress().phase("coldstart: starting a fresh BoxOffice service");
        try (JavaService service = fresh(run, "boxoffice-coldstart", run.pinning().servicePrefix());
                LoadClient client = bench.client(service.baseUrl(), bench.steps().connections())) {
            bench.resources().service(service.pid());
            AtomicLong next = new AtomicLong();
            StepResult load = bench.step("coldstart", "cold start, " + num(rate, 0) + " req/s", rate,
                    bench.steps().connections(), options.seconds(), recorder -> OpenLoop.start(bench.vertx(), rate, recorder,
                            intended -> {
                                long n = next.getAndIncrement(); // show after show, as the serial load spreads
                                UUID show = shows.get((int) (n % shows.size()));
                                client.send(HttpMethod.PATCH, ShowsApi.seat(show, (int) (n / shows.size() % SEATS_PER_SHOW)),
                                        ShowsApi.RESERVE, intended, recorder, false, reply -> { });
                            }));
            return new ColdStartResult(warm, service.startMillis(), load, Refusals.read(service.baseUrl()), burst);
        } finally {
            run.tier().measuredBy(bench.resources());
        }
    }

    /**
     * A crowd that arrives all at once, as a load test's set-up or an announcement does: {@code count} show creations,
     * each on a connection of its own (opened first), sent together to a fresh service the moment it is ready. On the
     * service's cores without the CPU quota: a burst is not overload, and whether one is refused should not depend on
     * how small a quota the run's overload scenarios needed.
     */
    private static StepResult burst(Run run, int count) {
        Bench bench = run.bench();
        run.progress().phase("coldstart: a burst of " + count + " creations on a fresh BoxOffice service");
        try (JavaService service = fresh(run, "boxoffice-burst", run.pinning().prefix(run.pinning().service()));
                LoadClient client = bench.client(service.baseUrl(), count)) {
            bench.resources().service(service.pid());
            return bench.step("coldstart", "burst of " + count + " creations", count, count, 1, recorder -> {
                long now = System.nanoTime();
                for (int i = 0; i < count; i++) {
                    client.send(HttpMethod.POST, "/shows", ShowsApi.createShow(UUID.randomUUID(), 100), now, recorder,
                            false, reply -> { });
                }
            });
        } finally {
            run.tier().measuredBy(bench.resources());
        }
    }

    /** A service of its own, started fresh with the run's JVM options under {@code prefix}, on the run's database. */
    private static JavaService fresh(Run run, String name, List<String> prefix) {
        return JavaService.start(name, run.serviceJar(), run.serviceJvmOptions(run.repository(), name), Map.of(),
                Map.of("DATABASE_URL", run.database().get().url()), prefix, run.bench().logDirectory(), "/q/health/ready");
    }

    @Override
    public List<StepResult> steps(ColdStartResult result) {
        return result.burst() == null ? List.of(result.load()) : List.of(result.burst(), result.load());
    }

    @Override
    public List<SummaryRow> summary(ColdStartResult result, RunResult run) {
        List<SummaryRow> rows = new ArrayList<>();
        if (result.burst() != null) {
            rows.add(new SummaryRow("A burst of " + result.burst().counts().sent() + " creations at once, on a service just ready",
                    result.burstRefused() + " refused; p99 " + num(result.burst().latency().p99(), 0) + " ms",
                    "0 refused, p99 <= 2,000 ms"));
        }
        rows.add(new SummaryRow("Cold start at " + num(result.load().offeredRps(), 0) + " req/s"
                + (result.warmCapacityRps() > 0 ? " (" + num(100 * result.load().offeredRps() / result.warmCapacityRps(), 0)
                        + " % of the warm serial capacity)" : ""),
                num(result.refusedPercent(), 2) + " % refused (" + num(result.refusedPercentWithin(1), 1)
                        + " % in the first second); p99 " + num(result.load().latency().p99(), 0) + " ms",
                "< " + num(TARGET_REFUSED_PERCENT, 0) + " % refused"));
        return rows;
    }

    @Override
    public List<Section> sections(ColdStartResult result, RunResult run) {
        Table seconds = new Table("Second", "Answered/s", "Refused/s", "p50 ms", "p99 ms", "max ms");
        for (TimelinePoint point : result.load().timeline()) {
            seconds.row(num(result.secondOf(point), 0), num(point.answersPerSecond(), 0), num(point.refusedPerSecond(), 0),
                    num(point.p50(), 1), num(point.p99(), 1), num(point.max(), 1));
        }
        String text = "A BoxOffice service of its own, started fresh with the run's JVM options, cores and CPU quota, then "
                + "offered reservations of free seats at a constant rate (open model: each request at its time, whatever "
                + "the answers), spread over shows created beforehand through the run's service (about "
                + num(RESERVATIONS_PER_SHOW_PER_SECOND, 0) + " a second each), from the moment it answered "
                + "its readiness check, for " + num(result.load().seconds(), 0) + " s at "
                + num(result.load().offeredRps(), 0) + " req/s" + (result.warmCapacityRps() > 0 ? ", "
                + num(100 * result.load().offeredRps() / result.warmCapacityRps(), 0) + " % of the serial capacity "
                + num(result.warmCapacityRps(), 0) + " req/s measured earlier in this run" : "") + ". It started in "
                + num(result.startMillis(), 0) + " ms. Refused: answers 503 or 429, " + num(result.refusedPercent(), 2)
                + " % of the requests sent; by the service's count, " + num(result.refusedBy().inFlight(), 0)
                + " by admission control's bound on requests in flight, " + num(result.refusedBy().queueDelay(), 0)
                + " by a show's bound on queue delay or the memory for shows, " + num(result.refusedBy().connections(), 0)
                + " by the bound on open connections."
                + (result.burst() == null ? "" : " Before it, another fresh service was sent "
                + result.burst().counts().sent() + " show creations all at once, each on a connection of its own, the moment"
                + " it was ready (on the same cores, without the CPU quota): " + result.burstRefused() + " refused, p50 " + num(result.burst().latency().p50(), 0)
                + " ms, p99 " + num(result.burst().latency().p99(), 0) + " ms.");
        return List.of(new Section("Cold start", text, List.of(seconds)));
    }

    @Override
    public Map<String, Double> figures(ColdStartResult result) {
        Map<String, Double> figures = new LinkedHashMap<>();
        figures.put("coldstart refused %", result.refusedPercent());
        figures.put("coldstart p99 ms", result.load().latency().p99());
        if (result.burst() != null) {
            figures.put("coldstart burst refused", (double) result.burstRefused());
            figures.put("coldstart burst p99 ms", result.burst().latency().p99());
        }
        return figures;
    }
}
