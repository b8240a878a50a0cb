package dev.boxoffice.bench.system;

import dev.boxoffice.bench.client.ShowsApi;
import dev.boxoffice.cluster.Cluster;
import dev.boxoffice.cluster.HaProxy;
import dev.boxoffice.cluster.HaProxyConfig;
import dev.boxoffice.cluster.Routing;
import dev.boxoffice.cluster.ServiceNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Function;

/**
 * What the stepped scenarios send their load to: one service JVM addressed directly, or nodes behind HAProxy
 * (deploy/haproxy/haproxy.cfg), every process of it on the service's cores.
 */
public final class ServiceTier implements AutoCloseable {

    private final String name;
    private final String baseUrl;
    private final JavaService direct;
    private final List<ServiceNode> nodes;
    private final HaProxy haProxy;
    private final double startMillis;

    private ServiceTier(String name, String baseUrl, JavaService direct, List<ServiceNode> nodes, HaProxy haProxy, double startMillis) {
        this.name = name;
        this.baseUrl = baseUrl;
        this.direct = direct;
        this.nodes = nodes;
        this.haProxy = haProxy;
        this.startMillis = startMillis;
    }

    public static ServiceTier direct(JavaService service) {
        return direct("1 node, direct", service);
    }

    /** One JVM addressed directly, under {@code name} in the report (a variant's name). */
    public static ServiceTier direct(String name, JavaService service) {
        return new ServiceTier(name, service.baseUrl(), service, List.of(), null, service.startMillis());
    }

    /**
     * Starts {@code count} nodes at once under {@code nodePrefix} (their cores and CPU quota) and HAProxy in front of
     * them under {@code haProxyPrefix} (the same cores, outside the nodes' quota: the edge is not the service);
     * {@code jvmOptions} gives each node's JVM options by its name. Start time: from spawning the nodes to HAProxy
     * listening.
     */
    public static ServiceTier behindHaProxy(int count, Routing routing, Path repo, Path jar, Function<String, List<String>> jvmOptions,
            String databaseUrl, List<String> nodePrefix, List<String> haProxyPrefix, Path logDirectory) {
        long spawned = System.nanoTime();
        List<ServiceNode> nodes = new ArrayList<>();
        List<Integer> ports = new ArrayList<>();
        int frontPort = JavaService.freePort();
        try {
            for (int i = 1; i <= count; i++) {
                String nodeName = "boxoffice-node-" + i;
                ServiceNode.Launch launch = new ServiceNode.Launch(jar, nodePrefix, jvmOptions.apply(nodeName),
                        Map.of("quarkus.shutdown.delay", Cluster.DRAIN_DELAY.toMillis() + "ms"),
                        Map.of("DATABASE_URL", databaseUrl, "BOXOFFICE_ADMIN_TOKEN", ShowsApi.ADMIN_TOKEN), logDirectory, logDirectory);
                int port = JavaService.freePort();
                ServiceNode node = ServiceNode.start(nodeName, port, launch);
                nodes.add(node);
                ports.add(port);
                StopOnExit.started(node);
            }
            nodes.forEach(node -> node.awaitReady(Duration.ofSeconds(120)));
            int statsPort = JavaService.freePort();
            HaProxy haProxy = HaProxy.start(HaProxyConfig.render(repo, frontPort, statsPort, ports, routing),
                    logDirectory.resolve("haproxy-" + count + "-nodes.cfg"), frontPort, statsPort, haProxyPrefix,
                    ProcessBuilder.Redirect.appendTo(logDirectory.resolve("haproxy.log").toFile()));
            StopOnExit.started(haProxy);
            String name = count + (count == 1 ? " node" : " nodes") + " through HAProxy" + (count > 1 ? ", " + routing : "");
            return new ServiceTier(name, "http://127.0.0.1:" + frontPort, null, nodes, haProxy, (System.nanoTime() - spawned) / 1e6);
        } catch (RuntimeException e) {
            nodes.forEach(ServiceTier::stop);
            throw e;
        }
    }

    /** For the report: "1 node, direct", "3 nodes through HAProxy, hash". */
    public String name() {
        return name;
    }

    public String baseUrl() {
        return baseUrl;
    }

    public double startMillis() {
        return startMillis;
    }

    public List<ServiceNode> nodes() {
        return nodes;
    }

    /** Where each service JVM answers directly: its metrics are read there. */
    public List<String> nodeUrls() {
        return direct != null ? List.of(direct.baseUrl()) : nodes.stream().map(ServiceNode::baseUrl).toList();
    }

    /** Points {@code resources} at this tier's processes. */
    public void measuredBy(Resources resources) {
        if (direct != null) {
            resources.service(direct.pid());
        } else {
            resources.serviceTier(nodes.stream().map(ServiceNode::pid).toList(), OptionalLong.of(haProxy.pid()));
        }
    }

    public OptionalLong haProxyPid() {
        return haProxy == null ? OptionalLong.empty() : OptionalLong.of(haProxy.pid());
    }

    /** The single JVM's pid when addressed directly (profiling attaches to it). */
    public Optional<Long> directPid() {
        return Optional.ofNullable(direct).map(JavaService::pid);
    }

    @Override
    public void close() {
        if (haProxy != null && StopOnExit.stopping(haProxy)) {
            haProxy.close();
        }
        nodes.parallelStream().forEach(ServiceTier::stop);
        if (direct != null) {
            direct.close();
        }
    }

    private static void stop(ServiceNode node) {
        StopOnExit.stopping(node);
        node.close();
    }
}
