package dev.boxoffice.http;

import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;

/**
 * One open server-sent event stream, confined to its connection's event loop. Its frames are written as they come;
 * the bytes its client has not taken yet are bounded twice, per stream ({@code maxPendingBytes}) and across all
 * streams ({@link StreamBudget}). Past either bound the stream ends with an {@code end} event naming why, and if its
 * client does not take even that, the connection is closed: a slow reader is dropped, never buffered for.
 */
final class SseConnection {

    /** How long a dropped stream's client gets to take its last frame before the connection is closed anyway. */
    private static final long CLOSE_AFTER_END_MILLIS = 5_000;

    private final Vertx vertx;
    private final RoutingContext http;
    private final HttpServerResponse response;
    private final Context context;
    private final StreamBudget budget;
    private final long maxPendingBytes;
    private final SeatFrames frames;
    private final Runnable onDrop;
    private final LoopHandoff handoff;
    private final Thread loop;
    // Confined to the context:
    private long pendingBytes;
    private boolean ended;
    private long heartbeatTimer = -1;
    private Runnable onClose = () -> { };

    /** Made on the connection's event loop. */
    SseConnection(Vertx vertx, RoutingContext http, Context context, StreamBudget budget, long maxPendingBytes,
            SeatFrames frames, Runnable onDrop, LoopHandoff handoff) {
        this.vertx = vertx;
        this.http = http;
        this.response = http.response();
        this.context = context;
        this.budget = budget;
        this.maxPendingBytes = maxPendingBytes;
        this.frames = frames;
        this.onDrop = onDrop;
        this.handoff = handoff;
        this.loop = Thread.currentThread();
    }

    /**
     * Sends the response's head and {@code first}, whose bytes the caller charged to the budget already
     * ({@code charged}, released once they are written), then a comment every {@code heartbeatMillis}.
     * {@code onClose} runs once, when the connection closes for whatever reason.
     */
    void open(Buffer first, long charged, long heartbeatMillis, Runnable onClose) {
        this.onClose = onClose;
        response.closeHandler(v -> closed());
        response.setChunked(true).setStatusCode(200)
                .putHeader("Content-Type", "text/event-stream; charset=utf-8")
                .putHeader("Cache-Control", "no-store")
                .putHeader("X-Accel-Buffering", "no"); // proxies that buffer answers must not buffer this one
        int length = first.length();
        pendingBytes += length;
        response.write(first).onComplete(written -> {
            pendingBytes -= length;
            budget.release(charged);
        });
        heartbeatTimer = vertx.setPeriodic(heartbeatMillis, t -> write(SeatFrames.HEARTBEAT));
    }

    /** Writes {@code frames}, from any thread. */
    void send(Buffer frames) {
        if (frames.length() > 0) {
            handoff.run(loop, context, () -> write(frames));
        }
    }

    private void write(Buffer frame) {
        if (ended) {
            return;
        }
        int length = frame.length();
        if (pendingBytes > 0 && pendingBytes + length > maxPendingBytes) {
            drop("SLOW_READER");
            return;
        }
        if (!budget.tryCharge(length)) {
            drop("STREAMS_MEMORY_FULL");
            return;
        }
        pendingBytes += length;
        response.write(frame).onComplete(written -> {
            pendingBytes -= length;
            budget.release(length);
        });
    }

    private void drop(String reason) {
        onDrop.run();
        closed(); // the stream is over now: an ended response is not told when its connection closes
        // The connection is not kept for another request: it closes once the end is written, or after a grace period.
        long closeTimer = vertx.setTimer(CLOSE_AFTER_END_MILLIS, t -> http.request().connection().close());
        response.end(frames.end(reason)).onComplete(written -> {
            vertx.cancelTimer(closeTimer);
            http.request().connection().close();
        });
    }

    private void closed() {
        vertx.cancelTimer(heartbeatTimer);
        ended = true;
        Runnable close = onClose;
        onClose = () -> { };
        close.run();
    }
}
