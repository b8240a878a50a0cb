package dev.boxoffice.bench.scenario.hall;

import static dev.boxoffice.bench.report.Format.num;
import static dev.boxoffice.bench.report.Format.percent;

import dev.boxoffice.bench.load.LoadClient;
import dev.boxoffice.bench.measure.Bench;
import dev.boxoffice.bench.measure.RisingSteps;
import dev.boxoffice.bench.measure.StepResult;
import dev.boxoffice.bench.measure.SteppedResult;
import dev.boxoffice.bench.report.Section;
import dev.boxoffice.bench.report.SteppedReport;
import dev.boxoffice.bench.report.SummaryRow;
import dev.boxoffice.bench.run.Run;
import dev.boxoffice.bench.run.RunResult;
import dev.boxoffice.bench.run.Scenario;
import dev.boxoffice.bench.run.Selection;
import dev.boxoffice.bench.run.Target;
import dev.boxoffice.bench.scenario.hall.HallBuyers.Choice;
import dev.boxoffice.bench.system.JavaService;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A stadium on sale: buyers naming their seats, then buyers asking for the best available, at rising rates against
 * the run's service ({@link HallBuyers}); the best-available buyers once more at half their capacity; then stadiums of
 * 100,000 seats on a service of their own, weighed on its heap and loaded again from their snapshots ({@link Stadiums}).
 */
public final class HallScenario extends Scenario<HallResult> {

    public HallScenario() {
        super("hall", "an on-sale of a stadium, buyers naming seats against buyers asking for the best available;"
                + " 100,000-seat shows weighed and loaded (only when named)", HallResult.class, HallOptions.class,
                Target.SERVICE, false);
    }

    @Override
    public void check(Selection selection) {
        HallOptions options = selection.options(HallOptions.class);
        if (options.seats() % HallJson.ROW_SEATS != 0 || options.seats() > Stadiums.MAX_SEATS) {
            throw new IllegalArgumentException("--hall-seats must be a multiple of " + HallJson.ROW_SEATS + " up to "
                    + Stadiums.MAX_SEATS);
        }
        if (options.stadiumSeats() % Stadiums.SEATS_PER_RESERVATION != 0 || options.stadiumSeats() > Stadiums.MAX_SEATS) {
            throw new IllegalArgumentException("--hall-stadium-seats must be a multiple of "
                    + Stadiums.SEATS_PER_RESERVATION + " up to " + Stadiums.MAX_SEATS);
        }
        if (options.decisionsTogether().stream().anyMatch(together -> together > 20)) {
            throw new IllegalArgumentException("--hall-decisions-together: at most 20 seats together");
        }
        if (options.seatsPerBuyer() > 20) {
            throw new IllegalArgumentException("--hall-seats-per-buyer must be at most 20 (the most seats together)");
        }
    }

    @Override
    public double plannedSeconds(Selection selection) {
        HallOptions options = selection.options(HallOptions.class);
        double stadiums = 20 + options.stadiums() * options.stadiumSeats() / 100.0 * 9 / 10 / Stadiums.MAX_SELL_RATE + Stadiums.ROUNDS * (options.idleSeconds() * 1.5 + 5);
        double decisions = DomainDecisions.plannedSeconds(selection.steps(), options.decisionsTogether().size());
        return 2 * RisingSteps.plannedSeconds(selection.steps(), options.rates()) + options.halfCapacitySeconds() + stadiums
                + decisions;
    }

    @Override
    public HallResult run(Run run) {
        HallOptions options = run.options(HallOptions.class);
        Bench bench = run.bench();
        HallBuyers buyers = new HallBuyers(bench, run.baseUrl(), options);
        SteppedResult named;
        SteppedResult best;
        StepResult half = null;
        try (LoadClient client = bench.client(run.baseUrl(), bench.steps().connections())) {
            // Both ways warmed up before either is measured: the first measured would otherwise meet a colder service.
            buyers.warmUp(client, Choice.BEST_AVAILABLE);
            named = buyers.run(client, Choice.NAMED);
            best = buyers.run(client, Choice.BEST_AVAILABLE);
            if (best.capacityRps() > 0) {
                half = buyers.once(client, Choice.BEST_AVAILABLE, "best available: half capacity", best.capacityRps() / 2,
                        options.halfCapacitySeconds());
            }
        }
        HallResult.Stadium stadiums = null;
        if (run.tier() == null) {
            run.note("--target: the stadiums need a service started with a short idle timeout; not measured.");
        } else {
            stadiums = stadiums(run, options);
        }
        bench.settle();
        run.progress().phase("hall: best available decided in the domain alone (JMH), on the service's cores");
        List<HallResult.Decisions> decisions = DomainDecisions.run(run.repository(), run.pinning(), bench.steps(),
                options.stadiumSeats(), options.decisionsTogether(), options.seats(), bench.logDirectory());
        return new HallResult(options.seats(), options.seatsPerBuyer(), named, best, half, buyers.buyers(), stadiums,
                decisions);
    }

