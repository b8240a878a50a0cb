package dev.boxoffice.bench.scenario.connections;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.net.NetClient;
import io.vertx.core.net.NetClientOptions;
import io.vertx.core.net.NetSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Connections opened at a rate, each sending one HTTP/1.1 request over a plain socket and keeping the connection if
 * the answer is a success: idle keep-alive clients, as many as asked, held until {@link #close}. Plain sockets, so that a
 * connection the server closes is seen as closed, whatever came before. Thread-safe: sockets run on the generator's
 * event loops.
 */
final class IdleConnections implements AutoCloseable {

    private static final int CONNECT_TIMEOUT_MILLIS = 10_000;

    private final Vertx vertx;
    private final URI base;
    private final NetClient client;
    private final Set<NetSocket> held = ConcurrentHashMap.newKeySet();
    private final AtomicLong refused = new AtomicLong();
    private final AtomicLong noAnswer = new AtomicLong();

    IdleConnections(Vertx vertx, URI base) {
        this.vertx = vertx;
        this.base = base;
        this.client = vertx.createNetClient(new NetClientOptions().setConnectTimeout(CONNECT_TIMEOUT_MILLIS)
                .setIdleTimeout(0));
    }

    /** Opens {@code count} connections, {@code perSecond} a second, each sending {@code method path}; done once all are answered. */
    Future<Void> open(String method, String path, int count, double perSecond) {
        Buffer request = Buffer.buffer(method + " " + path + " HTTP/1.1\r\nHost: " + base.getHost() + "\r\n\r\n",
                StandardCharsets.US_ASCII.name());
        Promise<Void> done = Promise.promise();
        long[] started = {0}; // touched by the timer's event loop only
        AtomicLong finished = new AtomicLong();
        long periodMillis = 10;
        double perTick = perSecond * periodMillis / 1000;
        double[] due = {0};
        vertx.setPeriodic(periodMillis, timer -> {
            due[0] += perTick;
            while (started[0] < count && started[0] < due[0]) {
                started[0]++;
                connect(request).onComplete(ignored -> {
                    if (finished.incrementAndGet() == count) {
                        done.complete();
                    }
                });
            }
            if (started[0] == count) {
                vertx.cancelTimer(timer);
            }
        });
        return done.future();
    }

    /** One connection and its request; completes when it is answered or closed. */
    private Future<Void> connect(Buffer request) {
        Promise<Void> answered = Promise.promise();
        client.connect(base.getPort(), base.getHost()).onComplete(connected -> {
            if (connected.failed()) {
                noAnswer.incrementAndGet();
                answered.complete();
                return;
            }
            NetSocket socket = connected.result();
            boolean[] seen = {false};
            socket.handler(bytes -> {
                if (!seen[0]) {
                    seen[0] = true;
                    String status = bytes.getString(0, Math.min(bytes.length(), 12), StandardCharsets.US_ASCII.name());
                    if (status.startsWith("HTTP/1.1 2")) {
                        held.add(socket);
                    } else {
                        refused.incrementAndGet();
                    }
                    answered.tryComplete();
                }
            });
            socket.closeHandler(closed -> {
                held.remove(socket);
                if (!seen[0]) {
                    noAnswer.incrementAndGet();
                    answered.tryComplete();
                }
            });
            socket.write(request);
        });
        return answered.future();
    }

    int held() {
        return held.size();
    }

    long refused() {
        return refused.get();
    }

    long noAnswer() {
        return noAnswer.get();
    }

    @Override
    public void close() {
        client.close().toCompletionStage().toCompletableFuture().join();
    }
}
