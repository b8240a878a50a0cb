package dev.boxoffice.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * {@code ./boxoffice run --nodes N}: the database, N nodes, the line services and HAProxy in front, until Ctrl-C stops
 * them all. A node or a line service that dies is started again, as an orchestrator would (see deploy/kubernetes).
 */
public final class ClusterMain {

    static final String USAGE = """
            usage: ./boxoffice run --nodes N [--lines L] [--port P] [--routing hash|round-robin] [--db-replicas R [--db-port D]] [-- JVM options]
              --nodes N        service nodes, on the ports after P (1-32); HAProxy's counters on the port after them
              --lines L        line services, serving the waiting rooms' joins, polls and streams off the nodes, on
                               the ports after the counters' (0-8, default 1; 0: the nodes serve them)
              --port P         HAProxy's port, in front of the nodes (default 8080)
              --routing R      hash: each show to one node by a consistent hash of its id (default);
                               round-robin: each request to the next node (to see what it costs)
              --db-replicas R  R + 1 PostgreSQL servers under pg_auto_failover (R: 2-4), synchronous replication, a
                               lost primary replaced within seconds; data in data/replicated
              --db-port D      their proxy's port, which the nodes connect to; the monitor and the servers on the
                               ports after it (default 5500)
            The database: DATABASE_URL if set (and DATABASE_DIRECT_URL, if DATABASE_URL goes through a pooler in transaction
            mode), else an embedded PostgreSQL requiring SCRAM over TLS, with its data in data/postgres.
            Logs: data/cluster/node-K.log, data/cluster/line-K.log; HAProxy's alerts (nodes going down and up) on this terminal.""";

    private static final int RESTART_SECONDS = 5;

    private static volatile boolean stopping;

    private ClusterMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        Cluster.Settings settings;
        try {
            settings = parse(args, Path.of(System.getProperty("boxoffice.repo", ".")).toAbsolutePath().normalize(),
                    Optional.ofNullable(System.getenv("DATABASE_URL")).filter(url -> !url.isBlank()),
                    Optional.ofNullable(System.getenv("DATABASE_DIRECT_URL")).filter(url -> !url.isBlank()));
        } catch (IllegalArgumentException e) {
            System.err.println("boxoffice: " + e.getMessage());
            System.err.println(USAGE);
            System.exit(2);
            return;
        }
        clearOldLogs(settings.logDirectory());
        System.out.printf("boxoffice: starting %d node%s, %d line service%s and HAProxy (%s routing)...%n", settings.nodes(),
                settings.nodes() == 1 ? "" : "s", settings.lines(), settings.lines() == 1 ? "" : "s", settings.routing());
        Cluster cluster;
        try {
            cluster = Cluster.start(settings);
        } catch (RuntimeException e) {
            System.err.println("boxoffice: " + e.getMessage());
            System.exit(1);
            return;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            stopping = true;
            cluster.close();
        }, "cluster-stop"));
        System.out.printf("boxoffice: %s, database: %s%n", cluster.frontUrl(), cluster.database());
        System.out.printf("  the edge's counters: curl 'http://127.0.0.1:%d/stats;csv'%n", settings.statsPort());
        java.util.stream.Stream.concat(cluster.nodes().stream(), cluster.lines().stream()).forEach(node -> System.out.printf(
                "  %s  %s  pid %d  log %s%n", node.name(), node.baseUrl(), node.pid(), settings.repo().relativize(node.log().toAbsolutePath())));
        System.out.println("Ctrl-C stops everything.");
        watch(cluster);
    }

    static Cluster.Settings parse(String[] args, Path repo, Optional<String> databaseUrl, Optional<String> databaseDirectUrl) {
        int nodes = 0;
        int lines = 1;
        int port = 8080;
        int dbReplicas = 0;
        int dbPort = 5500;
        Routing routing = Routing.HASH;
        List<String> jvmOptions = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--nodes" -> nodes = number(args, ++i, "--nodes");
                case "--lines" -> lines = number(args, ++i, "--lines");
                case "--port" -> port = number(args, ++i, "--port");
                case "--routing" -> routing = Routing.parse(value(args, ++i, "--routing"));
                case "--db-replicas" -> dbReplicas = number(args, ++i, "--db-replicas");
                case "--db-port" -> dbPort = number(args, ++i, "--db-port");
                case "--" -> {
                    jvmOptions.addAll(List.of(args).subList(i + 1, args.length));
                    i = args.length;
                }
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        if (nodes == 0) {
            throw new IllegalArgumentException("--nodes is required");
        }
        return new Cluster.Settings(repo, nodes, lines, port, routing, databaseUrl, databaseDirectUrl, dbReplicas, dbPort,
                repo.resolve(dbReplicas > 0 ? "data/replicated" : "data/postgres"), false,
                repo.resolve("data/cluster"), jvmOptions, ProcessBuilder.Redirect.INHERIT, false);
    }

    /**
     * Until Ctrl-C: a node that dies (kill -9 one to see its shows move) is started again, as an orchestrator would,
     * at most once every {@value #RESTART_SECONDS} s, and so is a replicated PostgreSQL server; everything stops when
     * HAProxy dies.
     */
    private static void watch(Cluster cluster) throws InterruptedException {
        Map<String, Long> startedAt = new HashMap<>();
        List<ServiceNode> processes = new ArrayList<>(cluster.nodes());
        processes.addAll(cluster.lines());
        processes.forEach(node -> startedAt.put(node.name(), System.nanoTime()));
        while (!stopping) {
            if (!cluster.haProxy().isAlive() && !stopping) {
                System.err.println("boxoffice: HAProxy has exited; stopping");
                System.exit(1);
            }
            for (ServiceNode node : processes) {
                long sinceStart = System.nanoTime() - startedAt.get(node.name());
                if (!node.isAlive() && !stopping && sinceStart > TimeUnit.SECONDS.toNanos(RESTART_SECONDS)) {
                    System.out.printf("boxoffice: %s (pid %d) has exited; starting it again (the others serve in its place meanwhile)%n",
                            node.name(), node.pid());
                    node.restart();
                    startedAt.put(node.name(), System.nanoTime());
                }
            }
            if (!stopping) {
                cluster.database().replicas().ifPresent(database -> database.restartStopped().forEach(server -> System.out.printf(
                        "boxoffice: PostgreSQL %s has stopped; starting it again (a standby if another has taken over)%n", server)));
            }
            Thread.sleep(500);
        }
    }

    private static void clearOldLogs(Path logDirectory) {
        try (var files = Files.exists(logDirectory) ? Files.list(logDirectory) : java.util.stream.Stream.<Path>empty()) {
            for (Path file : files.filter(f -> f.getFileName().toString().matches("(node|line)-\\d+\\.log")).toList()) {
                Files.delete(file);
            }
        } catch (IOException e) {
            System.err.println("boxoffice: could not clear old logs in " + logDirectory + ": " + e.getMessage());
        }
    }

    private static String value(String[] args, int index, String option) {
        if (index >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[index];
    }

    private static int number(String[] args, int index, String option) {
        String value = value(args, index, option);
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " takes a number, not " + value);
        }
    }
}
