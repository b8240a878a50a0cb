package dev.boxoffice.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxoffice.bench.load.AnswerKind;
import dev.boxoffice.bench.load.Counts;
import dev.boxoffice.bench.load.Latency;
import dev.boxoffice.bench.load.PhaseResult;
import dev.boxoffice.bench.measure.StepResult;
import dev.boxoffice.bench.measure.SteppedResult;
import dev.boxoffice.bench.run.RunResult;
import dev.boxoffice.bench.scenario.dispatch.DispatchResult;
import dev.boxoffice.bench.scenario.hall.HallResult;
import dev.boxoffice.bench.scenario.hall.HallScenario;
import dev.boxoffice.bench.scenario.holds.HoldsResult;
import dev.boxoffice.bench.scenario.journeys.JourneysOptions;
import dev.boxoffice.bench.scenario.journeys.JourneysResult;
import dev.boxoffice.bench.scenario.limits.LimitsResult;
import dev.boxoffice.bench.scenario.memory.MemoryResult;
import dev.boxoffice.bench.scenario.coldstart.ColdStartResult;
import dev.boxoffice.bench.scenario.connections.ConnectionsResult;
import dev.boxoffice.bench.scenario.onsale.OnsaleResult;
import dev.boxoffice.bench.scenario.queue.QueueResult;
import dev.boxoffice.bench.scenario.queue.QueueScenario;
import dev.boxoffice.bench.scenario.stream.StreamResult;
import dev.boxoffice.bench.scenario.surge.SurgeResult;
import dev.boxoffice.cluster.HaProxyStats;
import dev.boxoffice.bench.scenario.sweep.SweepResult;
import dev.boxoffice.bench.system.Database;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * A seconds-long run of every scenario at tiny rates against the packaged service and hello service: the run
 * folder is complete and its numbers add up. No latency or throughput threshold: that is the benchmark's job.
 */
class BenchSmokeIT {

    private static final Path REPOSITORY = Path.of(System.getProperty("boxoffice.repo", "../.."));
    @TempDir(cleanup = CleanupMode.ON_SUCCESS) // a failed run's folder stays for a look
    static Path out;
    private static RunResult run;

    @BeforeAll
    static void runEveryScenarioBriefly() throws Exception {
        var selection = BenchCommand.parse(List.of("limits", "dispatch", "serial", "contention", "journeys", "surge",
                "sweep", "memory", "holds", "hall", "keys", "stream", "onsale", "queue", "connections", "coldstart", "--out", out.toString(),
                "--step-seconds", "2", "--warmup-seconds", "1", "--warmup-rate", "50", "--wal-segments-ahead", "4",
                "--serial-rates", "50,100", "--contention-rates", "40,80",
                "--journeys-rates", "20,40", "--journeys-shows", "10", "--journeys-seats", "20", "--journeys-think-ms", "20",
                "--journeys-retry-percent", "30",
                "--sweep-connections", "1,2", "--sweep-seconds", "1",
                "--dispatch-seconds", "1", "--dispatch-connections", "4",
                "--limits-seconds", "1", "--limits-clients", "2", "--limits-batch", "8",
                "--surge-seconds", "2", "--surge-calm-seconds", "1", "--surge-connections", "16", "--surge-seats", "20",
                "--surge-base-rps", "60", "--surge-hot-base-rps", "40", "--surge-warmup-burst-seconds", "1",
                "--memory-large-shows", "4", "--memory-small-shows", "40", "--memory-rate", "40",
                "--memory-reserve-rate", "40", "--memory-reserve-seconds", "1",
                "--holds-rates", "20,40", "--holds-warmup-rate", "50", "--holds-ttl-seconds", "1", "--holds-think-ms", "20", "--holds-expire-percent", "50",
                "--holds-pending", "200", "--holds-pending-shows", "20", "--holds-pending-rate", "50",
                "--holds-expiry-seconds", "2", "--holds-idle-seconds", "2",
                "--hall-rates", "20", "--hall-seats", "1000", "--hall-stadiums", "2", "--hall-stadium-seats", "10000",
                "--hall-idle-seconds", "2", "--hall-decisions-together", "4", "--hall-half-capacity-seconds", "3",
                "--stream-viewers", "20", "--stream-rates", "5", "--stream-seconds", "2",
                "--onsale-rates", "20", "--onsale-seconds", "2", "--onsale-cold-shows", "5", "--onsale-seats", "50",
                "--no-onsale-through-edge", // the edge's path is the surge's here: one more crowd would only add time
                "--queue-factor", "0.2", "--queue-seconds", "2", "--queue-capacity-seconds", "1", "--queue-shows", "2",
                "--queue-seats", "2000", "--queue-max-drain-seconds", "60", "--queue-line-seconds", "1",
                // A tiny rate like every other step's: at the capacity's (a thousand a second here, in bursts of
                // hundreds) a stall of this shared host makes the node refuse some, rightly, as overloaded.
                "--queue-node-cost-seconds", "1", "--queue-node-cost-rate", "100", "--queue-steering-seconds", "3",
                "--idle-connections", "50", "--idle-connections-rate", "500",
                "--coldstart-rate", "20", "--coldstart-seconds", "2", "--coldstart-burst", "20",
                // Every step exactly once: a stall of this shared host would otherwise add a repeat or a refinement.
                "--keep-going", "--repeat-missed", "0", "--refine-percent", "0"));
        run = new BenchRun(selection, REPOSITORY).run();
    }

