package dev.boxoffice.bench.scenario.surge;

import static dev.boxoffice.bench.report.Format.num;
import static dev.boxoffice.bench.report.Format.percent;

import dev.boxoffice.bench.load.AnswerKind;
import dev.boxoffice.bench.load.PhaseResult;
import dev.boxoffice.bench.load.TimelinePoint;
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
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

/** An on-sale: calm, a surge beyond a capacity measured in the same run, calm again ({@link SurgeLoad}). */
public final class SurgeScenario extends Scenario<SurgeResult> {

    private static final String[] TITLES = {"Surge of reservations", "Surge on hot shows", "Surge of reservations through the edge"};

    public SurgeScenario() {
        super("surge", "calm, a surge beyond capacity, calm again: reservations across many shows, and on hot shows",
                SurgeResult.class, SurgeOptions.class, Target.SERVICE, true);
    }

    @Override
    public double plannedSeconds(Selection selection) {
        SurgeOptions options = selection.options(SurgeOptions.class);
        return (options.throughEdge() ? 3 : 2) * (2 * options.calmSeconds() + options.seconds() + 10
                + selection.steps().warmupSeconds() + options.warmupBurstSeconds());
    }

    @Override
    public SurgeResult run(Run run) {
        SteppedResult serial = run.earlier("serial", SteppedResult.class);
        SteppedResult contention = run.earlier("contention", SteppedResult.class);
        return new SurgeLoad(run, run.options(SurgeOptions.class)).run(serial == null ? 0 : serial.capacityRps(),
                contention == null ? 0 : contention.capacityRps());
    }

    @Override
    public List<StepResult> steps(SurgeResult result) {
        return result.parts().stream().map(SurgeResult.Part::step).toList();
    }

    @Override
    public List<SummaryRow> summary(SurgeResult surge, RunResult run) {
        return Stream.of(row(TITLES[0], surge.reservations(), "serial"), row(TITLES[1], surge.hotShows(), "contention"),
                row(TITLES[2], surge.reservationsThroughEdge(), "serial"))
                .filter(Objects::nonNull).toList(); // a part is null when it was skipped
    }

    private static SummaryRow row(String title, SurgeResult.Part part, String capacityName) {
        PhaseResult surge = part == null ? null : part.phase(SurgeLoad.SURGE);
        if (surge == null) {
            return null;
        }
        return new SummaryRow(title + " at " + num(part.offeredRps(surge) / part.capacityRps(), 1) + "x the " + capacityName + " capacity",
                "goodput " + num(surge.perSecond(AnswerKind.OK), 0) + " req/s (" + percent(surge.perSecond(AnswerKind.OK) / part.capacityRps())
                        + " of " + num(part.capacityRps(), 0) + "); p99 2xx / 409 / 503: " + num(surge.p99().get(AnswerKind.OK), 1) + " / "
                        + num(surge.p99().get(AnswerKind.CONFLICT), 1) + " / " + num(surge.p99().get(AnswerKind.REFUSED), 1) + " ms",
                surge.count(AnswerKind.REFUSED) + " refused (503)" + refusers(part) + ", " + surge.count(AnswerKind.ERROR)
                        + " refused otherwise, " + surge.count(AnswerKind.TIMEOUT) + " timed out, "
                        + surge.count(AnswerKind.CONNECTION_FAILED) + " connection failed; "
                        + (surge.p99AllAnswers() == null ? "" : "p99 of all answers " + num(surge.p99AllAnswers(), 0) + " ms; ")
                        + "per-second p99 back under the SLO "
                        + num(part.recoverySeconds(), 0) + " s after the surge");
    }

    /** Who refused, by their own counters over the whole part (calm phases included): the edge, the service. */
    private static String refusers(SurgeResult.Part part) {
        String service = Double.isNaN(part.serviceRefusals()) ? "" : num(part.serviceRefusals(), 0) + " by the service";
        if (part.edge() == null) {
            return service.isEmpty() ? "" : " (" + service + ")";
        }
        return " (" + part.edge().refusedByEdge() + " by the edge's queue, " + part.edge().rateLimited() + " rate-limited"
                + (service.isEmpty() ? "" : ", " + service + ", " + percent(part.serviceRefusals() / Math.max(1, part.edge().fromNodes()))
                + " of what reached it") + ")";
    }

