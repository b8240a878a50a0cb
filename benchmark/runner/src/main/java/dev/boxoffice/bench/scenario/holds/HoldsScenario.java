package dev.boxoffice.bench.scenario.holds;

import static dev.boxoffice.bench.report.Format.num;
import static dev.boxoffice.bench.report.Format.percent;

import dev.boxoffice.bench.load.LoadClient;
import dev.boxoffice.bench.measure.Bench;
import dev.boxoffice.bench.measure.RisingSteps;
import dev.boxoffice.bench.measure.StepResult;
import dev.boxoffice.bench.measure.SteppedResult;
import dev.boxoffice.bench.report.Section;
import dev.boxoffice.bench.report.SummaryRow;
import dev.boxoffice.bench.run.Run;
import dev.boxoffice.bench.run.RunResult;
import dev.boxoffice.bench.run.Scenario;
import dev.boxoffice.bench.run.Selection;
import dev.boxoffice.bench.run.Target;
import dev.boxoffice.bench.system.Database;
import dev.boxoffice.bench.system.JavaService;
import io.vertx.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Holds that are confirmed or expire: buyers at rising rates against the run's service ({@link HoldBuyers}), so that
 * with {@code serial} in the same run the report sets their capacity beside the single-seat one on the same JVM; then
 * pending holds over shows that have left memory ({@link PendingHolds}), on a service of its own with a short idle
 * timeout.
 */
public final class HoldsScenario extends Scenario<HoldsResult> {

    public HoldsScenario() {
        super("holds", "buyers holding seats, then confirming or letting the hold expire; pending holds expiring"
                + " over shows out of memory (only when named)", HoldsResult.class, HoldsOptions.class, Target.SERVICE, false);
    }

    @Override
    public void check(Selection selection) {
        HoldsOptions options = selection.options(HoldsOptions.class);
        if (options.expirePercent() > 100) {
            throw new IllegalArgumentException("--holds-expire-percent must be at most 100");
        }
        if (options.seatsPerHold() > 100) {
            throw new IllegalArgumentException("--holds-seats-per-hold must be at most 100 (the service's default limit)");
        }
        long room = (long) options.pendingShows() * (PendingHolds.SEATS_PER_SHOW / PendingHolds.SEATS_PER_HOLD);
        if (options.pending() > room) {
            throw new IllegalArgumentException("--holds-pending " + options.pending() + " does not fit in "
                    + options.pendingShows() + " shows of " + PendingHolds.SEATS_PER_SHOW + " seats (at most " + room + ")");
        }
    }

    @Override
    public double plannedSeconds(Selection selection) {
        HoldsOptions options = selection.options(HoldsOptions.class);
        double passivated = PendingHolds.passivatedWithinMillis(options) / 1000.0;
        double warmUp = selection.steps().warmupSeconds() + passivated; // the pending holds' service, then its shows leave memory
        return 10 + RisingSteps.plannedSeconds(selection.steps(), options.rates()) + warmUp
                + options.pendingShows() * 2 / options.pendingRate() + options.pending() / options.pendingRate()
                + passivated + options.expirySeconds() + 10;
    }

    @Override
    public HoldsResult run(Run run) {
        HoldsOptions options = run.options(HoldsOptions.class);
        Bench bench = run.bench();
        HoldBuyers buyers = new HoldBuyers(bench, run.baseUrl(), options);
        SteppedResult stepped;
        try (LoadClient client = bench.client(run.baseUrl(), bench.steps().connections())) {
            stepped = buyers.run(client);
        }
        HoldsResult.Pending pending = null;
        if (run.tier() == null) {
            run.note("--target: the pending holds need a service started with a short idle timeout; not measured.");
        } else {
            pending = pending(run, options);
        }
        return new HoldsResult(stepped, options.seatsPerHold(), options.expirePercent(), options.ttlSeconds(),
                options.thinkMs(), buyers.buyers(), pending);
    }