    @Test
    void writesTheReportsAndTheRawData() throws Exception {
        assertThat(out.resolve("report.md")).content().contains("## Summary", "## Serial reservations", "## Limits of this machine");
        // Self-contained: opens offline, nothing is fetched.
        assertThat(out.resolve("report.html")).content().contains("<svg", "Latency vs offered load")
                .doesNotContain("<script", "src=\"http", "href=\"http", "@import");
        assertThat(Files.readAllLines(out.resolve("steps.csv"))).hasSize(1 + allSteps(run).size());
        RunResult reread = ResultsJson.read(out.resolve("results.json"));
        assertThat(reread.result("serial", SteppedResult.class).steps()).hasSameSizeAs(serial().steps());
        for (StepResult step : allSteps(run)) {
            assertThat(out.resolve(step.histogramLog())).isNotEmptyFile();
        }
        // The database's own log, to set its checkpoints beside latency spikes; the shutdown one is always there.
        assertThat(out.resolve("logs").resolve(Database.LOG_FILE_NAME)).content().contains("checkpoint starting", "checkpoint complete");
    }

    @Test
    void logsTheServicesGarbageCollectionsWithWallClockTime() throws Exception {
        // Under load the young generation fills within seconds; every pause is a line such as
        // "[2026-11-22T12:18:26.123+0000][41.006s] GC(12) Pause Young (Allocation Failure) 40M->10M(61M) 3.456ms".
        assertThat(out.resolve("logs").resolve(dev.boxoffice.bench.system.ServiceLaunch.SERVICE_GC_LOG)).content()
                .containsPattern("\\[\\d{4}-\\d{2}-\\d{2}T[^]]+\\]\\[[\\d.]+s\\] GC\\(\\d+\\) Pause Young .* [\\d.]+ms");
    }

    @Test
    void theEmbeddedDatabaseReusesWalSegmentsFromTheStart() throws Exception {
        // A new cluster recycles none (a short run writes a few MB of WAL); the prepared one recycles what it made.
        Matcher recycled = Pattern.compile("checkpoint complete: .*?(\\d+) recycled")
                .matcher(Files.readString(out.resolve("logs").resolve(Database.LOG_FILE_NAME)));
        int total = 0;
        while (recycled.find()) {
            total += Integer.parseInt(recycled.group(1));
        }
        assertThat(total).isGreaterThanOrEqualTo(4 / 2); // of --wal-segments-ahead 4
    }

    @Test
    void timesTheDiskFlushesUnderTheEmbeddedDatabase() {
        StepResult flush = limits().diskFlush();

        assertThat(flush.counts().ok()).isPositive();
        assertThat(flush.counts().errors()).isZero();
        assertThat(flush.latency().p50()).isPositive();
        assertThat(out.resolve("report.md")).content().contains("Disk flush, 8 kB write + fdatasync");
    }