    /** On a service of its own, on the run's database, with a short idle timeout; the run's service is measured again after. */
    private HallResult.Stadium stadiums(Run run, HallOptions options) {
        Bench bench = run.bench();
        bench.settle(); // the on-sale's expiries and read models done with: the stadiums share the database
        run.progress().phase("hall: starting a BoxOffice service with an idle timeout of " + options.idleSeconds() + " s");
        try (JavaService service = JavaService.start("boxoffice-hall", run.serviceJar(),
                run.serviceJvmOptions(run.repository(), "boxoffice-hall"),
                Map.of("boxoffice.entities.idle-timeout", options.idleSeconds() + "s"),
                Map.of("DATABASE_URL", run.database().get().url()), run.pinning().servicePrefix(), bench.logDirectory(),
                "/q/health/ready");
                LoadClient client = bench.client(service.baseUrl(), bench.steps().connections())) {
            bench.resources().service(service.pid());
            return new Stadiums(bench, service.baseUrl(), service.pid(), options).run(client);
        } finally {
            run.tier().measuredBy(bench.resources());
        }
    }

    @Override
    public List<StepResult> steps(HallResult result) {
        List<StepResult> steps = new ArrayList<>(result.named().attempts());
        steps.addAll(result.best().attempts());
        if (result.halfCapacity() != null) {
            steps.add(result.halfCapacity());
        }
        if (result.stadiums() != null) {
            steps.addAll(result.stadiums().steps());
        }
        return steps;
    }

    @Override
    public List<SummaryRow> summary(HallResult hall, RunResult run) {
        List<SummaryRow> rows = new ArrayList<>();
        rows.add(new SummaryRow("Best-available buyers on a " + num(hall.hallSeats(), 0) + "-seat hall",
                SteppedReport.capacity(hall.best(), "buyers/s"), percent(hall.bestOverNamed()) + " of buyers naming their seats ("
                        + SteppedReport.capacity(hall.named(), "buyers/s") + ") in the same run; target at least 80 %"));
        if (hall.halfCapacity() != null) {
            rows.add(new SummaryRow("Best available at half that capacity (" + num(hall.halfCapacity().offeredRps(), 0)
                    + " buyers/s)", "p99 " + num(hall.halfCapacity().latency().p99(), 1) + " ms", "target at most 50 ms"));
        }
        HallResult.Stadium s = hall.stadiums();
        if (s != null) {
            rows.add(new SummaryRow("A " + num(s.seats(), 0) + "-seat show, 9 seats in 10 sold, in memory",
                    num(s.measuredKiBPerShow(), 0) + " KiB of heap measured", num(s.estimatedKiBPerShow(), 0)
                            + " KiB counted by the memory budget; target at most 200 KB at 100,000 seats"));
            rows.add(new SummaryRow("Loading it again (snapshot and events after it)",
                    "p50 " + num(s.loadP50Millis(), 1) + " ms, p99 " + num(s.loadP99Millis(), 1) + " ms",
                    num(s.loads(), 0) + " loads; target at most 20 ms"));
        }
        if (!hall.decisions().isEmpty()) {
            rows.add(new SummaryRow("Best available decided in the domain, " + num(hall.decisions().get(0).seats(), 0)
                    + " seats " + DomainDecisions.SOLD_AT_RANDOM, "p99 " + num(hall.decisionP99Micros(), 0) + " µs",
                    "the slowest p99 of " + hall.decisions().stream().filter(HallResult.Decisions::soldAtRandom)
                            .map(d -> String.valueOf(d.together())).collect(Collectors.joining(", ")) + " together ("
                            + DomainDecisions.REFUSED + " or more: refused, the whole hall searched); target at most 1,000 µs"));
        }
        return rows;
    }

    @Override
    public List<Section> sections(HallResult hall, RunResult run) {
        return HallReport.sections(hall);
    }

    @Override
    public Map<String, Double> figures(HallResult hall) {
        Map<String, Double> figures = new LinkedHashMap<>();
        figures.put("Best-available buyers/s", hall.best().capacityRps());
        figures.put("Named-seat buyers/s", hall.named().capacityRps());
        figures.put("Best available at half capacity p99, ms",
                hall.halfCapacity() == null ? Double.NaN : hall.halfCapacity().latency().p99());
        HallResult.Stadium s = hall.stadiums();
        figures.put("Heap per stadium, KiB", s == null ? Double.NaN : s.measuredKiBPerShow());
        figures.put("Load of a stadium p99, ms", s == null ? Double.NaN : s.loadP99Millis());
        figures.put("Best-available decision p99, µs", hall.decisionP99Micros());
        return figures;
    }
}
