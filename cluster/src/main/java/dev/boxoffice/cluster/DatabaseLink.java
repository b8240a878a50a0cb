package dev.boxoffice.cluster;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One node's own way to its database: a TCP relay that can be cut, as a network partition cuts a node off while the
 * edge still reaches it, and healed. Cut, it relays nothing either way and connects nothing new: the bytes wait (in
 * its buffers, and in the kernel's as TCP's would while it retransmits), so that healed, the link delivers them late;
 * healed with a reset, the connections that were cut are closed instead, as a partition that outlasts TCP's patience
 * ends them. TLS and SCRAM pass through untouched: the node still names the server's host.
 */
public final class DatabaseLink implements AutoCloseable {

    private final String host;
    private final int port;
    private final ServerSocket server;
    private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();
    private final Object gate = new Object();
    private boolean cut;

    private DatabaseLink(String host, int port, ServerSocket server) {
        this.host = host;
        this.port = port;
        this.server = server;
    }

    /** A link to {@code host:port}, listening on a free port of the same address. */
    public static DatabaseLink open(String host, int port) {
        try {
            ServerSocket server = new ServerSocket();
            server.bind(new InetSocketAddress(InetAddress.getByName(host), 0));
            DatabaseLink link = new DatabaseLink(host, port, server);
            Thread.ofVirtual().name("database-link-" + server.getLocalPort()).start(link::accept);
            return link;
        } catch (IOException e) {
            throw new UncheckedIOException("a link to the database at " + host + ":" + port + " could not listen", e);
        }
    }

    /** The port the node connects to instead of the database's. */
    public int port() {
        return server.getLocalPort();
    }

    /** From now on nothing passes, either way, and no new connection reaches the database. */
    public void cut() {
        synchronized (gate) {
            cut = true;
        }
    }

    /** Lets the bytes that waited through; with {@code reset}, closes the connections that were cut instead. */
    public void heal(boolean reset) {
        if (reset) {
            sockets.forEach(DatabaseLink::closeQuietly);
        }
        synchronized (gate) {
            cut = false;
            gate.notifyAll();
        }
    }

    @Override
    public void close() {
        closeQuietly(server);
        heal(true);
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket node = server.accept();
                sockets.add(node);
                Thread.ofVirtual().start(() -> connect(node));
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void connect(Socket node) {
        try {
            awaitOpen();
            if (node.isClosed()) {
                sockets.remove(node);
                return; // reset while it waited
            }
            Socket database = new Socket(host, port);
            sockets.add(database);
            Thread.ofVirtual().start(() -> relay(database, node));
            relay(node, database);
        } catch (IOException | InterruptedException e) {
            closeQuietly(node);
            sockets.remove(node);
        }
    }

    /** Copies {@code from} to {@code to}, each chunk waiting while the link is cut; then closes both. */
    private void relay(Socket from, Socket to) {
        byte[] buffer = new byte[16 * 1024];
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
                awaitOpen();
                out.write(buffer, 0, read);
            }
        } catch (IOException | InterruptedException closed) {
            // either side gone: both go
        } finally {
            closeQuietly(from);
            closeQuietly(to);
            sockets.remove(from);
            sockets.remove(to);
        }
    }

    private void awaitOpen() throws InterruptedException {
        synchronized (gate) {
            while (cut) {
                gate.wait();
            }
        }
    }

    private static void closeQuietly(AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (Exception ignored) {
            // closing what is closing anyway
        }
    }
}