    @Test
    void everyRequestSentIsAccountedFor() {
        for (StepResult step : stepsWithRequests()) {
            Counts c = step.counts();
            assertThat(c.sent()).as(step.label()).isPositive()
                    .isEqualTo(c.ok() + c.conflicts() + c.httpErrors() + c.transportErrors() + c.timeouts());
            assertThat(step.latency().count()).as(step.label()).isEqualTo(c.answered());
            assertThat(c.refusedByStatus().values().stream().mapToLong(Long::longValue).sum())
                    .as("%s: every refusal counted by its status", step.label()).isEqualTo(c.httpErrors());
        }
    }

    @Test
    void percentilesAreOrdered() {
        for (StepResult step : stepsWithRequests()) {
            Latency l = step.latency();
            assertThat(l.p50()).as(step.label()).isPositive().isLessThanOrEqualTo(l.p95());
            assertThat(l.p95()).as(step.label()).isLessThanOrEqualTo(l.p99());
            assertThat(l.p99()).as(step.label()).isLessThanOrEqualTo(l.p999());
            assertThat(l.p999()).as(step.label()).isLessThanOrEqualTo(l.max());
        }
    }

    @Test
    void theHistogramLogHoldsEveryRecordedLatency() throws Exception {
        for (StepResult step : allSteps(run)) {
            long total = 0;
            File log = out.resolve(step.histogramLog()).toFile();
            HistogramLogReader reader = new HistogramLogReader(log);
            for (EncodableHistogram interval = reader.nextIntervalHistogram(); interval != null;
                    interval = reader.nextIntervalHistogram()) {
                total += ((org.HdrHistogram.Histogram) interval).getTotalCount();
            }
            assertThat(total).as(step.label()).isEqualTo(step.latency().count());
        }
    }

    @Test
    void theServiceAnsweredEveryScenarioWithoutErrors() {
        assertThat(serial().steps()).hasSize(2);
        assertThat(contention().steps()).hasSize(2);
        assertThat(sweep().read()).hasSize(2);
        for (StepResult step : stepsWithRequests()) {
            assertThat(step.counts().errors()).as("%s: %s", step.label(), step.counts()).isZero();
            assertThat(step.achievedRps()).as(step.label()).isPositive();
        }
        assertThat(serial().steps()).allSatisfy(step -> {
            assertThat(step.readModelLag()).as("read-model lag of " + step.label()).isNotNull();
            assertThat(step.readModelLag().p50Millis()).isLessThanOrEqualTo(step.readModelLag().p99Millis());
        });
        assertThat(run.service().startMillis()).isPositive();
        assertThat(run.service().maxRssMiB()).isPositive();
    }

    @Test
    void theCeilingsAndTheDispatchVariantsWereMeasured() {
        assertThat(limits().singleRow().step().counts().ok()).isPositive();
        assertThat(limits().multiRow().rowsPerSecond()).isEqualTo(8 * limits().multiRow().step().achievedRps());
        assertThat(dispatch().variants()).extracting(DispatchResult.Variant::name)
                .containsExactly("event-loop", "worker", "virtual-thread");
        assertThat(dispatch().variants()).allSatisfy(v -> {
            assertThat(v.blankNameRejected()).isTrue();
            assertThat(v.startMillis()).isPositive();
        });
    }

    @Test
    void theSurgeIsReportedPhaseByPhaseWithEveryRequestAccountedFor() throws Exception {
        for (SurgeResult.Part part : List.of(surge().reservations(), surge().hotShows(), surge().reservationsThroughEdge())) {
            assertThat(part.step().phases()).extracting(PhaseResult::name).containsExactly("calm", "surge", "calm after");
            assertThat(part.description()).contains("and 1 s at the surge's rate the same way");
            long byKind = part.step().phases().stream()
                    .mapToLong(p -> Arrays.stream(AnswerKind.values()).mapToLong(p::count).sum()).sum();
            assertThat(byKind).as(part.description()).isEqualTo(part.step().counts().sent());
            assertThat(part.phase("surge").count(AnswerKind.OK)).isPositive();
            assertThat(part.step().timeline()).isNotEmpty();
        }
        assertThat(surge().reservations().capacityRps()).isEqualTo(60);
        // Through the edge, who refused is counted by each: every request the edge received was answered by the
        // service or refused by the edge.
        HaProxyStats edge = surge().reservationsThroughEdge().edge();
        assertThat(edge.requests()).isEqualTo(surge().reservationsThroughEdge().step().counts().sent());
        assertThat(edge.fromNodes() + edge.refusedByEdge() + edge.rateLimited()).isEqualTo(edge.requests());
        assertThat(surge().reservationsThroughEdge().refusedByService()).isNotNull();
        assertThat(out.resolve("report.md")).content().contains("## Surge of reservations", "## Surge on hot shows",
                "Surge of reservations at 3.0x the serial capacity", "## Surge of reservations through the edge");
        assertThat(out.resolve("report.html")).content().contains("Answers per second", "p99 per second, by answer");
    }

