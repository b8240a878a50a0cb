package dev.boxoffice.bench.scenario.memory;

import static dev.boxoffice.bench.report.Format.num;

import dev.boxoffice.bench.measure.StepResult;
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

/**
 * Valid traffic against the memory bound ({@link MemoryLoad}): shows far past the service's memory budget, then
 * reservations across all of them. Run it with a small heap, for example {@code --service-jvm-options=-Xmx256m}.
 */
public final class MemoryScenario extends Scenario<MemoryResult> {

    public MemoryScenario() {
        super("memory", "shows far past the memory budget, then reservations across them (only when named;"
                + " best with a small heap)",
                MemoryResult.class, MemoryOptions.class, Target.SERVICE, false);
    }

    @Override
    public double plannedSeconds(Selection selection) {
        MemoryOptions options = selection.options(MemoryOptions.class);
        return options.largeShows() / options.largeRate() + options.smallShows() / options.rate() + options.reserveSeconds() + 30;
    }

    @Override
    public MemoryResult run(Run run) {
        long servicePid = run.tier() == null ? 0 : run.tier().directPid().orElse(0L);
        return new MemoryLoad(run.bench(), run.baseUrl(), servicePid, run.options(MemoryOptions.class)).run();
    }

    @Override
    public List<StepResult> steps(MemoryResult memory) {
        return memory.steps();
    }

    @Override
    public List<SummaryRow> summary(MemoryResult memory, RunResult run) {
        if (memory.heap().size() != 4) {
            return List.of();
        }
        MemoryResult.HeapReading end = memory.reading("after reservations");
        long answered = memory.steps().stream().mapToLong(s -> s.counts().answered()).sum();
        long failed = memory.steps().stream().mapToLong(s -> s.counts().transportErrors() + s.counts().timeouts()).sum();
        return List.of(new SummaryRow("Memory: shows far past the budget (" + num(end.budgetMiB(), 0) + " MiB)",
                (memory.outOfMemory() ? "**OutOfMemoryError**" : "no OutOfMemoryError") + "; " + memory.largeCreated()
                        + " shows of " + memory.largeSeats() + " seats and " + memory.smallCreated() + " of " + memory.smallSeats()
                        + " created; " + answered + " answered, " + failed + " timeouts or errors; " + memory.mismatches()
                        + " of " + memory.sampled() + " sampled shows differ after passivation and reload",
                "measured per show in memory: " + num(memory.measuredBytesPerShow("start", "after large shows"), 0)
                        + " bytes (" + memory.largeSeats() + " seats), " + num(memory.measuredBytesPerShow("start",
                        "after small shows"), 0) + " bytes (" + memory.smallSeats() + " seats)"));
    }

    @Override
    public List<Section> sections(MemoryResult memory, RunResult run) {
        Table steps = new Table("Step", "Offered req/s", "2xx", "409", SteppedReport.ERRORS, "p50 ms", "p99 ms",
                "max ms", "CPU service %", "RSS MiB");
        for (StepResult s : memory.steps()) {
            steps.row(s.label(), num(s.offeredRps(), 0), Long.toString(s.counts().ok()), Long.toString(s.counts().conflicts()),
                    s.counts().describeErrors(), num(s.latency().p50(), 2), num(s.latency().p99(), 2),
                    num(s.latency().max(), 1), num(s.cpu().service(), 0), num(s.serviceRssMiB(), 0));
        }
        Table heap = new Table("When", "Heap after full GC MiB", "Shows in memory", "Their estimate MiB", "Budget MiB",
                "Dropped so far");
        for (MemoryResult.HeapReading r : memory.heap()) {
            heap.row(r.when(), num(r.heapUsedMiB(), 1), num(r.showsInMemory(), 0), num(r.residentMiB(), 1),
                    num(r.budgetMiB(), 1), num(r.evicted(), 0));
        }
        String text = "Shows of " + memory.largeSeats() + " seats (" + memory.largeCreated() + " created), then of "
                + memory.smallSeats() + " seats (" + memory.smallCreated() + " created), each reserved into once created (a "
                + "refused creation is retried after Retry-After, backing off), far past the memory budget; then random seats of random shows, most of them dropped from "
                + "memory and rebuilt from the store. " + memory.sampled() + " sampled shows were read at the end and compared "
                + "with the reservations acknowledged for them: " + memory.mismatches() + " differ. The service "
                + (memory.outOfMemory() ? "RAN OUT OF MEMORY." : "never ran out of memory.")
                + " Measured bytes per show in memory (heap growth over the step / shows in memory): "
                + num(memory.measuredBytesPerShow("start", "after large shows"), 0) + " (" + memory.largeSeats() + " seats), "
                + num(memory.measuredBytesPerShow("start", "after small shows"), 0) + " (" + memory.smallSeats() + " seats).";
        return List.of(new Section("Memory bound", text, List.of(steps, heap)));
    }
}