    /**
     * The pending holds, on a service of its own and, on the embedded database, a PostgreSQL server of its own: the
     * run's service, still up, would otherwise share the expiries as a second node. The run's service and server are
     * measured again afterwards.
     */
    private HoldsResult.Pending pending(Run run, HoldsOptions options) {
        Bench bench = run.bench();
        Database shared = run.database().get();
        Database own = null;
        if (shared.isEmbedded()) {
            run.progress().phase("holds: starting a PostgreSQL server of its own for the pending holds");
            own = Database.startEmbedded(bench.logDirectory(), "postgresql-holds.log", run.pinning(),
                    run.runOptions().walSegmentsAhead());
        } else {
            run.note("holds: with an external database the pending holds' expiries are shared with the run's service.");
        }
        Database database = own == null ? shared : own;
        run.progress().phase("holds: starting a BoxOffice service with an idle timeout of " + options.idleSeconds() + " s");
        try (JavaService service = JavaService.start("boxoffice-holds", run.serviceJar(),
                run.serviceJvmOptions(run.repository(), "boxoffice-holds"),
                Map.of("boxoffice.entities.idle-timeout", options.idleSeconds() + "s"), Map.of("DATABASE_URL", database.url()),
                run.pinning().servicePrefix(), bench.logDirectory(), "/q/health/ready");
                LoadClient client = bench.client(service.baseUrl(), bench.steps().connections())) {
            bench.resources().service(service.pid());
            database.postmasterPid().ifPresent(bench.resources()::database);
            bench.serviceJvms(1);
            return new PendingHolds(bench, service.baseUrl(), service.pid(), options)
                    .run(client, shows -> releaseEvents(run, database, shows));
        } finally {
            run.tier().measuredBy(bench.resources());
            shared.postmasterPid().ifPresent(bench.resources()::database);
            bench.serviceJvms(Math.max(1, run.tier().nodes().size()));
            if (own != null) {
                own.close();
            }
        }
    }

    private static long releaseEvents(Run run, Database database, List<UUID> shows) {
        String[] streams = shows.stream().map(show -> "show-" + show).toArray(String[]::new);
        return ((Number) database.firstValue(run.bench().vertx(), "SELECT count(*) FROM events WHERE stream_id = ANY($1)"
                + " AND event_type = 'HoldReleased'", Tuple.of(streams))).longValue();
    }

    @Override
    public List<StepResult> steps(HoldsResult result) {
        List<StepResult> steps = new ArrayList<>(result.stepped().attempts());
        if (result.pending() != null) {
            steps.addAll(result.pending().steps());
        }
        return steps;
    }

    @Override
    public List<SummaryRow> summary(HoldsResult holds, RunResult run) {
        SteppedResult serial = run.result("serial", SteppedResult.class);
        String against = serial == null ? "run serial too to compare with the single-seat capacity"
                : percent(holds.stepped().capacityRps() / serial.capacityRps()) + " of the single-seat serial capacity ("
                        + num(serial.capacityRps(), 0) + " req/s); a buyer who confirms sends two writes";
        List<SummaryRow> rows = new ArrayList<>();
        rows.add(new SummaryRow("Holds capacity (buyers per s: hold, then confirm or expire)",
                HoldsReport.capacity(holds), against));
        HoldsResult.Pending pending = holds.pending();
        if (pending != null) {
            rows.add(new SummaryRow("Expiry lag of " + num(pending.placed(), 0) + " pending holds over "
                    + num(pending.shows(), 0) + " shows (" + num(pending.inMemoryAtExpiry(), 0) + " in memory just before the first expiry)",
                    "p50 " + num(pending.lag().p50Millis(), 0) + " ms, p99 " + num(pending.lag().p99Millis(), 0) + " ms",
                    num(pending.releaseEvents(), 0) + " release events for " + num(pending.placed(), 0) + " holds"));
            rows.add(new SummaryRow("Memory per pending hold (its show in memory)",
                    num(pending.measuredBytesPerHold(), 0) + " bytes measured", num(pending.estimatedBytesPerHold(), 0)
                            + " bytes counted by the memory budget; " + num(pending.placed(), 0) + " holds: "
                            + num(pending.heapHoldsMiB() - pending.heapShowsMiB(), 1) + " MiB of a "
                            + num(pending.heapMaxMiB(), 0) + " MiB heap"));
        }
        return rows;
    }

    @Override
    public List<Section> sections(HoldsResult holds, RunResult run) {
        return HoldsReport.sections(holds);
    }

    @Override
    public Map<String, Double> figures(HoldsResult holds) {
        Map<String, Double> figures = new LinkedHashMap<>();
        figures.put("Holds capacity, buyers/s", holds.stepped().capacityRps());
        HoldsResult.Pending pending = holds.pending();
        figures.put("Expiry lag p50 of pending holds, ms", pending == null ? Double.NaN : pending.lag().p50Millis());
        figures.put("Expiry lag p99 of pending holds, ms", pending == null ? Double.NaN : pending.lag().p99Millis());
        figures.put("Heap per pending hold, bytes", pending == null ? Double.NaN : pending.measuredBytesPerHold());
        return figures;
    }
}