    @Test
    void theMemoryScenarioChecksTheServedStateAgainstWhatWasAcknowledged() throws Exception {
        MemoryResult memory = memory();

        assertThat(memory.steps()).extracting(StepResult::label)
                .containsExactly("large shows", "small shows", "reservations across all shows");
        assertThat(memory.sampled()).isPositive();
        assertThat(memory.mismatches()).isZero();
        assertThat(memory.outOfMemory()).isFalse();
        assertThat(memory.heap()).hasSize(4).allSatisfy(reading -> assertThat(reading.heapUsedMiB()).isPositive());
        assertThat(out.resolve("report.md")).content().contains("## Memory bound", "Heap after full GC MiB");
    }

    @Test
    void holdsAreCountedAndEveryPendingHoldIsReleasedOnceWithItsShowOutOfMemory() throws Exception {
        HoldsResult holds = holds();

        assertThat(holds.buyers()).hasSize(2).allSatisfy(step -> {
            assertThat(step.held()).isPositive();
            assertThat(step.confirmed()).isPositive().isLessThanOrEqualTo(step.held());
        });
        // Half the buyers never confirm, with a 1 s ttl: their holds expire, and the service records the releases.
        assertThat(holds.buyers().stream().mapToDouble(b -> b.expiryLag().count()).sum()).isPositive();
        HoldsResult.Pending pending = holds.pending();
        assertThat(pending.placed()).isEqualTo(200);
        assertThat(pending.inMemoryAtExpiry()).isZero();
        assertThat(pending.releaseEvents()).isEqualTo(200);
        assertThat(out.resolve("report.md")).content().contains("## Holds: buyers hold seats",
                "## Pending holds expiring over shows out of memory", "buyers/s");
    }

    @Test
    void aHallIsSoldBothWaysAndItsStadiumsWeighedAndLoadedAgain() throws Exception {
        HallResult hall = run.result("hall", HallResult.class);

        // The last step runs at half the best-available capacity, when one was found: a smoke step of some 80 requests
        // beside another test's fork can miss the SLO with one slow answer.
        assertThat(hall.buyers()).extracting(HallResult.Buyers::choice).containsExactlyElementsOf(
                hall.best().capacityRps() > 0 ? List.of("NAMED", "BEST_AVAILABLE", "BEST_AVAILABLE")
                        : List.of("NAMED", "BEST_AVAILABLE"));
        assertThat(hall.halfCapacity() != null).isEqualTo(hall.best().capacityRps() > 0);
        if (hall.halfCapacity() != null) {
            assertThat(hall.halfCapacity().seconds()).as("the half-capacity step's own length").isBetween(3.0, 5.0);
        }
        assertThat(hall.buyers()).allSatisfy(step -> {
            assertThat(step.held()).isPositive();
            assertThat(step.confirmed()).isPositive().isLessThanOrEqualTo(step.held());
        });
        HallResult.Stadium stadiums = hall.stadiums();
        assertThat(stadiums.seats()).isEqualTo(10_000);
        assertThat(stadiums.soldSeats()).isEqualTo(2 * 9_000);
        assertThat(stadiums.inMemory()).as("both stadiums in memory when weighed").isEqualTo(2);
        // Two shows of 10,000 seats are within the noise of a heap read after a full GC: measured, whatever its sign.
        assertThat(stadiums.measuredKiBPerShow()).isNotNaN();
        assertThat(stadiums.estimatedKiBPerShow()).isPositive();
        assertThat(stadiums.loads()).as("each stadium loaded once a round").isEqualTo(2 * 3);
        assertThat(stadiums.loadP99Millis()).isPositive();
        assertThat(hall.decisions()).extracting(HallResult.Decisions::together).containsExactly(4, 1);
        assertThat(hall.decisions()).extracting(HallResult.Decisions::seats) // a stadium's, then the on-sale's hall
                .containsExactly(10_000, 1_000);
        assertThat(hall.decisions()).allSatisfy(decisions -> {
            assertThat(decisions.samples()).isPositive();
            assertThat(decisions.p50Micros()).isPositive().isLessThanOrEqualTo(decisions.p99Micros());
            assertThat(decisions.p99Micros()).isLessThanOrEqualTo(decisions.maxMicros());
        });
        assertThat(out.resolve("report.md")).content().contains("## Hall on sale: buyers asking for the best available",
                "## Stadiums of 10,000 seats: memory and loads", "## Best available in the domain: 10,000 seats");
    }

