package dev.boxoffice.bench.scenario.faults;

import dev.boxoffice.cluster.Cluster;
import dev.boxoffice.cluster.ReplicatedDatabase;
import dev.boxoffice.cluster.ServiceNode;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.function.Consumer;

/**
 * Injects faults into a cluster in rounds until a deadline: a few healthy seconds, then one fault, then its healing.
 * Every fault is recorded from its start to its healing; at the end the cluster is whole again.
 */
final class Nemesis {

    private static final Duration READY_WITHIN = Duration.ofSeconds(120);

    private final Cluster cluster;
    private final Random random;
    private final long origin;
    private final Consumer<String> say;
    private final List<Fault> faults = new ArrayList<>();

    Nemesis(Cluster cluster, long seed, long origin, Consumer<String> say) {
        this.cluster = cluster;
        this.random = new Random(seed);
        this.origin = origin;
        this.say = say;
    }

    /** Rounds of {@code kind} until {@code deadline} (a {@link System#nanoTime()}), the last one healed before it. */
    void run(FaultKind kind, long deadline) throws InterruptedException {
        while (true) {
            Thread.sleep(3_000 + random.nextInt(2_000));
            if (System.nanoTime() + Duration.ofSeconds(15).toNanos() > deadline) {
                return; // no round that could outlast the history
            }
            FaultKind round = kind == FaultKind.MIXED ? drawn() : kind;
            inject(round);
        }
    }

    List<Fault> faults() {
        return List.copyOf(faults);
    }

    private FaultKind drawn() {
        List<FaultKind> kinds = FaultKind.single().stream()
                .filter(k -> k != FaultKind.PRIMARY || cluster.database().replicas().isPresent()).toList();
        return kinds.get(random.nextInt(kinds.size()));
    }

    private void inject(FaultKind kind) throws InterruptedException {
        switch (kind) {
            case KILL -> {
                ServiceNode node = anyNode();
                long start = now();
                node.kill();
                Thread.sleep(2_000 + random.nextInt(4_000));
                node.restart().awaitReady(READY_WITHIN);
                record(kind, node.name(), start, "kill -9, restarted after " + seconds(now() - start));
            }
            case PAUSE -> {
                ServiceNode node = anyNode();
                long pause = 1_000 + random.nextInt(9_000);
                long start = now();
                signal("STOP", node.pid());
                try {
                    Thread.sleep(pause);
                } finally {
                    signal("CONT", node.pid());
                }
                record(kind, node.name(), start, "SIGSTOP for " + pause + " ms");
            }
            case PARTITION -> {
                ServiceNode node = anyNode();
                long cutFor = 1_000 + random.nextInt(9_000);
                boolean reset = random.nextBoolean();
                long start = now();
                cluster.cutFromDatabase(node);
                try {
                    Thread.sleep(cutFor);
                } finally {
                    cluster.healToDatabase(node, reset);
                }
                record(kind, node.name(), start, "cut off from PostgreSQL for " + cutFor + " ms, then "
                        + (reset ? "its connections reset" : "the bytes that waited let through"));
            }
            case LINE -> {
                ServiceNode line = cluster.lines().get(random.nextInt(cluster.lines().size()));
                long start = now();
                line.kill();
                Thread.sleep(2_000 + random.nextInt(4_000));
                line.restart().awaitReady(READY_WITHIN);
                record(kind, line.name(), start, "kill -9, restarted after " + seconds(now() - start));
            }
            case PRIMARY -> {
                ReplicatedDatabase database = cluster.database().replicas().orElseThrow(() ->
                        new IllegalStateException("the primary kind needs replicated PostgreSQL servers"));
                Optional<String> primary = database.primary();
                if (primary.isEmpty()) {
                    return; // still electing after the last round
                }
                long start = now();
                database.kill(primary.get());
                awaitPrimaryOtherThan(database, primary.get());
                long promoted = now();
                database.restartStopped();
                database.awaitInSync(Duration.ofSeconds(30));
                record(kind, primary.get(), start, "kill -9 of PostgreSQL and its keeper; a standby primary after "
                        + seconds(promoted - start) + ", the old one in sync again after " + seconds(now() - start));
            }
            case RING -> {
                ServiceNode node = anyNode();
                long start = now();
                node.close(); // SIGTERM: reports not ready, drains, stops
                Thread.sleep(2_000 + random.nextInt(4_000));
                node.restart().awaitReady(READY_WITHIN);
                record(kind, node.name(), start, "stopped (SIGTERM) and started again after " + seconds(now() - start));
            }
            case MIXED -> throw new IllegalArgumentException("a round is one kind");
        }
    }

    private ServiceNode anyNode() {
        List<ServiceNode> nodes = cluster.nodes();
        return nodes.get(random.nextInt(nodes.size()));
    }

    private static void awaitPrimaryOtherThan(ReplicatedDatabase database, String old) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (database.primary().filter(primary -> !primary.equals(old)).isEmpty()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("no standby was promoted within 60 s: " + database.states());
            }
            Thread.sleep(100);
        }
    }

    private void record(FaultKind kind, String target, long start, String description) {
        faults.add(new Fault(kind.label(), target, start, now(), description));
        say.accept("faults: " + kind.label() + " " + target + ": " + description);
    }

    private static void signal(String signal, long pid) {
        try {
            int exit = new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).inheritIO().start().waitFor();
            if (exit != 0) {
                throw new IllegalStateException("kill -" + signal + " " + pid + " exited with " + exit);
            }
        } catch (IOException e) {
            throw new IllegalStateException("kill -" + signal + " " + pid + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while sending SIG" + signal, e);
        }
    }

    private long now() {
        return System.nanoTime() - origin;
    }

    private static String seconds(long nanos) {
        return String.format("%.1f s", nanos / 1e9);
    }
}
