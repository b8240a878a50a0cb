package dev.boxoffice.bench.scenario.hall;

import static dev.boxoffice.bench.report.Format.num;

import dev.boxoffice.bench.measure.StepResult;
import dev.boxoffice.bench.report.Section;
import dev.boxoffice.bench.report.SteppedReport;
import dev.boxoffice.bench.report.Table;
import java.util.ArrayList;
import java.util.List;

/** How the hall scenario reads: the two ways of buying side by side, then the stadiums. */
final class HallReport {

    private HallReport() {
    }

    static List<Section> sections(HallResult hall) {
        List<Section> sections = new ArrayList<>();
        sections.add(SteppedReport.section("Hall on sale: buyers naming their seats", hall.named(), "buyers/s"));
        Section best = SteppedReport.section("Hall on sale: buyers asking for the best available", hall.best(), "buyers/s");
        List<Table> tables = new ArrayList<>(best.tables());
        tables.add(buyers(hall));
        String text = best.text() + " Both on halls of " + num(hall.hallSeats(), 0) + " seats (sections of 100 rows of 50,"
                + " an aisle in the middle, ten Premium rows in front), fresh ones for every step, each buyer holding "
                + hall.seatsPerBuyer() + " seat(s), named ones handed out in turn or the best available, picked by the"
                + " service in one decision (together in a row, nearest the stage, no seat stranded), then confirming"
                + " them " + HallBuyers.THINK_MILLIS + " ms later: the offered rate is buyers arriving per second, the"
                + " achieved rate requests answered per second, the latencies those of both requests. Every step"
                + " starts once the service and PostgreSQL are idle."
                + (hall.halfCapacity() == null ? "" : " At half the best-available capacity ("
                        + num(hall.halfCapacity().offeredRps(), 0) + " buyers/s, for " + num(hall.halfCapacity().seconds(), 0)
                        + " s): p50 " + num(hall.halfCapacity().latency().p50(), 2) + " ms, p99 "
                        + num(hall.halfCapacity().latency().p99(), 2) + " ms, max " + num(hall.halfCapacity().latency().max(), 1)
                        + " ms.");
        sections.add(new Section(best.title(), text, best.charts(), tables));
        if (hall.stadiums() != null) {
            sections.add(stadiums(hall.stadiums()));
        }
        if (!hall.decisions().isEmpty()) {
            sections.add(decisions(hall.decisions()));
        }
        return sections;
    }

    private static Section decisions(List<HallResult.Decisions> decisions) {
        Table table = new Table("Hall", "Seats", "Seats together", "Decisions timed", "p50 µs", "p99 µs", "p99.9 µs",
                "Max µs");
        for (HallResult.Decisions d : decisions) {
            table.row(d.hall() + (d.soldAtRandom() ? "" : " to " + d.soldPercent() + " %"), num(d.seats(), 0),
                    d.together() + (d.soldAtRandom() && d.together() >= DomainDecisions.REFUSED ? " (refused)" : ""),
                    num(d.samples(), 0), num(d.p50Micros(), 1), num(d.p99Micros(), 1), num(d.p999Micros(), 1),
                    num(d.maxMicros(), 0));
        }
        String seats = num(decisions.get(0).seats(), 0);
        String text = "The service's decision alone, without HTTP or the database: JMH (sample mode, a fork of its own"
                + " per case, on the service's cores while no service worked) times \"N together, best available\" on"
                + " stadiums of " + seats + " seats with nine seats in ten sold at random: the hard case, where few groups"
                + " are left. Sixteen halls sold differently take turns, so the percentiles spread over halls. On such a"
                + " hall no " + DomainDecisions.REFUSED + " seats are together: such a decision is refused after searching"
                + " and counting the whole hall. Target: p99 at most 1,000 µs. Then the on-sale's own decision: one seat"
                + " after another on a hall of the on-sale's size, each applied, until " + DomainDecisions.ON_SALE_PERCENT
                + " % is sold (about what a step's buyers buy at capacity), then a fresh hall; what a best-available buyer"
                + " costs the service's core beyond a named one. The maximum includes the JVM's pauses.";
        return new Section("Best available in the domain: " + seats + " seats, nine in ten sold", text, List.of(table));
    }

    private static Table buyers(HallResult hall) {
        Table table = new Table("Step", "Buyers/s", "Held", "Refused (409)", "Confirmed");
        for (HallResult.Buyers b : hall.buyers()) {
            table.row(b.label(), num(b.buyersPerSecond(), 0), Long.toString(b.held()), Long.toString(b.refused()),
                    Long.toString(b.confirmed()));
        }
        return table;
    }

    private static Section stadiums(HallResult.Stadium s) {
        Table figures = new Table("Figure", "Value");
        figures.row("Stadiums (seats each)", num(s.shows(), 0) + " (" + num(s.seats(), 0) + ")");
        figures.row("Seats sold", num(s.soldSeats(), 0));
        figures.row("Shows in memory when weighed: in / out", num(s.inMemory(), 0) + " / " + num(s.leftInMemory(), 0));
        figures.row("Heap after a full GC: stadiums in memory / out of it", num(s.heapInMiB(), 1) + " / "
                + num(s.heapOutMiB(), 1) + " MiB");
        figures.row("Per show: measured / counted by the memory budget", num(s.measuredKiBPerShow(), 0) + " / "
                + num(s.estimatedKiBPerShow(), 0) + " KiB");
        figures.row("Loads recorded by the service", num(s.loads(), 0));
        figures.row("Load p50 / p99 (snapshot read and decoded, the events after it applied)",
                num(s.loadP50Millis(), 1) + " / " + num(s.loadP99Millis(), 1) + " ms");
        Table steps = new Table("Phase", "Offered req/s", "Achieved req/s", "p50 ms", "p99 ms", SteppedReport.ERRORS);
        for (StepResult step : s.steps()) {
            steps.row(step.label(), num(step.offeredRps(), 0), num(step.achievedRps(), 0), num(step.latency().p50(), 2),
                    num(step.latency().p99(), 2), step.counts().describeErrors());
        }
        String seats = num(s.seats(), 0);
        String text = "On a service of its own with a short idle timeout: stadiums of " + seats + " seats (sections of 100"
                + " rows of 50), nine seats in ten reserved at random, 100 a request. The heap is read after a full GC"
                + " (jcmd GC.run) once they are sold, still in memory, and again once they have left it. Then every"
                + " stadium is read again, " + (Stadiums.ROUNDS + 1) + " times, each out of memory before: each read"
                + " loads it from its latest snapshot and the events after it. The first round warms the loading up and"
                + " is not counted. Load times are the service's histogram (interpolated within its buckets); a read's"
                + " time adds the JSON of " + seats + " seats.";
        return new Section("Stadiums of " + seats + " seats: memory and loads", text, List.of(figures, steps));
    }
}