    @Test
    void journeysAreReportedByJourneyAndByRequestType() throws Exception {
        assertThat(journeys().breakdowns()).hasSize(2).allSatisfy(step -> {
            assertThat(step.journeys()).extracting(JourneysResult.Figures::name).containsExactlyElementsOf(JourneysOptions.NAMES);
            assertThat(step.requests()).extracting(JourneysResult.Figures::name)
                    .containsExactly("list shows", "read a show", "reserve", "cancel", "create a show", "hold seats",
                            "confirm a hold", "retry (same key)");
            assertThat(step.requests()).allSatisfy(r -> assertThat(r.count()).isEqualTo(r.ok() + r.conflicts() + r.errors()));
        });
        // Every request of a journey was recorded by type: the types add up to the step's answered requests.
        for (int i = 0; i < 2; i++) {
            StepResult step = journeys().stepped().steps().get(i);
            long byType = journeys().breakdowns().get(i).requests().stream().mapToLong(JourneysResult.Figures::count).sum();
            assertThat(byType).as(step.label()).isEqualTo(step.counts().sent());
        }
        long browsed = journeys().breakdowns().stream().flatMap(b -> b.journeys().stream())
                .filter(j -> j.name().equals("browse")).mapToLong(JourneysResult.Figures::count).sum();
        assertThat(browsed).isPositive();
        assertThat(out.resolve("report.md")).content().contains("## User journeys", "Journey at", "Request at");
    }

    @Test
    void aRetriedWriteGetsItsFirstAnswerAgain() {
        List<JourneysResult.Figures> retries = journeys().breakdowns().stream().flatMap(b -> b.requests().stream())
                .filter(r -> r.name().equals("retry (same key)")).toList();
        assertThat(retries.stream().mapToLong(JourneysResult.Figures::count).sum()).isPositive();
        assertThat(retries).allSatisfy(r -> assertThat(r.errors()).as("retries whose answer differed").isZero());
    }

    @Test
    void theSerialLoadUnderIdempotencyKeysIsSetBesideSerial() throws Exception {
        SteppedResult keyed = run.result("keys", SteppedResult.class);
        assertThat(keyed.steps()).hasSize(2).allSatisfy(step -> {
            assertThat(step.counts().answered()).as(step.label()).isPositive();
            assertThat(step.counts().errors()).as("%s: %s", step.label(), step.counts()).isZero();
        });
        assertThat(out.resolve("report.md")).content()
                .contains("Serial capacity with an Idempotency-Key on every request", "of serial without keys in this run");
    }

    @Test
    void everySeatChangeReachesEveryStream() throws Exception {
        StreamResult stream = run.result("stream", StreamResult.class);
        assertThat(stream.opened()).isEqualTo(20);
        assertThat(stream.failed()).isZero();
        assertThat(stream.steps()).hasSize(2).allSatisfy(step -> {
            assertThat(step.changes()).as("changes").isPositive();
            assertThat(step.delivered()).as("delivered").isEqualTo(step.expected()).isEqualTo(step.changes() * 20);
            assertThat(step.delivery().count()).isEqualTo(step.delivered());
        });
        assertThat(stream.bytesPerStream()).isNotNaN(); // read, if not meaningful: 20 streams are lost in the heap's noise
        assertThat(out.resolve("report.md")).content().contains("## Seat-map streams", "20 streams on one show, 5 changes/s");
    }

