package dev.boxoffice.bench.scenario.faults;

import static dev.boxoffice.bench.report.Format.num;

import dev.boxoffice.bench.client.ShowsApi;
import dev.boxoffice.bench.report.Section;
import dev.boxoffice.bench.report.SummaryRow;
import dev.boxoffice.bench.report.Table;
import dev.boxoffice.bench.run.Run;
import dev.boxoffice.bench.run.RunResult;
import dev.boxoffice.bench.run.Scenario;
import dev.boxoffice.bench.run.Selection;
import dev.boxoffice.bench.run.Target;
import dev.boxoffice.bench.system.Cpus;
import dev.boxoffice.bench.system.StopOnExit;
import dev.boxoffice.bench.scenario.faults.FaultsResult.HistoryResult;
import dev.boxoffice.cluster.Cluster;
import dev.boxoffice.cluster.Ports;
import dev.boxoffice.cluster.Routing;
import dev.boxoffice.cluster.ServiceNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Safety under faults, judged by an independent checker: clients on a few shows of few seats through the edge of
 * three nodes (on three PostgreSQL servers under pg_auto_failover when the primary is among the faults), every
 * operation recorded; a nemesis kills, pauses, stops and restarts nodes and kills the primary in rounds. Each history
 * goes to benchmark/checker (Porcupine): every show linearizable, every acknowledged write in the log, nothing
 * refused in it, no seat twice, the listing agreeing with the log at the end.
 */
public final class FaultsScenario extends Scenario<FaultsResult> {

    private static final int NODES = 3;
    private static final int LINES = 1;
    private static final int REPLICAS = 2;
    /**
     * A waiting room's rate: below the clients' joins (about 3 a second a room), so that a line forms and some are
     * still waiting at the end, which the checker's order check needs; fast enough that it moves.
     */
    static final int ADMIT_PER_SECOND = 1;
    /** Never reached, so that a called buyer is admitted when they ask, and order is all the line decides. */
    private static final int MAX_ACTIVE = 100_000;
    /** How old a line service's record of a room may be when it answers a waiting ticket (the line's maxAge). */
    private static final Duration LINE_RECORD_AGE = Duration.ofSeconds(2);
    /** How long the listing may take to agree with the shows once the faults are healed. */
    static final Duration LISTING_BOUND = Duration.ofSeconds(10);

    public FaultsScenario() {
        super("faults", "histories of clients under faults (kill -9, SIGSTOP, partitions, the primary lost, ring changes,"
                + " the line service lost), checked for linearizability and lost writes by an independent checker (only"
                + " when named)", FaultsResult.class,
                FaultsOptions.class, Target.OWN, false);
    }

    @Override
    public void check(Selection selection) {
        FaultsOptions options = selection.options(FaultsOptions.class);
        options.kinds().forEach(FaultKind::parse);
        if (options.seats() < 2) {
            throw new IllegalArgumentException("faults: --faults-seats is 2 or more");
        }
        if (selection.runs(name()) && options.seconds() < 20) {
            throw new IllegalArgumentException("faults: --faults-seconds is 20 or more: a round of faults takes up to 15 s");
        }
    }

    @Override
    public double plannedSeconds(Selection selection) {
        FaultsOptions options = selection.options(FaultsOptions.class);
        return 60 + options.kinds().size() * options.histories() * (options.seconds() + 20);
    }

    @Override
    public FaultsResult run(Run run) {
        FaultsOptions options = run.options(FaultsOptions.class);
        List<FaultKind> kinds = options.kinds().stream().map(FaultKind::parse).toList();
        boolean replicated = kinds.contains(FaultKind.PRIMARY) || kinds.contains(FaultKind.MIXED);
        Path directory = run.bench().runDirectory().resolve("faults");
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        run.progress().phase("faults: building the checker (benchmark/checker, Go)");
        Checker checker = Checker.build(run.repository(), directory);
        run.progress().phase("faults: starting " + NODES + " nodes and a line service behind HAProxy"
                + (replicated ? " on " + (REPLICAS + 1) + " PostgreSQL servers under pg_auto_failover" : ""));
        List<HistoryResult> histories = new ArrayList<>();
        String description;
        // Correctness, not speed, is measured: the cluster's processes (children of this one) get every core
        long self = ProcessHandle.current().pid();
        run.pinning().pin(self, everyCore());
        Cluster cluster = Cluster.start(settings(run, replicated));
        StopOnExit.started(cluster);
        try {
            description = NODES + " nodes and " + LINES + " line service behind HAProxy on " + cluster.database()
                    + ", each node through a link of its own that the nemesis can cut, on every core";
            for (FaultKind kind : kinds) {
                for (int i = 1; i <= options.histories(); i++) {
                    histories.add(history(run, cluster, checker, directory, kind, i, options));
                }
            }
        } finally {
            if (StopOnExit.stopping(cluster)) {
                cluster.close();
            }
            run.pinning().pin(self, run.pinning().loadGenerator());
        }
        return new FaultsResult(description, options.seats(), options.clients(), options.rate(), histories);
    }

