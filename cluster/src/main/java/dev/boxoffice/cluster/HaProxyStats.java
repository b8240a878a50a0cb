package dev.boxoffice.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The edge's own counters, from HAProxy's statistics page in CSV ({@code frontend stats} of deploy/haproxy/haproxy.cfg):
 * who refused what, counted where it happened rather than guessed from the answers' bodies. Counters only grow while
 * HAProxy runs; take the difference of two readings for a phase ({@link #minus}).
 *
 * @param requests    HTTP requests the edge's front end received
 * @param refusedByEdge  503s the edge made itself: a request that waited its turn in a node's queue past
 *                       {@code timeout queue}, or found no node up
 * @param rateLimited 429s the edge made for clients over their rate
 * @param fromNodes   answers the nodes sent (any status)
 * @param nodes503    503s among them: refusals by the nodes themselves
 * @param maxQueued   the most requests that waited at once in one node's queue (not a counter: the highest since start)
 * @param fromLines   answers the line services sent (any status); a line service's own requests to the nodes are
 *                    among {@code fromNodes}
 * @param lineFallbacks answers the nodes sent for the line services while none passed its checks (the line's
 *                    backup), among {@code fromNodes}
 */
public record HaProxyStats(long requests, long refusedByEdge, long rateLimited, long fromNodes, long nodes503, long maxQueued,
        long fromLines, long lineFallbacks) {

    private static final String FRONTEND = "boxoffice";
    /**
     * The backends (deploy/haproxy/haproxy.cfg): requests, a waiting room's, streams, the line services' own requests;
     * their servers nodeN and lineN.
     */
    private static final Set<String> BACKENDS = Set.of("nodes", "line", "streams", "nodes_for_lines");

    /** Reads the counters of the HAProxy whose statistics page answers on the loopback's {@code statsPort}. */
    public static HaProxyStats read(int statsPort) {
        try (HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build()) {
            HttpResponse<String> response = client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + statsPort + "/stats;csv"))
                    .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new IllegalStateException("HAProxy's statistics answered " + response.statusCode());
            }
            return parse(response.body());
        } catch (IOException e) {
            throw new UncheckedIOException("could not read HAProxy's statistics on port " + statsPort, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Parses the statistics page's CSV: a header line {@code # pxname,svname,...}, then a line per proxy and server. */
    static HaProxyStats parse(String csv) {
        List<String> lines = csv.lines().filter(line -> !line.isBlank()).toList();
        if (lines.isEmpty() || !lines.getFirst().startsWith("# ")) {
            throw new IllegalStateException("not HAProxy's statistics CSV: " + csv.lines().findFirst().orElse(""));
        }
        String[] names = lines.getFirst().substring(2).split(",", -1);
        List<Map<String, String>> rows = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] values = line.split(",", -1);
            Map<String, String> row = new HashMap<>();
            for (int i = 0; i < Math.min(names.length, values.length); i++) {
                row.put(names[i], values[i]);
            }
            rows.add(row);
        }
        Map<String, String> front = rows.stream().filter(r -> FRONTEND.equals(r.get("pxname")) && "FRONTEND".equals(r.get("svname")))
                .findFirst().orElseThrow(() -> new IllegalStateException("HAProxy's statistics have no front end " + FRONTEND));
        List<Map<String, String>> servers = rows.stream().filter(r -> BACKENDS.contains(r.get("pxname"))
                && !"BACKEND".equals(r.get("svname")) && !"FRONTEND".equals(r.get("svname"))).toList();
        long nodes503 = 0;
        long fromNodes = 0;
        long fromLines = 0;
        long lines503 = 0;
        long lineFallbacks = 0;
        long maxQueued = 0;
        for (Map<String, String> server : servers) {
            long answers = number(server, "hrsp_1xx") + number(server, "hrsp_2xx") + number(server, "hrsp_3xx")
                    + number(server, "hrsp_4xx") + number(server, "hrsp_5xx");
            if (server.get("svname").startsWith("line")) {
                fromLines += answers;
                lines503 += number(server, "hrsp_5xx");
            } else {
                fromNodes += answers;
                nodes503 += number(server, "hrsp_5xx");
                lineFallbacks += "line".equals(server.get("pxname")) ? answers : 0;
                maxQueued = Math.max(maxQueued, number(server, "qmax"));
            }
        }
        return new HaProxyStats(number(front, "req_tot"), number(front, "hrsp_5xx") - nodes503 - lines503, number(front, "dreq"),
                fromNodes, nodes503, maxQueued, fromLines, lineFallbacks);
    }

    /** What happened between {@code earlier} and this reading (the queue's high-water mark is kept as read last). */
    public HaProxyStats minus(HaProxyStats earlier) {
        return new HaProxyStats(requests - earlier.requests, refusedByEdge - earlier.refusedByEdge,
                rateLimited - earlier.rateLimited, fromNodes - earlier.fromNodes, nodes503 - earlier.nodes503, maxQueued,
                fromLines - earlier.fromLines, lineFallbacks - earlier.lineFallbacks);
    }

    private static long number(Map<String, String> row, String name) {
        String value = row.getOrDefault(name, "");
        return value.isEmpty() ? 0 : Long.parseLong(value);
    }
}
