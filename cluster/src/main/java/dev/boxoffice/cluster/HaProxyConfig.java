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

    private HaProxyConfig() {
    }

    /** Reads the reference file of the repository at {@code repo} and renders it. */
    public static String render(Path repo, int frontPort, int statsPort, List<Integer> nodePorts, Routing routing) {
        try {
            return render(Files.readString(repo.resolve(REFERENCE)), frontPort, statsPort, nodePorts, routing);
        } catch (IOException e) {
            throw new UncheckedIOException("could not read HAProxy's configuration " + repo.resolve(REFERENCE), e);
        }
    }

    /**
     * The reference text with HAProxy listening on {@code frontPort}, its counters on the loopback's {@code statsPort},
     * and the nodes on localhost at {@code nodePorts}.
     */
    public static String render(String reference, int frontPort, int statsPort, List<Integer> nodePorts, Routing routing) {
        if (nodePorts.isEmpty()) {
            throw new IllegalArgumentException("a cluster needs at least one node");
        }
        List<String> out = new ArrayList<>();
        int binds = 0;
        int statsBinds = 0;
        int balances = 0;
        int serverBlocks = 0;
        boolean inServerBlock = false;
        for (String line : reference.split("\n", -1)) {
            Matcher server = SERVER.matcher(line);
            if (server.matches()) {
                if (!inServerBlock) { // a backend's server lines, written once per node from its first
                    for (int i = 0; i < nodePorts.size(); i++) {
                        out.add("    server node" + (i + 1) + " 127.0.0.1:" + nodePorts.get(i)
                                + NODE_NAME.matcher(server.group(1)).replaceAll("node" + (i + 1)));
                    }
                    serverBlocks++;
                    inServerBlock = true;
                }
                continue;
            }
            inServerBlock = false;
            if (BIND.matcher(line).matches()) {
                out.add("    bind :" + frontPort);
                binds++;
            } else if (STATS_BIND.matcher(line).matches()) {
                out.add("    bind 127.0.0.1:" + statsPort);
                statsBinds++;
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
}
