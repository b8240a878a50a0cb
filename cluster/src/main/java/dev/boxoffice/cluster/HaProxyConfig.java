package dev.boxoffice.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * HAProxy's configuration for a cluster: the reference file {@code deploy/haproxy/haproxy.cfg} with the cluster's front
 * port and one server line per node, so that what runs is what users read and take away.
 */
public final class HaProxyConfig {

    /** The reference configuration, relative to the repository. */
    public static final Path REFERENCE = Path.of("deploy", "haproxy", "haproxy.cfg");

    private static final Pattern BIND = Pattern.compile("^\\s+bind :\\d+$");
    private static final Pattern STATS_BIND = Pattern.compile("^\\s+bind 127\\.0\\.0\\.1:\\d+$");
    /** A node's server line; what follows its address (a {@code track nodes/node1}) is kept, renumbered. */
    private static final Pattern SERVER = Pattern.compile("^\\s+server node\\d+ \\S+(.*)$");
    private static final Pattern NODE_NAME = Pattern.compile("node\\d+");
    private static final Pattern BALANCE = Pattern.compile("^\\s+balance .*$");
    private static final Pattern HASH_TYPE = Pattern.compile("^\\s+hash-type .*$");
    private static final Pattern SECTION = Pattern.compile("^(frontend|backend|defaults|global)\\b.*$");
    /** A line service's server line: written once per line service, or, without them, once per node. */
    private static final Pattern LINE_SERVER = Pattern.compile("^\\s+server line\\d+ \\S+.*$");
    /** In the line backend, what only line services have: health checks of their own (a node's is tracked) and slots. */
    private static final Pattern NODE_SERVED_LINE_DROPS = Pattern.compile(
            "^\\s+(option httpchk|http-check|default-server|# A line service answers|# One line per line service|# Should every line service).*$");
    /** The frontend and backend of the line services' way to the nodes, left out without line services. */
    private static final String NODES_FOR_LINES = " nodes_for_lines";
    /** The backend of the tickets' streams to the line services, left out without them (the nodes' streams serve them). */
    private static final String LINE_STREAMS = "backend line_streams";
    private static final String WITH_LINE_SERVICES = "# with line services";

    private HaProxyConfig() {
    }

    /** Where the line services listen, and where they reach the nodes through the edge; none: the nodes serve the line. */
    public record Lines(List<Integer> ports, int nodesPort) {

        public static final Lines NONE = new Lines(List.of(), 0);
    }

    /** Reads the reference file of the repository at {@code repo} and renders it, the nodes serving the line. */
    public static String render(Path repo, int frontPort, int statsPort, List<Integer> nodePorts, Routing routing) {
        return render(repo, frontPort, statsPort, nodePorts, Lines.NONE, routing);
    }

    /** Reads the reference file of the repository at {@code repo} and renders it. */
    public static String render(Path repo, int frontPort, int statsPort, List<Integer> nodePorts, Lines lines, Routing routing) {
        try {
            return render(Files.readString(repo.resolve(REFERENCE)), frontPort, statsPort, nodePorts, lines, routing);
        } catch (IOException e) {
            throw new UncheckedIOException("could not read HAProxy's configuration " + repo.resolve(REFERENCE), e);
        }
    }

    public static String render(String reference, int frontPort, int statsPort, List<Integer> nodePorts, Routing routing) {
        return render(reference, frontPort, statsPort, nodePorts, Lines.NONE, routing);
    }

    /**
     * The reference text with HAProxy listening on {@code frontPort}, its counters on the loopback's {@code statsPort},
     * the nodes on localhost at {@code nodePorts}, and the line services as {@code lines} says. Without line services
     * the line backend is the nodes (each tracking its server in nodes, with its own 64 slots), and what only line
     * services need (lines marked {@code # with line services}, the frontend and backend {@code nodes_for_lines}, the
     * backend {@code line_streams}) is left out.
     */
    public static String render(String reference, int frontPort, int statsPort, List<Integer> nodePorts, Lines lines,
            Routing routing) {
        if (nodePorts.isEmpty()) {
            throw new IllegalArgumentException("a cluster needs at least one node");
        }
        boolean withLines = !lines.ports().isEmpty();
        List<String> out = new ArrayList<>();
        int binds = 0;
        int statsBinds = 0;
        int balances = 0;
        int serverBlocks = 0;
        boolean inServerBlock = false;
        String section = "";
        for (String line : reference.split("\n", -1)) {
            if (SECTION.matcher(line).matches()) {
                section = line.strip();
            }
            if ((section.endsWith(NODES_FOR_LINES) || section.equals(LINE_STREAMS)) && !withLines) {
                if (line.isBlank()) {
                    section = "";
                }
                dropCommentAbove(out);
                continue;
            }
            if (!withLines && line.endsWith(WITH_LINE_SERVICES)) {
                continue;
            }
            Matcher server = SERVER.matcher(line);
            Matcher lineServer = LINE_SERVER.matcher(line);
            if (server.matches() || lineServer.matches()) {
                if (!inServerBlock) { // a backend's server lines, written once per server from its first
                    if (lineServer.matches() && withLines) {
                        for (int i = 0; i < lines.ports().size(); i++) {
                            out.add("    server line" + (i + 1) + " 127.0.0.1:" + lines.ports().get(i));
                        }
                    } else {
                        String rest = server.matches() ? server.group(1) : " track nodes/node1";
                        for (int i = 0; i < nodePorts.size(); i++) {
                            out.add("    server node" + (i + 1) + " 127.0.0.1:" + nodePorts.get(i)
                                    + NODE_NAME.matcher(rest).replaceAll("node" + (i + 1)));
                        }
                    }
                    serverBlocks++;
                    inServerBlock = true;
                }
                continue;
            }
            inServerBlock = false;
            if (section.equals("backend line") && !withLines && NODE_SERVED_LINE_DROPS.matcher(line).matches()) {
                if (line.strip().startsWith("default-server")) {
                    out.add("    default-server maxconn 64");
                }
                continue;
            }
            if (BIND.matcher(line).matches()) {
                out.add("    bind :" + frontPort);
                binds++;
            } else if (STATS_BIND.matcher(line).matches()) {
                out.add("    bind 127.0.0.1:" + (section.endsWith(NODES_FOR_LINES) ? lines.nodesPort() : statsPort));
                statsBinds += section.endsWith(NODES_FOR_LINES) ? 0 : 1;
            } else if (BALANCE.matcher(line).matches()) {
                out.add(routing == Routing.HASH ? line : "    balance roundrobin");
                balances++;
            } else if (!(routing == Routing.ROUND_ROBIN && HASH_TYPE.matcher(line).matches())) {
                out.add(line);
            }
        }
        if (binds != 1 || statsBinds != 1 || balances < 1 || serverBlocks < 1) {
            throw new IllegalStateException(REFERENCE + " must have one 'bind :PORT' line, one 'bind 127.0.0.1:PORT' line"
                    + " (its counters), 'balance' lines and 'server nodeN' lines; found " + binds + " bind, " + statsBinds
                    + " counters' bind, " + balances + " balance lines, " + serverBlocks + " backends with servers");
        }
        return String.join("\n", out);
    }

    /** The comment block just written above a section left out. */
    private static void dropCommentAbove(List<String> out) {
        while (!out.isEmpty() && out.get(out.size() - 1).startsWith("#")) {
            out.remove(out.size() - 1);
        }
    }
}
