package dev.boxoffice.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HaProxyConfigTest {

    private static final Path REPO = Path.of(System.getProperty("boxoffice.repo", "..")).toAbsolutePath();

    @Test
    void theReferenceFileGetsTheClustersPortAndOneServerLinePerNodeInEachBackend() {
        String config = HaProxyConfig.render(REPO, 9000, 9100, List.of(9001, 9002), Routing.HASH);

        // nodes, then line and streams, which follow the health of the same server of nodes
        assertThat(config.lines().filter(line -> line.strip().startsWith("server ")).map(String::strip)).containsExactly(
                "server node1 127.0.0.1:9001", "server node2 127.0.0.1:9002",
                "server node1 127.0.0.1:9001 track nodes/node1", "server node2 127.0.0.1:9002 track nodes/node2",
                "server node1 127.0.0.1:9001 track nodes/node1", "server node2 127.0.0.1:9002 track nodes/node2");
        assertThat(config).contains("    bind :9000\n", "    bind 127.0.0.1:9100\n", "    balance hash var(txn.show)\n", "    hash-type consistent\n")
                .doesNotContain(":8080", ":8083");
    }

    @Test
    void lineServicesServeTheLineAndReachTheNodesThroughAFrontendOfTheirOwn() {
        String config = HaProxyConfig.render(REPO, 9000, 9100, List.of(9001, 9002),
                new HaProxyConfig.Lines(List.of(9004, 9005), 9006), Routing.HASH);

        assertThat(config.lines().filter(line -> line.strip().startsWith("server ")).map(String::strip)).containsExactly(
                "server node1 127.0.0.1:9001", "server node2 127.0.0.1:9002",
                "server line1 127.0.0.1:9004", "server line2 127.0.0.1:9005",
                "server node1 127.0.0.1:9001 track nodes/node1 no-check backup maxconn 64 # with line services",
                "server node2 127.0.0.1:9002 track nodes/node2 no-check backup maxconn 64 # with line services",
                "server line1 127.0.0.1:9004", "server line2 127.0.0.1:9005",
                "server node1 127.0.0.1:9001 track nodes/node1 no-check backup",
                "server node2 127.0.0.1:9002 track nodes/node2 no-check backup",
                "server node1 127.0.0.1:9001 track nodes/node1", "server node2 127.0.0.1:9002 track nodes/node2",
                "server node1 127.0.0.1:9001 track nodes/node1", "server node2 127.0.0.1:9002 track nodes/node2");
        assertThat(config).contains("frontend nodes_for_lines\n    bind 127.0.0.1:9006\n    default_backend nodes_for_lines\n",
                "    bind 127.0.0.1:9100\n", "use_backend line_streams if METH_GET { path_reg ^/shows/[^/]+/queue/[^/]+/stream$ } # with line services\n");
        // A ticket's stream is open as long as its page: it takes none of the line services' slots, or a thousand
        // pages would leave a line service none for joins and polls.
        String streams = config.substring(config.indexOf("\nbackend line_streams\n"), config.indexOf("\nbackend streams\n"));
        assertThat(streams).contains("server line1 127.0.0.1:9004").doesNotContain("maxconn", "timeout queue");
        assertThat(HaProxyConfig.render(REPO, 9000, 9100, List.of(9001), Routing.HASH))
                .as("without line services").doesNotContain("nodes_for_lines", "line_streams", "with line services", "line1", "httpchk GET /q/health/ready\n    http-check expect status 200\n    default-server check inter 500ms fall 2 rise 2 maxconn 1000");
    }

    @Test
    void roundRobinReplacesTheHash() {
        String config = HaProxyConfig.render(REPO, 9000, 9100, List.of(9001, 9002, 9003), Routing.ROUND_ROBIN);

        assertThat(config).contains("    balance roundrobin\n").doesNotContain("hash-type", "balance hash");
    }

    @Test
    void everyRenderingIsAConfigurationHaProxyAccepts(@TempDir Path directory) throws Exception {
        Path binary = HaProxy.binary().orElseThrow(() -> new AssertionError("HAProxy is not installed: ./boxoffice test installs it"));
        for (Routing routing : Routing.values()) {
            for (var lines : List.of(HaProxyConfig.Lines.NONE, new HaProxyConfig.Lines(List.of(9004), 9005))) {
                Path file = Files.writeString(directory.resolve(routing + ".cfg"),
                        HaProxyConfig.render(REPO, 9000, 9100, List.of(9001, 9002), lines, routing));
                Process check = new ProcessBuilder(binary.toString(), "-c", "-f", file.toString()).redirectErrorStream(true).start();
                String output = new String(check.getInputStream().readAllBytes());
                assertThat(check.waitFor()).as(output).isZero();
            }
        }
    }

    @Test
    void aReferenceFileWithoutTheLinesToReplaceIsRefused() {
        assertThatThrownBy(() -> HaProxyConfig.render("defaults\n    mode http\n", 9000, 9100, List.of(9001), Routing.HASH))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("server nodeN");
    }
}
