package dev.boxoffice.bench.run;

import dev.boxoffice.bench.system.Cpus;
import dev.boxoffice.bench.system.JavaService;
import dev.boxoffice.bench.system.StopOnExit;
import dev.boxoffice.cluster.Cluster;
import dev.boxoffice.cluster.HaProxy;
import dev.boxoffice.cluster.HaProxyConfig;
import dev.boxoffice.cluster.HaProxyStats;
import dev.boxoffice.cluster.Routing;
import dev.boxoffice.cluster.ServiceNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;

/**
 * The edge in front of the run's service: HAProxy with deploy/haproxy/haproxy.cfg, as {@code ./boxoffice run --nodes 1}
 * starts it, so that a scenario can send the same load straight to the service and through the edge in one run. On
 * the service's cores but outside its CPU quota: an edge runs on machines of its own, and a quota stands for the
 * service's share alone.
 */
public final class Edge implements AutoCloseable {

    private final HaProxy haProxy;
    private final List<ServiceNode> lines;

    private Edge(HaProxy haProxy, List<ServiceNode> lines) {
        this.haProxy = haProxy;
        this.lines = lines;
    }

    /**
     * Starts the edge in front of the run's service; empty (with a note in the run) when the service is not one JVM
     * this run started (several nodes are behind HAProxy already; --target is someone else's) or HAProxy is missing.
     */
    public static Optional<Edge> inFront(Run run, String scenario) {
        return inFront(run, scenario, 0);
    }

    /** The same, with {@code lineServices} line services serving the waiting rooms' lines (0: the node serves them). */
    public static Optional<Edge> inFront(Run run, String scenario, int lineServices) {
        if (run.tier() == null || run.tier().directPid().isEmpty()) {
            run.note(scenario + ": the load through the edge was skipped: the run's service is not one node it started"
                    + " (with --nodes the load goes through HAProxy already; with --target it is another server).");
            return Optional.empty();
        }
        if (HaProxy.binary().isEmpty()) {
            run.note(scenario + ": the load through the edge was skipped: HAProxy is not installed (apt-get install haproxy).");
            return Optional.empty();
        }
        String nodeUrl = run.tier().nodeUrls().getFirst();
        return Optional.of(start(run, Integer.parseInt(nodeUrl.substring(nodeUrl.lastIndexOf(':') + 1)), lineServices));
    }

    /** HAProxy in front of the node listening on {@code nodePort}, with {@code lineServices} line services behind it. */
    static Edge start(Run run, int nodePort, int lineServices) {
        int port = JavaService.freePort();
        int statsPort = JavaService.freePort();
        HaProxyConfig.Lines linePorts = new HaProxyConfig.Lines(
                IntStream.range(0, lineServices).map(i -> JavaService.freePort()).boxed().toList(),
                lineServices == 0 ? 0 : JavaService.freePort());
        List<ServiceNode> lines = new ArrayList<>();
        if (lineServices > 0) {
            ServiceNode.Launch launch = Cluster.lineLaunch(run.repository(), run.pinning().prefix(run.pinning().loadGenerator()),
                    "http://127.0.0.1:" + linePorts.nodesPort(), run.database().get().url(), run.bench().logDirectory());
            for (int i = 0; i < lineServices; i++) {
                ServiceNode line = ServiceNode.start("line-" + (i + 1), linePorts.ports().get(i), launch);
                StopOnExit.started(line);
                lines.add(line);
            }
            lines.forEach(line -> line.awaitReady(Duration.ofSeconds(60)));
        }
        HaProxy haProxy = HaProxy.start(HaProxyConfig.render(run.repository(), port, statsPort, List.of(nodePort), linePorts, Routing.HASH),
                run.bench().logDirectory().resolve("haproxy-edge.cfg"), port, statsPort,
                run.pinning().edgePrefix(),
                ProcessBuilder.Redirect.appendTo(run.bench().logDirectory().resolve("haproxy-edge.log").toFile()));
        StopOnExit.started(haProxy);
        return new Edge(haProxy, lines);
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + haProxy.port();
    }

    /** The edge's own counters: requests, its refusals, the nodes' answers. */
    public HaProxyStats stats() {
        return haProxy.stats();
    }

    /** The line services behind the edge. */
    public int lineServices() {
        return lines.size();
    }

    /** The CPU the line services spent so far, in seconds: user and system time from /proc. */
    public double lineCpuSeconds() {
        return lines.stream().mapToDouble(line -> Cpus.cpuSeconds(line.pid())).sum();
    }

    /** The first line service, which a scenario may load alone (empty without line services). */
    public Optional<ServiceNode> firstLine() {
        return lines.stream().findFirst();
    }

    @Override
    public void close() {
        haProxy.close();
        lines.forEach(ServiceNode::close);
    }
}