    private static String everyCore() {
        int cpus = Cpus.onlineCpus(); // not this process's: it runs on the load generator's cores
        return cpus == 1 ? "0" : "0-" + (cpus - 1);
    }

    private static Cluster.Settings settings(Run run, boolean replicated) {
        Path logs = run.bench().logDirectory();
        try {
            return new Cluster.Settings(run.repository(), NODES, LINES, Ports.freeBlock(NODES + 4), Routing.HASH, Optional.empty(),
                    Optional.empty(), replicated ? REPLICAS : 0, replicated ? Ports.freeBlock(REPLICAS + 3) : 0,
                    Files.createTempDirectory("boxoffice-faults-"), true, logs,
                    List.of("@" + run.repository().resolve("service/jvm.options")),
                    ProcessBuilder.Redirect.appendTo(logs.resolve("haproxy-faults.log").toFile()), true);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private HistoryResult history(Run run, Cluster cluster, Checker checker, Path directory, FaultKind kind, int number,
            FaultsOptions options) {
        String name = kind.label() + "-" + number;
        run.progress().phase("faults: history " + name + " (" + kind.description() + ")");
        List<String> shows = new ArrayList<>();
        Set<String> rooms = new HashSet<>();
        for (int i = 0; i < options.shows(); i++) {
            UUID show = UUID.randomUUID();
            if (i % 2 == 1) { // every other show sells through a waiting room
                ShowsApi.createShowWithWaitingRoomNow(cluster.frontUrl(), show, options.seats(), ADMIT_PER_SECOND, MAX_ACTIVE);
                rooms.add(show.toString());
            } else {
                ShowsApi.createShowNow(cluster.frontUrl(), show, options.seats());
            }
            shows.add(show.toString());
        }
        long origin = System.nanoTime();
        long deadline = origin + Duration.ofMillis((long) (options.seconds() * 1000)).toNanos();
        Clients clients = new Clients(cluster.frontUrl(), name + "-", shows, rooms, options.seats(), origin);
        Nemesis nemesis = new Nemesis(cluster, origin ^ number, origin, run.progress()::info);
        Thread faults = Thread.ofPlatform().name("faults-nemesis").start(() -> {
            try {
                nemesis.run(kind, deadline);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        try {
            clients.run(options.clients(), options.rate(), deadline, origin);
            faults.join();
            heal(cluster);
            clients.readAll(options.clients());
            Thread.sleep(LINE_RECORD_AGE.toMillis()); // every waiting ticket's answer newer than the last admission
            clients.pollAll(options.clients());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("faults: interrupted", e);
        }
        List<Operation> operations = clients.operations();
        List<Map<String, Object>> listing = Listing.awaitAgreement(cluster.frontUrl(), shows, operations, LISTING_BOUND);
        Map<String, String> showOf = new LinkedHashMap<>();
        operations.forEach(op -> showOf.put(op.id(), op.show()));
        Path file = directory.resolve(name + ".jsonl");
        HistoryFile.write(file, options.seats(), operations, nemesis.faults(),
                HistoryFile.events(cluster.database().jdbcUrl(), name + "-", showOf), listing);
        Checker.Verdict verdict = checker.check(file);
        run.progress().info("faults: " + name + ": " + verdict.operations() + " operations, " + verdict.unknown()
                + " with an unknown outcome; linearizable: " + verdict.linearizable()
                + (verdict.clean() ? "" : "; ANOMALIES, see " + file));
        return new HistoryResult(kind.label(), directory.getParent().relativize(file).toString(),
                (System.nanoTime() - origin) / 1e9, nemesis.faults(), verdict, Timeline.of(operations));
    }

    /** Every node and line service running and ready, every database server back; then the edge takes them in again. */
    private static void heal(Cluster cluster) throws InterruptedException {
        List<ServiceNode> processes = new ArrayList<>(cluster.nodes());
        processes.addAll(cluster.lines());
        for (ServiceNode process : processes) {
            if (!process.isAlive()) {
                process.restart();
            }
        }
        processes.forEach(process -> process.awaitReady(Duration.ofSeconds(120)));
        cluster.database().replicas().ifPresent(database -> {
            database.restartStopped();
            database.awaitInSync(Duration.ofSeconds(60));
        });
        Thread.sleep(2_000); // two passed checks, 500 ms apart, bring a node back into the ring
    }

    /** A share to two decimals: a hundredth of a percent of a history is a handful of operations. */
    private static String share(long part, long whole) {
        return num(whole == 0 ? 0 : 100.0 * part / whole, 2) + " %";
    }

    @Override
    public List<SummaryRow> summary(FaultsResult result, RunResult run) {
        return List.of(new SummaryRow("Faults: histories checked by Porcupine (linearizability per show) and for lost writes",
                result.histories().size() + " histories, " + num(result.operations(), 0) + " operations, "
                        + share(result.unknown(), result.operations()) + " with an unknown outcome; " + result.withAnomalies() + " with an anomaly",
                "0 with an anomaly; ≤ 1 % unknown"));
    }

    @Override
    public List<Section> sections(FaultsResult result, RunResult run) {
        Table byKind = new Table("Fault kind", "Histories", "Operations", "Unknown outcome", "Linearizable",
                "Acknowledged writes lost", "Seats twice", "Listing wrong", "Line wrong");
        Table each = new Table("History", "Faults", "Operations", "Unknown", "Refused before done", "Tickets",
                "Linearizable", "Anomalies", "File");
        List<String> charts = new ArrayList<>();
        for (String kind : result.histories().stream().map(HistoryResult::kind).distinct().toList()) {
            List<HistoryResult> ofKind = result.histories().stream().filter(h -> h.kind().equals(kind)).toList();
            long ops = ofKind.stream().mapToLong(h -> h.verdict().operations()).sum();
            long unknown = ofKind.stream().mapToLong(h -> h.verdict().unknown()).sum();
            byKind.row(kind, num(ofKind.size(), 0), num(ops, 0), share(unknown, ops),
                    ofKind.stream().filter(h -> h.verdict().linearizable().equals("yes")).count() + " of " + ofKind.size(),
                    num(ofKind.stream().mapToLong(h -> h.verdict().lostWrites().size()).sum(), 0),
                    num(ofKind.stream().mapToLong(h -> h.verdict().seatsTwice().size()).sum(), 0),
                    num(ofKind.stream().mapToLong(h -> h.verdict().listingWrong().size()).sum(), 0),
                    num(ofKind.stream().mapToLong(h -> h.verdict().lineWrong()).sum(), 0));
            charts.add(Timeline.chart(ofKind.get(0)));
        }
        for (HistoryResult h : result.histories()) {
            Checker.Verdict v = h.verdict();
            int anomalies = v.anomalies();
            each.row(h.file().replace(".jsonl", ""), num(h.faults().size(), 0), num(v.operations(), 0), num(v.unknown(), 0),
                    num(v.failed(), 0), num(v.tickets(), 0), v.linearizable(), anomalies == 0 ? "none" : anomalies
                            + (v.visualization().isEmpty() ? "" : " ([visualization](" + h.file().replace(".jsonl", ".html") + "))"),
                    "[" + h.file() + "](" + h.file() + ")");
        }
        String text = result.clients() + " clients, one operation at a time each, " + num(result.rate(), 0)
                + " operations a second in all, through the edge of " + result.cluster()
                + ", on shows of " + result.seatsPerShow() + " seats: reads (35 %), reservations of one seat (15 %) and of"
                + " two (10 %), cancellations (10 %), holds of one or two seats (15 %), confirmations and releases of the"
                + " client's own holds (15 %). Every other show sells through a waiting room (" + ADMIT_PER_SECOND
                + " admitted a second): there a client joins the line (holding up to 4 tickets at once, so that a line"
                + " forms), asks about its tickets, and holds or reserves with each admission. A write unanswered within " + Clients.TIMEOUT.toSeconds() + " s, cut off,"
                + " or answered 5xx has an unknown outcome, unless the answer says nothing was written (OVERLOADED,"
                + " SERVICE_UNAVAILABLE: refused before done). A nemesis injects a fault every 3 to 5"
                + " healthy seconds. Afterwards everything is healed, every show is read once more, every ticket asked"
                + " about once more, and the listing is given " + LISTING_BOUND.toSeconds() + " s to agree with the shows."
                + " Each history is judged by benchmark/checker (Go, Porcupine): each show's operations linearizable, an"
                + " unknown write free to take effect at any time after its call; every acknowledged write in the log,"
                + " nothing refused in it, no seat taken twice, the listing agreeing with the log; every ticket still"
                + " known, nobody admitted ahead of a buyer who joined earlier, no admitted buyer refused. Faults per kind: "
                + String.join("; ", List.of(FaultKind.values()).stream().map(k -> k.label() + ": " + k.description()).toList())
                + ".";
        return List.of(new Section("Safety under faults", text, charts, List.of(byKind, each)));
    }
}