    @Test
    void theOnsaleCrowdIsCountedBuyerByBuyer() throws Exception {
        OnsaleResult onsale = run.result("onsale", OnsaleResult.class);
        assertThat(onsale.steps()).hasSize(2).allSatisfy(step -> {
            assertThat(step.intents()).as("buyers").isPositive();
            assertThat(step.completed()).as("completed").isPositive().isLessThanOrEqualTo(step.intents());
            assertThat(step.attempts()).as("requests").isGreaterThanOrEqualTo(2 * step.completed())
                    .isEqualTo(step.answers().counts().sent());
            assertThat(step.completion().count()).isEqualTo(step.completed());
            assertThat(step.answeringAgainMillis()).as("answering again after the crowd").isNotNaN();
        });
        assertThat(out.resolve("report.md")).content().contains("## On-sale crowd", "impatient", "polite");
    }

    @Test
    void theCrowdThroughTheWaitingRoomsIsCountedBuyerByBuyer() throws Exception {
        QueueResult queue = run.result("queue", QueueResult.class);
        assertThat(queue.capacity().purchases()).as("purchases without a room").isPositive();
        QueueResult.Crowd crowd = queue.crowd();
        assertThat(crowd.buyers()).as("buyers").isPositive();
        assertThat(crowd.purchased()).as("purchased").isPositive().isLessThanOrEqualTo(crowd.buyers());
        assertThat(crowd.requestsPerPurchase()).as("a join, a poll or more, a hold and a confirmation").isGreaterThanOrEqualTo(3);
        assertThat(crowd.fairnessViolations()).as("places called in the order buyers came").isZero();
        assertThat(crowd.maxActiveSeen()).as("admitted at once").isLessThanOrEqualTo(crowd.maxActive());
        assertThat(crowd.unfinished()).as("every buyer done when the step ends").isZero();
        QueueResult.LineAlone alone = queue.lines().alone();
        assertThat(alone.joins().counts().ok()).as("joins answered by the line service alone").isPositive();
        assertThat(alone.polls().counts().ok()).as("polls of waiting tickets answered").isPositive();
        assertThat(alone.joins().counts().errors() + alone.polls().counts().errors()).isZero();
        assertThat(alone.cpuMicrosPerJoin()).isNotNaN().isNotNegative();
        assertThat(alone.cpuMicrosPerPoll()).isNotNaN().isNotNegative();
        QueueResult.NodeCosts costs = queue.lines().nodeCosts();
        assertThat(List.of(costs.admissions(), costs.holds(), costs.confirmations())).allSatisfy(kind -> {
            assertThat(kind.done()).as(kind.step().label()).isPositive();
            assertThat(kind.nodeRequests()).as(kind.step().label()).isPositive();
            assertThat(kind.cpuMicrosEach()).as(kind.step().label()).isNotNaN();
        });
        assertThat(costs.holds().done()).as("a hold for every buyer admitted").isEqualTo(costs.admissions().done());
        assertThat(costs.confirmations().done()).as("a confirmation for every hold").isEqualTo(costs.holds().done());
        assertThat(costs.admissions().nodeRequests()).as("admissions gathered: never more requests than buyers, and a block")
                .isLessThanOrEqualTo(costs.admissions().done() + 2);
        assertThat(out.resolve("report.md")).content().contains("## On-sale through waiting rooms", "one line service alone, at its throughput",
                "hold with the admission token", "## A line steered");
    }

    @Test
    void aLineIsToldOfAnOperatorsNewRateAndOfASellOut() {
        QueueResult queue = run.result("queue", QueueResult.class);
        QueueResult.RateChange change = queue.rateChange();
        assertThat(change.after()).isEqualTo(2 * change.before());
        assertThat(change.soldPerSecondAfter()).as("sales at the doubled rate").isGreaterThan(change.soldPerSecondBefore());
        assertThat(change.told()).as("streams told a wait at the new rate").isPositive();
        QueueResult.SellOut sellOut = queue.sellOut();
        assertThat(sellOut.purchased()).as("every seat sold").isEqualTo(sellOut.seats());
        assertThat(sellOut.told()).as("streams told SOLD_OUT").isPositive().isEqualTo(sellOut.waiting());
        assertThat(sellOut.lateRefused() + sellOut.lateTold()).as("every late buyer told").isEqualTo(sellOut.lateJoins());
    }

