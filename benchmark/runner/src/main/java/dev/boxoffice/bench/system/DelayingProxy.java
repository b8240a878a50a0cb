package dev.boxoffice.bench.system;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.locks.LockSupport;

/**
 * A TCP proxy that delivers every byte a fixed time after it arrived, in each direction: a database on another
 * machine, for a machine whose kernel has no {@code tc netem}. Bytes keep their order and are never held back beyond
 * the delay (no bandwidth limit), so each round trip costs twice the delay more and nothing else. Each connection is
 * two virtual threads a direction: one reads and stamps, one waits until the stamp is due and writes.
 */
public final class DelayingProxy implements AutoCloseable {

    private record Chunk(long dueNanos, byte[] bytes) {
        static final Chunk END = new Chunk(0, new byte[0]);
    }

    private final ServerSocket server;
    private final InetSocketAddress target;
    private final long delayNanos;

    private DelayingProxy(ServerSocket server, InetSocketAddress target, Duration delay) {
        this.server = server;
        this.target = target;
        this.delayNanos = delay.toNanos();
    }

    /** Listens on a free port of the loopback and forwards to {@code target}, each way {@code delay} later. */
    public static DelayingProxy start(InetSocketAddress target, Duration delay) {
        if (delay.isNegative()) {
            throw new IllegalArgumentException("a delay cannot be negative: " + delay);
        }
        try {
            ServerSocket server = new ServerSocket(0, 512, InetAddress.getLoopbackAddress());
            DelayingProxy proxy = new DelayingProxy(server, target, delay);
            Thread.ofVirtual().name("delaying-proxy-accept").start(proxy::accept);
            return proxy;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot listen for the delaying proxy", e);
        }
    }

    /** {@code postgresql://user@host:port/db} with its host and port replaced by this proxy's. */
    public String urlThrough(String url) {
        URI uri = URI.create(url.replaceFirst("^postgres(ql)?://", "http://"));
        String scheme = url.substring(0, url.indexOf("://"));
        String userInfo = uri.getRawUserInfo() == null ? "" : uri.getRawUserInfo() + "@";
        String rest = uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
        return scheme + "://" + userInfo + "127.0.0.1:" + port() + rest;
    }

    /** The host and port of a {@code postgresql://} URL. */
    public static InetSocketAddress targetOf(String url) {
        URI uri = URI.create(url.replaceFirst("^postgres(ql)?://", "http://"));
        return new InetSocketAddress(uri.getHost(), uri.getPort() < 0 ? 5432 : uri.getPort());
    }

    public int port() {
        return server.getLocalPort();
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                client.setTcpNoDelay(true);
                Socket upstream = new Socket();
                upstream.connect(target, 5_000);
                upstream.setTcpNoDelay(true);
                pipe(client, upstream);
                pipe(upstream, client);
            } catch (IOException e) {
                // closed, or the target refused this one: its client sees the connection closed
            }
        }
    }

    private void pipe(Socket from, Socket to) {
        BlockingQueue<Chunk> queue = new LinkedBlockingQueue<>();
        Thread.ofVirtual().start(() -> read(from, queue));
        Thread.ofVirtual().start(() -> write(queue, from, to));
    }

    private void read(Socket from, BlockingQueue<Chunk> queue) {
        byte[] buffer = new byte[64 * 1024];
        try (InputStream in = from.getInputStream()) {
            for (int n; (n = in.read(buffer)) >= 0; ) {
                queue.add(new Chunk(System.nanoTime() + delayNanos, Arrays.copyOf(buffer, n)));
            }
        } catch (IOException e) {
            // the connection ended
        }
        queue.add(Chunk.END);
    }

    private static void write(BlockingQueue<Chunk> queue, Socket from, Socket to) {
        try (OutputStream out = to.getOutputStream()) {
            for (Chunk chunk = queue.take(); chunk != Chunk.END; chunk = queue.take()) {
                for (long wait; (wait = chunk.dueNanos() - System.nanoTime()) > 0; ) {
                    LockSupport.parkNanos(wait);
                }
                out.write(chunk.bytes());
            }
        } catch (IOException | InterruptedException e) {
            // the other side ended
        } finally {
            closeQuietly(from);
            closeQuietly(to);
        }
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            // closed already
        }
    }

    @Override
    public void close() {
        try {
            server.close();
        } catch (IOException e) {
            // closed already
        }
    }
}
