package dev.boxoffice.cluster;

import dev.boxoffice.postgres.PostgresUrl;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;

/**
 * A BoxOffice cluster on one machine: PostgreSQL (one server, or replicated ones behind a proxy), N service nodes on
 * the ports after the front port, HAProxy on the front port routing each show to one node and the waiting rooms' lines
 * to L line services ({@code deploy/haproxy/haproxy.cfg}); its counters, then the line services, then their way to
 * the nodes on the ports after the nodes'.
 */
public final class Cluster implements AutoCloseable {

    /**
     * How long a stopping node keeps serving while it reports not ready, so that HAProxy (a check every 0.5 s, two
     * failures: 1-1.5 s) takes it out before it stops accepting requests. 2 s was not enough on a starved host (nodes
     * starting in 16-27 s beside another test's three database servers): a rolling restart got four 503s.
     */
    public static final Duration DRAIN_DELAY = Duration.ofSeconds(3);

    private static final Duration START_TIMEOUT = Duration.ofSeconds(120);

    /** The packaged line service, relative to the repository. */
    public static final Path LINE_JAR = Path.of("line", "target", "boxoffice-line.jar");
    /** A line service's JVM options, relative to the repository (the image has its copy). */
    public static final Path LINE_JVM_OPTIONS = Path.of("line", "jvm.options");

    /** How a line service is started: reaching the nodes at {@code nodesUrl}, sharing their database's key. */
    public static ServiceNode.Launch lineLaunch(Path repo, List<String> commandPrefix, String nodesUrl, String databaseUrl,
            Path logDirectory) {
        return new ServiceNode.Launch(repo.resolve(LINE_JAR), commandPrefix, List.of("@" + repo.resolve(LINE_JVM_OPTIONS)),
                Map.of("line.nodes", nodesUrl),
                Map.of("DATABASE_URL", databaseUrl), repo, logDirectory, "line.port");
    }

    private final ClusterDatabase database;
    private final List<ServiceNode> nodes;
    private final List<ServiceNode> lines;
    private final HaProxy haProxy;
    /** Each node's links to the database, by its name; none unless asked for. */
    private final Map<String, List<DatabaseLink>> links;

    /**
     * @param repo          the repository: the packaged service, service/jvm.options and deploy/haproxy come from it
     * @param databaseUrl   an external PostgreSQL; empty: an embedded one on {@code dataDirectory}
     * @param databaseDirectUrl the same database without a pooler in transaction mode that {@code databaseUrl} goes
     *                      through (the nodes' DATABASE_DIRECT_URL: LISTEN, migrations); empty: none
     * @param dbReplicas    0: one server; 2 or more: that many standbys and a primary under pg_auto_failover, their
     *                      data under {@code dataDirectory}, behind a proxy on {@code dbPort} (the servers after it)
     * @param throwawayData delete the database's data when it stops (tests)
     * @param logDirectory  where each node writes NAME.log and HAProxy's configuration is written
     * @param jvmOptions    every node's JVM options
     * @param haProxyOutput where HAProxy's alerts go (nodes going down and up)
     * @param lines         line services serving the waiting rooms' lines; 0: the nodes serve them
     * @param databaseLinks each node reaches the database through a {@link DatabaseLink} of its own, which can be cut
     *                      ({@link #cutFromDatabase}): a partition between that node and PostgreSQL alone
     */
    public record Settings(Path repo, int nodes, int lines, int frontPort, Routing routing, Optional<String> databaseUrl,
            Optional<String> databaseDirectUrl, int dbReplicas, int dbPort, Path dataDirectory, boolean throwawayData, Path logDirectory, List<String> jvmOptions,
            ProcessBuilder.Redirect haProxyOutput, boolean databaseLinks) {

        public Settings {
            if (nodes < 1 || nodes > 32) {
                throw new IllegalArgumentException("a cluster has 1 to 32 nodes, not " + nodes);
            }
            if (databaseDirectUrl.isPresent() && databaseUrl.isEmpty()) {
                throw new IllegalArgumentException("DATABASE_DIRECT_URL goes with DATABASE_URL, the pooler's address");
            }
            if (dbReplicas > 0 && databaseUrl.isPresent()) {
                throw new IllegalArgumentException("--db-replicas runs its own PostgreSQL servers: unset DATABASE_URL");
            }
            if (lines < 0 || lines > 8) {
                throw new IllegalArgumentException("a cluster has 0 to 8 line services, not " + lines);
            }
            if (frontPort < 1 || frontPort + portsAfterFront() > 65535) {
                throw new IllegalArgumentException("the front port and the " + portsAfterFront() + " after it must be ports, not " + frontPort);
            }
        }

        List<Integer> nodePorts() {
            return IntStream.rangeClosed(1, nodes).map(i -> frontPort + i).boxed().toList();
        }

        /** HAProxy's counters, on the loopback: the port after the nodes'. */
        public int statsPort() {
            return frontPort + nodes + 1;
        }

        /** The line services' ports, after the counters', and the edge's port for them to reach the nodes, after theirs. */
        HaProxyConfig.Lines linePorts() {
            return lines == 0 ? HaProxyConfig.Lines.NONE : new HaProxyConfig.Lines(
                    IntStream.rangeClosed(1, lines).map(i -> statsPort() + i).boxed().toList(), statsPort() + lines + 1);
        }

        /** Ports used after the front port: nodes, counters, line services and their way to the nodes. */
        public int portsAfterFront() {
            return nodes + 1 + (lines == 0 ? 0 : lines + 1);
        }
    }

