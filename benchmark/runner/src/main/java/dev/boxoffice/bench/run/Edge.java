package dev.boxoffice.bench.run;

import dev.boxoffice.bench.system.JavaService;
import dev.boxoffice.bench.system.StopOnExit;
import dev.boxoffice.cluster.HaProxy;
import dev.boxoffice.cluster.HaProxyConfig;
import dev.boxoffice.cluster.HaProxyStats;
import dev.boxoffice.cluster.Routing;
import java.util.List;
import java.util.Optional;

/**
 * The edge in front of the run's service: HAProxy with deploy/haproxy/haproxy.cfg, as {@code ./boxoffice run --nodes 1}
 * starts it, so that a scenario can send the same load straight to the service and through the edge in one run. On
 * the service's cores but outside its CPU quota: an edge runs on machines of its own, and a quota stands for the
 * service's share alone.
 */
public final class Edge implements AutoCloseable {

    private final HaProxy haProxy;

    private Edge(HaProxy haProxy) {
        this.haProxy = haProxy;
    }

    /**
     * Starts the edge in front of the run's service; empty (with a note in the run) when the service is not one JVM
     * this run started (several nodes are behind HAProxy already; --target is someone else's) or HAProxy is missing.
     */
    public static Optional<Edge> inFront(Run run, String scenario) {
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
        int nodePort = Integer.parseInt(nodeUrl.substring(nodeUrl.lastIndexOf(':') + 1));
        int port = JavaService.freePort();
        int statsPort = JavaService.freePort();
        HaProxy haProxy = HaProxy.start(HaProxyConfig.render(run.repository(), port, statsPort, List.of(nodePort), Routing.HASH),
                run.bench().logDirectory().resolve("haproxy-edge.cfg"), port, statsPort,
                run.pinning().edgePrefix(),
                ProcessBuilder.Redirect.appendTo(run.bench().logDirectory().resolve("haproxy-edge.log").toFile()));
        StopOnExit.started(haProxy);
        return Optional.of(new Edge(haProxy));
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + haProxy.port();
    }

    /** The edge's own counters: requests, its refusals, the nodes' answers. */
    public HaProxyStats stats() {
        return haProxy.stats();
    }

    @Override
    public void close() {
        haProxy.close();
    }
}
