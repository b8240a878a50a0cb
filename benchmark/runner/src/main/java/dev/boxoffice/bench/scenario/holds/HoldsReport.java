package dev.boxoffice.bench.scenario.holds;

import static dev.boxoffice.bench.report.Format.num;

import dev.boxoffice.bench.measure.StepResult;
import dev.boxoffice.bench.report.Section;
import dev.boxoffice.bench.report.SteppedReport;
import dev.boxoffice.bench.report.Table;
import java.util.ArrayList;
import java.util.List;

/** How the holds scenario reads: the buyers' steps with their holds and expiries, then the pending holds. */
final class HoldsReport {

    private HoldsReport() {
    }

    static String capacity(HoldsResult holds) {
        return SteppedReport.capacity(holds.stepped(), "buyers/s");
    }

    static List<Section> sections(HoldsResult holds) {
        List<Section> sections = new ArrayList<>();
        sections.add(buyers(holds));
        if (holds.pending() != null) {
            sections.add(pending(holds.pending()));
        }
        return sections;
    }

    private static Section buyers(HoldsResult holds) {
        Section stepped = SteppedReport.section("Holds: buyers hold seats, then confirm or let the hold expire", holds.stepped(),
                "buyers/s");
        Table table = new Table("Buyers/s", "Holds placed", "Refused (409)", "Confirmed", "Expiries recorded",
                "Expiry lag p50 ms", "Expiry lag p99 ms");
        for (HoldsResult.Buyers b : holds.buyers()) {
            table.row(num(b.buyersPerSecond(), 0), Long.toString(b.held()), Long.toString(b.refused()),
                    Long.toString(b.confirmed()), num(b.expiryLag().count(), 0), num(b.expiryLag().p50Millis(), 0),
                    num(b.expiryLag().p99Millis(), 0));
        }
        List<Table> tables = new ArrayList<>(stepped.tables());
        tables.add(table);
        String text = stepped.text() + " Here the offered rate is buyers arriving per second and the achieved rate requests"
                + " answered per second. Expiry lag: from a hold's expiry to the commit of"
                + " its release event, as the service's histogram recorded it during the step (interpolated within its"
                + " buckets); an expiry falls in the step in which it was recorded.";
        return new Section(stepped.title(), text, stepped.charts(), tables);
    }

    private static Section pending(HoldsResult.Pending p) {
        Table figures = new Table("Figure", "Value");
        figures.row("Pending holds placed (2 seats each)", num(p.placed(), 0));
        figures.row("Shows they are spread over (50 seats each)", num(p.shows(), 0));
        figures.row("Shows in memory after the last hold", num(p.inMemoryAfterPlacing(), 0));
        figures.row("Shows in memory just before the first expiry (idle timeout " + num(p.idleSeconds(), 0) + " s)",
                num(p.inMemoryAtExpiry(), 0));
        figures.row("Expiries spread over", num(p.windowSeconds(), 0) + " s");
        figures.row("Releases recorded", num(p.lag().count(), 0));
        figures.row("Expiry lag p50 / p99", num(p.lag().p50Millis(), 0) + " / " + num(p.lag().p99Millis(), 0) + " ms");
        figures.row("HoldReleased events in those shows' streams", num(p.releaseEvents(), 0));
        figures.row("Heap after a full GC: shows / shows and holds / max", num(p.heapShowsMiB(), 1) + " / "
                + num(p.heapHoldsMiB(), 1) + " / " + num(p.heapMaxMiB(), 0) + " MiB");
        figures.row("Bytes per pending hold: measured / counted by the memory budget",
                num(p.measuredBytesPerHold(), 0) + " / " + num(p.estimatedBytesPerHold(), 0));
        Table steps = new Table("Phase", "Offered req/s", "Achieved req/s", "p50 ms", "p99 ms", SteppedReport.ERRORS,
                "CPU service %", "CPU PostgreSQL %", "RSS MiB");
        for (StepResult s : p.steps()) {
            steps.row(s.label(), num(s.offeredRps(), 0), num(s.achievedRps(), 0), num(s.latency().p50(), 2),
                    num(s.latency().p99(), 2), s.counts().describeErrors(), num(s.cpu().service(), 0), num(s.cpu().database(), 0),
                    num(s.serviceRssMiB(), 0));
        }
        String text = "On a service (and, on the embedded database, a PostgreSQL server) of its own, started for them with a"
                + " short idle timeout and warmed up with buyers (whose shows then leave memory): pending holds placed round the shows in turn, each living until its share of a "
                + num(p.windowSeconds(), 0) + " s window that starts once the service's idle timeout has passed after the"
                + " last one: when a hold expires its show is out of memory, and the release loads it again. A pending"
                + " expiry is a row of the holds read model, not a timer in memory; every instance claims due rows and"
                + " asks their shows to release them. The heap is read after a full GC (jcmd GC.run) with the shows in memory,"
                + " before and after the holds. The expiry phase sends no requests: its CPU is the service's own work.";
        return new Section("Pending holds expiring over shows out of memory", text, List.of(figures, steps));
    }
}