    private Cluster(ClusterDatabase database, List<ServiceNode> nodes, List<ServiceNode> lines, HaProxy haProxy,
            Map<String, List<DatabaseLink>> links) {
        this.database = database;
        this.nodes = nodes;
        this.lines = lines;
        this.haProxy = haProxy;
        this.links = links;
    }

    /** Starts the database, then every node at once, then the line services, then HAProxy once all are ready. */
    public static Cluster start(Settings settings) {
        ClusterDatabase database = settings.databaseUrl().map(url -> ClusterDatabase.external(url, settings.databaseDirectUrl())).orElseGet(() -> settings.dbReplicas() > 0
                ? ClusterDatabase.replicated(ReplicatedDatabase.start(settings.repo(), settings.dataDirectory(), settings.dbReplicas(),
                        settings.dbPort(), settings.logDirectory(), settings.throwawayData(), settings.haProxyOutput()))
                : ClusterDatabase.embedded(settings.dataDirectory(), settings.throwawayData()));
        List<ServiceNode> nodes = new ArrayList<>();
        List<ServiceNode> lines = new ArrayList<>();
        Map<String, List<DatabaseLink>> links = new HashMap<>();
        HaProxy haProxy = null;
        try {
            ServiceNode.Launch launch = new ServiceNode.Launch(
                    settings.repo().resolve("service/target/quarkus-app/quarkus-run.jar"), List.of(), settings.jvmOptions(),
                    Map.of("quarkus.shutdown.delay", DRAIN_DELAY.toMillis() + "ms"), database.environment(),
                    settings.repo(), settings.logDirectory());
            List<Integer> ports = settings.nodePorts();
            for (int i = 0; i < ports.size(); i++) {
                String name = "node-" + (i + 1);
                ServiceNode.Launch own = launch;
                if (settings.databaseLinks()) {
                    List<DatabaseLink> linked = new ArrayList<>();
                    links.put(name, linked);
                    own = launch.withEnvironment(linkedEnvironment(database.environment(), linked));
                }
                nodes.add(ServiceNode.start(name, ports.get(i), own));
            }
            nodes.forEach(node -> node.awaitReady(START_TIMEOUT));
            HaProxyConfig.Lines linePorts = settings.linePorts();
            ServiceNode.Launch lineLaunch = lineLaunch(settings.repo(), List.of(), "http://127.0.0.1:" + linePorts.nodesPort(),
                    database.url(), settings.logDirectory());
            for (int i = 0; i < linePorts.ports().size(); i++) {
                lines.add(ServiceNode.start("line-" + (i + 1), linePorts.ports().get(i), lineLaunch));
            }
            lines.forEach(line -> line.awaitReady(START_TIMEOUT));
            haProxy = HaProxy.start(
                    HaProxyConfig.render(settings.repo(), settings.frontPort(), settings.statsPort(), ports, linePorts, settings.routing()),
                    settings.logDirectory().resolve("haproxy.cfg"), settings.frontPort(), settings.statsPort(), List.of(),
                    settings.haProxyOutput());
            return new Cluster(database, nodes, lines, haProxy, links);
        } catch (RuntimeException e) {
            if (haProxy != null) {
                haProxy.close();
            }
            stop(lines);
            stop(nodes);
            links.values().forEach(linked -> linked.forEach(DatabaseLink::close));
            database.close();
            throw e;
        }
    }

    /** The database's URLs, each through a new link (added to {@code linked}). */
    private static Map<String, String> linkedEnvironment(Map<String, String> environment, List<DatabaseLink> linked) {
        Map<String, String> through = new HashMap<>(environment);
        environment.forEach((variable, url) -> {
            PostgresUrl target = PostgresUrl.parse(url);
            DatabaseLink link = DatabaseLink.open(target.host(), target.port());
            linked.add(link);
            through.put(variable, target.withPort(link.port()).url());
        });
        return Map.copyOf(through);
    }

    /** Cuts {@code node} off from the database (the edge still reaches it); see {@link DatabaseLink}. */
    public void cutFromDatabase(ServiceNode node) {
        linksOf(node).forEach(DatabaseLink::cut);
    }

    /** Heals {@link #cutFromDatabase}: the bytes that waited pass, or with {@code reset} the connections cut close. */
    public void healToDatabase(ServiceNode node, boolean reset) {
        linksOf(node).forEach(link -> link.heal(reset));
    }

    private List<DatabaseLink> linksOf(ServiceNode node) {
        List<DatabaseLink> linked = links.get(node.name());
        if (linked == null) {
            throw new IllegalStateException(node.name() + " has no link of its own to the database: start the cluster"
                    + " with databaseLinks");
        }
        return linked;
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

    /** The line services; none when the nodes serve the lines. */
    public List<ServiceNode> lines() {
        return lines;
    }

    public ClusterDatabase database() {
        return database;
    }

    public HaProxy haProxy() {
        return haProxy;
    }

    /** HAProxy first (no new requests), then the line services and every node at once, then the database. */
    @Override
    public void close() {
        haProxy.close();
        stop(lines);
        stop(nodes);
        links.values().forEach(linked -> linked.forEach(DatabaseLink::close));
        database.close();
    }

    private static void stop(List<ServiceNode> nodes) {
        nodes.parallelStream().forEach(ServiceNode::close);
    }
}