    @Override
    public List<Section> sections(SurgeResult surge, RunResult run) {
        return Stream.of(section(TITLES[0], surge.reservations()), section(TITLES[1], surge.hotShows()),
                section(TITLES[2], surge.reservationsThroughEdge())).filter(Objects::nonNull).toList();
    }

    private static Section section(String title, SurgeResult.Part part) {
        if (part == null) {
            return null;
        }
        Table table = new Table("Phase", "Offered req/s", "Goodput (2xx) per s", "409 per s", "503 per s",
                "Refused otherwise", "Timed out", "Connection failed", "2xx p50 / p99 ms", "409 p50 / p99 ms", "503 p50 / p99 ms");
        for (PhaseResult phase : part.step().phases()) {
            table.row(phase.name(), num(part.offeredRps(phase), 0), num(phase.perSecond(AnswerKind.OK), 0),
                    num(phase.perSecond(AnswerKind.CONFLICT), 0), num(phase.perSecond(AnswerKind.REFUSED), 0),
                    Long.toString(phase.count(AnswerKind.ERROR)), Long.toString(phase.count(AnswerKind.TIMEOUT)),
                    Long.toString(phase.count(AnswerKind.CONNECTION_FAILED)),
                    pair(phase, AnswerKind.OK), pair(phase, AnswerKind.CONFLICT), pair(phase, AnswerKind.REFUSED));
        }
        List<TimelinePoint> seconds = part.step().timeline();
        double start = part.surgeStartSeconds();
        double end = start + part.surgeSeconds();
        List<String> charts = List.of(
                Chart.line("Answers per second", "seconds since the run started (surge " + num(start, 0) + "-" + num(end, 0) + ")",
                        "per second", List.of(
                                SteppedReport.line("goodput (2xx)", seconds, TimelinePoint::okPerSecond),
                                SteppedReport.line("refused (503)", seconds, TimelinePoint::refusedPerSecond),
                                SteppedReport.line("conflict (409)", seconds, TimelinePoint::conflictsPerSecond),
                                SteppedReport.line("errors and timeouts", seconds, TimelinePoint::errorsPerSecond)), false,
                        part.capacityRps(), "capacity"),
                Chart.line("p99 per second, by answer", "seconds since the run started", "ms (log scale)", List.of(
                        SteppedReport.line("2xx", seconds, TimelinePoint::p99Ok),
                        SteppedReport.line("503", seconds, TimelinePoint::p99Refused),
                        SteppedReport.line("409", seconds, TimelinePoint::p99Conflict)), true, 100, "100 ms"));
        String text = part.description() + ". Open model with " + part.step().connections() + " connections; latency from each "
                + "request's intended send time. Service CPU over the whole step " + num(part.step().cpu().service(), 0)
                + "% of a core, PostgreSQL " + num(part.step().cpu().database(), 0) + "%, load generator "
                + num(part.step().cpu().loadGenerator(), 0) + "%; steal " + part.step().cpu().describeSteal()
                + ". After the surge, the per-second p99 was back under the SLO within " + num(part.recoverySeconds(), 0) + " s."
                + (part.edge() == null ? "" : " The edge's counters: " + part.edge().requests() + " requests, "
                + part.edge().refusedByEdge() + " refused by it (503 after waiting its queue timeout), "
                + part.edge().rateLimited() + " rate-limited (429), " + part.edge().fromNodes() + " answered by the service, "
                + part.edge().maxQueued() + " waiting at most at once.")
                + (Double.isNaN(part.serviceRefusals()) ? "" : " The service's own refusals: " + num(part.serviceRefusals(), 0) + ".");
        return new Section(title, text, charts, List.of(table));
    }

    private static String pair(PhaseResult phase, AnswerKind kind) {
        return num(phase.p50().get(kind), 2) + " / " + num(phase.p99().get(kind), 2);
    }
}