    @Test
    void idleConnectionsAreEachAnsweredAndHeld() throws Exception {
        ConnectionsResult connections = run.result("connections", ConnectionsResult.class);
        assertThat(connections.held()).as("every connection, within the service's bound, held").isEqualTo(50);
        assertThat(connections.refused() + connections.noAnswer()).isZero();
        assertThat(connections.bound()).isGreaterThan(50);
        assertThat(connections.heapHeldMiB()).isPositive();
        assertThat(out.resolve("report.md")).content().contains("## Idle connections");
    }

    @Test
    void aColdStartIsMeasuredSecondBySecond() throws Exception {
        ColdStartResult cold = run.result("coldstart", ColdStartResult.class);
        assertThat(cold.load().counts().sent()).isPositive();
        assertThat(cold.load().timeline()).isNotEmpty();
        assertThat(cold.secondOf(cold.load().timeline().get(0))).isEqualTo(1);
        assertThat(cold.startMillis()).isPositive();
        assertThat(cold.burst().counts().sent()).isEqualTo(20);
        assertThat(cold.burstRefused()).isZero(); // 20 creations at once are no overload
        assertThat(out.resolve("report.md")).content().contains("## Cold start");
    }

    @Test
    void comparesARunWithItself(@TempDir Path comparison) throws Exception {
        Compare.write(List.of(out, out), comparison);
        assertThat(comparison.resolve("compare.md")).content().contains("Serial capacity", "1.00×");
        assertThat(comparison.resolve("compare.html")).content().contains("<svg");
    }

    private static LimitsResult limits() {
        return run.result("limits", LimitsResult.class);
    }

    private static DispatchResult dispatch() {
        return run.result("dispatch", DispatchResult.class);
    }

    private static SteppedResult serial() {
        return run.result("serial", SteppedResult.class);
    }

    private static SteppedResult contention() {
        return run.result("contention", SteppedResult.class);
    }

    private static JourneysResult journeys() {
        return run.result("journeys", JourneysResult.class);
    }

    private static SurgeResult surge() {
        return run.result("surge", SurgeResult.class);
    }

    private static SweepResult sweep() {
        return run.result("sweep", SweepResult.class);
    }

    private static MemoryResult memory() {
        return run.result("memory", MemoryResult.class);
    }

    private static HoldsResult holds() {
        return run.result("holds", HoldsResult.class);
    }

    /** Every step but the holds' expiry window, which sends no request (the service's own work is measured). */
    private static List<StepResult> stepsWithRequests() {
        return allSteps(run).stream().filter(step -> !step.label().equals("pending: expiries")).toList();
    }

    private static List<StepResult> allSteps(RunResult run) {
        List<StepResult> steps = new ArrayList<>();
        steps.add(limits().diskFlush());
        steps.add(limits().singleRow().step());
        steps.add(limits().multiRow().step());
        steps.add(limits().http());
        dispatch().variants().forEach(v -> steps.add(v.load()));
        steps.addAll(serial().attempts());
        steps.addAll(contention().attempts());
        steps.addAll(journeys().stepped().attempts());
        steps.add(surge().reservations().step());
        steps.add(surge().hotShows().step());
        steps.add(surge().reservationsThroughEdge().step());
        steps.addAll(memory().steps());
        steps.addAll(holds().stepped().attempts());
        steps.addAll(holds().pending().steps());
        steps.addAll(new HallScenario().steps(run.result("hall", HallResult.class)));
        steps.addAll(run.result("keys", SteppedResult.class).attempts());
        run.result("stream", StreamResult.class).steps().forEach(step -> steps.add(step.reservations()));
        run.result("onsale", OnsaleResult.class).steps().forEach(step -> steps.add(step.answers()));
        QueueResult queue = run.result("queue", QueueResult.class);
        steps.addAll(new QueueScenario().steps(queue));
        steps.add(run.result("coldstart", ColdStartResult.class).load());
        steps.add(run.result("coldstart", ColdStartResult.class).burst());
        steps.addAll(sweep().read());
        steps.addAll(sweep().write());
        return steps;
    }
}
