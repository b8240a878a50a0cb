package dev.boxoffice.cluster;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;

/**
 * A BoxOffice cluster on one machine: PostgreSQL (one server, or replicated ones behind a proxy), N service nodes on
 * the ports after the front port, HAProxy on the front port routing each show to one node
 * ({@code deploy/haproxy/haproxy.cfg}).
 */
public final class Cluster implements AutoCloseable {

    /**
     * How long a stopping node keeps serving while it reports not ready, so that HAProxy (a check every 0.5 s, two
     * failures: 1-1.5 s) takes it out before it stops accepting requests. 2 s was not enough on a starved host (nodes
     * starting in 16-27 s beside another test's three database servers): a rolling restart got four 503s.
     */
    public static final Duration DRAIN_DELAY = Duration.ofSeconds(3);

    private static final Duration START_TIMEOUT = Duration.ofSeconds(120);

    private final ClusterDatabase database;
    private final List<ServiceNode> nodes;
    private final HaProxy haProxy;

    /**
     * @param repo          the repository: the packaged service, service/jvm.options and deploy/haproxy come from it
     * @param databaseUrl   an external PostgreSQL; empty: an embedded one on {@code dataDirectory}
     * @param dbReplicas    0: one server; 2 or more: that many standbys and a primary under pg_auto_failover, their
     *                      data under {@code dataDirectory}, behind a proxy on {@code dbPort} (the servers after it)
     * @param throwawayData delete the database's data when it stops (tests)
     * @param logDirectory  where each node writes NAME.log and HAProxy's configuration is written
     * @param jvmOptions    every node's JVM options
     * @param haProxyOutput where HAProxy's alerts go (nodes going down and up)
     */
    public record Settings(Path repo, int nodes, int frontPort, Routing routing, Optional<String> databaseUrl,
            int dbReplicas, int dbPort, Path dataDirectory, boolean throwawayData, Path logDirectory, List<String> jvmOptions,
            ProcessBuilder.Redirect haProxyOutput) {

        public Settings {
            if (nodes < 1 || nodes > 32) {
                throw new IllegalArgumentException("a cluster has 1 to 32 nodes, not " + nodes);
            }
            if (dbReplicas > 0 && databaseUrl.isPresent()) {
                throw new IllegalArgumentException("--db-replicas runs its own PostgreSQL servers: unset DATABASE_URL");
            }
            if (frontPort < 1 || frontPort + nodes + 1 > 65535) {
                throw new IllegalArgumentException("the front port and the " + (nodes + 1) + " after it must be ports, not " + frontPort);
            }
        }

        List<Integer> nodePorts() {
            return IntStream.rangeClosed(1, nodes).map(i -> frontPort + i).boxed().toList();
        }

        /** HAProxy's counters, on the loopback: the port after the nodes'. */
        public int statsPort() {
            return frontPort + nodes + 1;
        }
    }

    private Cluster(ClusterDatabase database, List<ServiceNode> nodes, HaProxy haProxy) {
        this.database = database;
        this.nodes = nodes;
        this.haProxy = haProxy;
    }

    /** Starts the database, then every node at once, then HAProxy once all nodes are ready. */
    public static Cluster start(Settings settings) {
        ClusterDatabase database = settings.databaseUrl().map(ClusterDatabase::external).orElseGet(() -> settings.dbReplicas() > 0
                ? ClusterDatabase.replicated(ReplicatedDatabase.start(settings.repo(), settings.dataDirectory(), settings.dbReplicas(),
                        settings.dbPort(), settings.logDirectory(), settings.throwawayData(), settings.haProxyOutput()))
                : ClusterDatabase.embedded(settings.dataDirectory(), settings.throwawayData()));
        List<ServiceNode> nodes = new ArrayList<>();
        try {
            ServiceNode.Launch launch = new ServiceNode.Launch(
                    settings.repo().resolve("service/target/quarkus-app/quarkus-run.jar"), List.of(), settings.jvmOptions(),
                    Map.of("quarkus.shutdown.delay", DRAIN_DELAY.toMillis() + "ms"), Map.of("DATABASE_URL", database.url()),
                    settings.repo(), settings.logDirectory());
            List<Integer> ports = settings.nodePorts();
            for (int i = 0; i < ports.size(); i++) {
                nodes.add(ServiceNode.start("node-" + (i + 1), ports.get(i), launch));
            }
            nodes.forEach(node -> node.awaitReady(START_TIMEOUT));
            HaProxy haProxy = HaProxy.start(
                    HaProxyConfig.render(settings.repo(), settings.frontPort(), settings.statsPort(), ports, settings.routing()),
                    settings.logDirectory().resolve("haproxy.cfg"), settings.frontPort(), settings.statsPort(), List.of(),
                    settings.haProxyOutput());
            return new Cluster(database, nodes, haProxy);
        } catch (RuntimeException e) {
            stop(nodes);
            database.close();
            throw e;
        }
    }

    public String frontUrl() {
        return "http://127.0.0.1:" + haProxy.port();
    }

    public List<ServiceNode> nodes() {
        return nodes;
    }

    public ServiceNode node(int number) {
        return nodes.get(number - 1);
    }

    public ClusterDatabase database() {
        return database;
    }

    public HaProxy haProxy() {
        return haProxy;
    }

    /** HAProxy first (no new requests), then every node at once, then the database. */
    @Override
    public void close() {
        haProxy.close();
        stop(nodes);
        database.close();
    }

    private static void stop(List<ServiceNode> nodes) {
        nodes.parallelStream().forEach(ServiceNode::close);
    }
}
