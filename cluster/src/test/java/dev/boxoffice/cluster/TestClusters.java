package dev.boxoffice.cluster;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.IntStream;

/**
 * A cluster for a test, as ./boxoffice run --nodes N starts it: packaged nodes on the embedded database behind HAProxy,
 * routed by hash, on free ports (the front port, then one per node, then HAProxy's counters), its logs in
 * cluster/target/{@code name}.
 */
final class TestClusters {

    static final Path REPO = Path.of(System.getProperty("boxoffice.repo", "..")).toAbsolutePath().normalize();

    private TestClusters() {
    }

    static Cluster start(String name, int nodes) throws IOException {
        return start(name, nodes, 0);
    }

    /** With {@code dbReplicas} (2 or more): on PostgreSQL replicated under pg_auto_failover, its ports free too. */
    static Cluster start(String name, int nodes, int dbReplicas) throws IOException {
        Path work = Files.createDirectories(REPO.resolve("cluster/target/" + name));
        int dbPort = dbReplicas == 0 ? 0 : block(dbReplicas + 3);
        return Cluster.start(new Cluster.Settings(REPO, nodes, block(nodes + 2), Routing.HASH, Optional.empty(), dbReplicas, dbPort,
                Files.createTempDirectory("boxoffice-" + name + "-"), true, work,
                List.of("@" + REPO.resolve("service/jvm.options")), ProcessBuilder.Redirect.appendTo(work.resolve("haproxy.log").toFile())));
    }

    /** A port whose next {@code count - 1} ports are free too. */
    private static int block(int count) {
        for (int attempt = 0; attempt < 100; attempt++) {
            int base = ThreadLocalRandom.current().nextInt(20_000, 40_000);
            if (IntStream.range(base, base + count).allMatch(TestClusters::isFree)) {
                return base;
            }
        }
        throw new IllegalStateException("no " + count + " consecutive free ports");
    }

    private static boolean isFree(int port) {
        try (ServerSocket socket = new ServerSocket(port)) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
