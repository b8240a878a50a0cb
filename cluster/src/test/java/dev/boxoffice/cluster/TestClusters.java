package dev.boxoffice.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A cluster for a test, as ./boxoffice run --nodes N starts it: packaged nodes and a line service on the embedded
 * database behind HAProxy, routed by hash, on free ports (the front port, then one per node, then HAProxy's counters,
 * the line service and its way to the nodes), its logs in
 * cluster/target/{@code name}.
 */
final class TestClusters {

    /** The nodes' admin token: operators' controls are part of what the clusters are tested with. */
    static final String ADMIN_TOKEN = "cluster-admin-token";
    static final Path REPO = Path.of(System.getProperty("boxoffice.repo", "..")).toAbsolutePath().normalize();

    private TestClusters() {
    }

    static Cluster start(String name, int nodes) throws IOException {
        return start(name, nodes, 0);
    }

    /** With {@code dbReplicas} (2 or more): on PostgreSQL replicated under pg_auto_failover, its ports free too. */
    static Cluster start(String name, int nodes, int dbReplicas) throws IOException {
        Path work = Files.createDirectories(REPO.resolve("cluster/target/" + name));
        int dbPort = dbReplicas == 0 ? 0 : Ports.freeBlock(dbReplicas + 3);
        return Cluster.start(new Cluster.Settings(REPO, nodes, 1, Ports.freeBlock(nodes + 4), Routing.HASH, Optional.empty(), Optional.empty(), dbReplicas, dbPort,
                Files.createTempDirectory("boxoffice-" + name + "-"), true, work,
                List.of("@" + REPO.resolve("service/jvm.options"), "-Dboxoffice.admin.token=" + ADMIN_TOKEN), ProcessBuilder.Redirect.appendTo(work.resolve("haproxy.log").toFile()), false));
    }
}
